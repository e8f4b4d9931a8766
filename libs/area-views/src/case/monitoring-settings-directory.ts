import type { Knex } from '@kyb/db';
import { uuidsOf } from './business-directory';

/** The case area's read module of each customer's monitoring settings, created by its migrations. */
export const MONITORING_SETTINGS_DIRECTORY_VIEW = 'cases.monitoring_settings_directory';

/** How often a customer's monitored businesses are re-enriched and re-scored. */
export const MONITORING_FREQUENCIES = ['MONTHLY', 'WEEKLY', 'DAILY'] as const;
export type MonitoringFrequency = (typeof MONITORING_FREQUENCIES)[number];

/** A customer's monitoring settings; a customer that set none has {@link DEFAULT_MONITORING_SETTINGS}. */
export interface MonitoringSettings {
  /** How often each monitored business is re-enriched (spread over the period, not all at once). */
  frequency: MonitoringFrequency;
  /** An alert is raised when the 850 score moves by more than this many points between two scores. */
  scoreChangeAlertPoints: number;
}

/** The settings of a customer that set none. */
export const DEFAULT_MONITORING_SETTINGS: Readonly<MonitoringSettings> = Object.freeze({ frequency: 'MONTHLY', scoreChangeAlertPoints: 50 });

type Row = { customer_id: string; frequency: MonitoringFrequency; score_change_alert_points: number };
const toSettings = (row: Row | undefined): MonitoringSettings =>
  row ? { frequency: row.frequency, scoreChangeAlertPoints: row.score_change_alert_points } : { ...DEFAULT_MONITORING_SETTINGS };

/** Reads customers' monitoring settings through the case area's view (defaults where a customer set none). */
export function createMonitoringSettingsDirectory(db: Knex) {
  return {
    async settingsOf(customerId: string): Promise<MonitoringSettings> {
      const [id] = uuidsOf([customerId]);
      return toSettings(id ? await db(MONITORING_SETTINGS_DIRECTORY_VIEW).where({ customer_id: id }).first() : undefined);
    },
    /** The settings of each customer of `ids`, in one statement. */
    async settingsOfMany(ids: readonly string[]): Promise<Map<string, MonitoringSettings>> {
      const wanted = uuidsOf(ids);
      const rows: Row[] = wanted.length === 0 ? [] : await db(MONITORING_SETTINGS_DIRECTORY_VIEW).whereRaw('customer_id = any(?::uuid[])', [wanted]);
      const found = new Map(rows.map((row) => [row.customer_id, row]));
      return new Map(wanted.map((id) => [id, toSettings(found.get(id))]));
    },
  };
}

/** The monitoring settings directory type, for injection. */
export type MonitoringSettingsDirectory = ReturnType<typeof createMonitoringSettingsDirectory>;
