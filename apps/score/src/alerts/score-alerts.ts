import type { ScoreResult, ScoreSnapshot } from '../engine';
import { alertsBetween, type AlertFinding, type AlertSettings, type ScoreSide } from './alert-rules';

/**
 * A score one statement stored SUCCESS, as monitoring reads it: whether it became its business's
 * current score, whether its business is monitored, and its business's newest SUCCESS score before
 * the statement (its snapshot only when the business is monitored: nothing else reads it).
 * Declared here, field by field, rather than taken from the scores feature: scores stores the
 * successes and raises their alerts through this file, so alerts never imports scores.
 */
export interface StoredSuccessForAlerts {
  id: string;
  business_id: string;
  customer_id: string | null;
  /** Whether this score is newer than the business's newest SUCCESS score before the statement (true when there was none). */
  newest: boolean;
  monitored: boolean;
  previous_id: string | null;
  previous_risk_level: string | null;
  previous_score_850: string | null;
  previous_decision: string | null;
  previous_inputs: ScoreSnapshot | null;
}

/** An alert to insert: what a rule found, for whom. */
export interface RaisedAlert extends AlertFinding {
  customerId: string;
  businessId: string;
}

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** The customers whose settings the alerts of `stored` need: those of the monitored businesses' scores. */
export function monitoredCustomers(stored: readonly StoredSuccessForAlerts[]): string[] {
  return [...new Set(stored.filter((s) => s.monitored && s.customer_id).map((s) => s.customer_id as string))];
}

/**
 * The alerts of scores one statement stored SUCCESS, in the order of `stored` (by business, then
 * creation, as `scoreEvents` reads it): each score that became its business's newest SUCCESS score
 * is compared with the one it replaced, which for scores of one business in one batch is the one
 * before it in the batch. A score that completed after a newer one is its business's current state
 * of no one, and raises nothing; nor does a score without a customer, or of an unmonitored business.
 */
export function alertsOfStored(
  stored: readonly StoredSuccessForAlerts[],
  results: readonly ScoreResult[],
  settings: ReadonlyMap<string, AlertSettings>,
): RaisedAlert[] {
  const computed = new Map(results.map((r) => [r.id, r]));
  const current = new Map<string, ScoreSide>();
  const raised: RaisedAlert[] = [];
  for (const score of stored) {
    if (!score.newest) continue;
    const result = computed.get(score.id);
    if (!result) continue;
    const side: ScoreSide = {
      id: score.id,
      weightedScore850: Number(result.score.weighted_score_850),
      riskLevel: result.score.risk_level,
      decision: result.score.score_decision,
      snapshot: result.snapshot,
    };
    const previous: ScoreSide | null =
      current.get(score.business_id) ??
      (score.previous_id === null
        ? null
        : {
            id: score.previous_id,
            weightedScore850: numberOrNull(score.previous_score_850),
            riskLevel: score.previous_risk_level,
            decision: score.previous_decision,
            snapshot: score.previous_inputs,
          });
    current.set(score.business_id, side);
    const rules = score.customer_id ? settings.get(score.customer_id) : undefined;
    if (!score.monitored || !score.customer_id || !rules) continue;
    for (const alert of alertsBetween(previous, side, rules)) raised.push({ ...alert, customerId: score.customer_id, businessId: score.business_id });
  }
  return raised;
}
