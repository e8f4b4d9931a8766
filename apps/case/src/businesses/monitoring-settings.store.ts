import type { Knex } from '@kyb/db';
import { DEFAULT_MONITORING_SETTINGS, type MonitoringFrequency, type MonitoringSettings } from '@kyb/area-views';

const TABLE = 'cases.monitoring_settings';

/** A customer's monitoring settings as stored; `updatedAt` null while it set none (the defaults apply). */
export interface StoredMonitoringSettings extends MonitoringSettings {
  updatedAt: Date | null;
}

type Row = { frequency: MonitoringFrequency; score_change_alert_points: number; updated_at: Date };

const toSettings = (row: Row | undefined): StoredMonitoringSettings =>
  row
    ? { frequency: row.frequency, scoreChangeAlertPoints: row.score_change_alert_points, updatedAt: row.updated_at }
    : { ...DEFAULT_MONITORING_SETTINGS, updatedAt: null };

/** SQL of customers' monitoring settings (issue 12). */
export function createPgMonitoringSettingsStore(db: Knex) {
  return {
    /** The customer's settings, or the defaults while it set none. */
    async find(customerId: string): Promise<StoredMonitoringSettings> {
      return toSettings(await db(TABLE).where({ customer_id: customerId }).first());
    },
    /** Sets the customer's settings in `trx`, answering them as stored. */
    async put(trx: Knex, input: { customerId: string; settings: MonitoringSettings; by: string; at: Date }): Promise<StoredMonitoringSettings> {
      const [row] = await trx(TABLE)
        .insert({
          customer_id: input.customerId,
          frequency: input.settings.frequency,
          score_change_alert_points: input.settings.scoreChangeAlertPoints,
          updated_at: input.at,
          updated_by: input.by,
        })
        .onConflict('customer_id')
        .merge()
        .returning(['frequency', 'score_change_alert_points', 'updated_at']);
      return toSettings(row as Row);
    },
  };
}

/** The monitoring settings store type, for injection. */
export type MonitoringSettingsStore = ReturnType<typeof createPgMonitoringSettingsStore>;
