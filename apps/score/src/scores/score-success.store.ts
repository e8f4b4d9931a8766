import { BUSINESS_DIRECTORY_VIEW, createMonitoringSettingsDirectory, type MonitoringSettings } from '@kyb/area-views';
import { jsonFieldsSource, jsonText, recordEvents, type Knex } from '@kyb/db';
import { insertAlerts } from '../alerts/alerts-raised.store';
import { alertsOfStored, monitoredCustomers, type StoredSuccessForAlerts } from '../alerts/score-alerts';
import type { ScoreResult } from '../engine';
import { scoreEvents, type StoredSuccess } from './score-events';

/** A row the success statement returns: what its events read and what its alerts read. */
type StoredSuccessRow = StoredSuccess & StoredSuccessForAlerts;

const SCORES = 'scores.scores';
/** What a stored success sets, each sent as a JSON array of its own (jsonFieldsSource). */
const SUCCESS_FIELDS = ['id', 'weighted_score_100', 'weighted_score_850', 'base_score', 'risk_level', 'score_decision', 'score_distribution', 'decision_log', 'inputs', 'reason_codes'];

/**
 * Stores each computed score SUCCESS unless it is no longer PROCESSING, raises the alerts of those
 * of monitored businesses (`alertsOfStored`) and writes the events of those it stored (`scoreEvents`,
 * one `risk.alert` per alert raised), in one transaction of at most five statements whatever the
 * number of scores: the scores' businesses are locked (advisory locks, taken in one order) so that
 * two scores of a business succeeding at once are compared one after the other; the update, which
 * also reads each business's newest SUCCESS score before it (with its snapshot when the business
 * is monitored) and whether the business is monitored; the monitoring settings of the customers of
 * monitored businesses (only when a stored score's business is monitored); the alerts (only when
 * one is raised; one already raised is not raised again); the events. The single path (`succeed`)
 * and the batch path (`succeedMany`) both store through it. Answers how many it stored.
 */
export async function storeSuccesses(db: Knex, results: readonly ScoreResult[], at: Date): Promise<number> {
  if (results.length === 0) return 0;
  const ids = results.map((r) => r.id);
  return db.transaction(async (trx) => {
    // The array is built sorted, and unnest yields it in order: every transaction locks in the same order.
    await trx.raw(
      `select pg_advisory_xact_lock(hashtextextended('score:' || b::text, 0))
       from unnest(array(select distinct business_id from ${SCORES} where id = any(?::uuid[]) order by business_id)) as b`,
      [ids],
    );
    // The scores as one JSON array per field (ADR 0029): the distribution and the snapshot are kilobytes of JSON
    // each, which as elements of text arrays pg escaped character by character, and which read field by field
    // from one object per score PostgreSQL parsed again for every field (53 -> 16 ms for 100 scores).
    const source = jsonFieldsSource('e', SUCCESS_FIELDS, results.map(({ id, score, snapshot, reasonCodes }) => ({
      id,
      weighted_score_100: score.weighted_score_100,
      weighted_score_850: score.weighted_score_850,
      base_score: score.base_score,
      risk_level: score.risk_level,
      score_decision: score.score_decision,
      score_distribution: score.score_distribution,
      decision_log: score.decision_log ?? null,
      inputs: snapshot,
      reason_codes: reasonCodes,
    })));
    // Every part of the statement reads the snapshot before the update: `previous` never sees the scores it stores.
    const { rows } = await trx.raw<{ rows: StoredSuccessRow[] }>(
      `with v as (
         select ${jsonText('e.id')}::uuid as id, ${jsonText('e.weighted_score_100')}::numeric as weighted_score_100,
                ${jsonText('e.weighted_score_850')}::numeric as weighted_score_850, ${jsonText('e.base_score')}::numeric as base_score,
                ${jsonText('e.risk_level')} as risk_level, ${jsonText('e.score_decision')} as score_decision, e.score_distribution,
                ${jsonText('e.decision_log')} as decision_log, e.inputs::jsonb as inputs, e.reason_codes::jsonb as reason_codes
         from ${source.sql}
       ), stored as (
         update ${SCORES} as s
         set status = 'SUCCESS', weighted_score_100 = v.weighted_score_100, weighted_score_850 = v.weighted_score_850,
             base_score = v.base_score, risk_level = v.risk_level, score_decision = v.score_decision,
             score_distribution = v.score_distribution, decision_log = v.decision_log, inputs = v.inputs, reason_codes = v.reason_codes, failure_reason = null,
             completed_at = ?, updated_at = ?
         from v
         where s.id = v.id and s.status = 'PROCESSING'
         returning s.id, s.business_id, s.customer_id, s.risk_level, s.created_at
       ), previous as (
         select b.business_id, p.id, p.risk_level, p.weighted_score_850, p.score_decision, p.inputs, p.created_at
         from (select distinct business_id from stored) as b
         cross join lateral (
           select id, risk_level, weighted_score_850, score_decision, inputs, created_at from ${SCORES}
           where business_id = b.business_id and status = 'SUCCESS'
           order by created_at desc, id desc limit 1
         ) as p
       )
       select s.id, s.business_id, s.customer_id, s.risk_level, p.risk_level as previous_risk_level,
              (p.id is null or (s.created_at, s.id) > (p.created_at, p.id)) as newest,
              coalesce(d.is_monitoring_enabled, false) as monitored, p.id as previous_id,
              p.weighted_score_850 as previous_score_850, p.score_decision as previous_decision,
              case when d.is_monitoring_enabled then p.inputs end as previous_inputs
       from stored as s left join previous as p on p.business_id = s.business_id
       left join ${BUSINESS_DIRECTORY_VIEW} as d on d.id = s.business_id
       order by s.business_id, s.created_at, s.id`,
      [...source.bindings, at, at],
    );
    const customers = monitoredCustomers(rows);
    const settings = customers.length === 0 ? new Map<string, MonitoringSettings>() : await createMonitoringSettingsDirectory(trx).settingsOfMany(customers);
    const alerts = await insertAlerts(trx, alertsOfStored(rows, results, settings), at);
    await recordEvents(trx, 'scores', [...scoreEvents(rows), ...alerts]);
    return rows.length;
  });
}
