import type { AnyOutboxEvent } from '@kyb/db';

/**
 * A score one statement just stored SUCCESS, with what its business's newest SUCCESS score was
 * before that statement (newest by `created_at`, then id, as E10 and the report area read it).
 */
export interface StoredSuccess {
  id: string;
  business_id: string;
  customer_id: string | null;
  risk_level: string | null;
  /** The risk level of the business's newest SUCCESS score before the statement; null when it had none. */
  previous_risk_level: string | null;
  /** Whether this score is newer than that one (true when there was none): it became the business's current score. */
  newest: boolean;
}

/**
 * The events of scores stored SUCCESS: `score.computed` for each, and `score.risk_level_changed`
 * when a score becomes its business's newest SUCCESS score with a risk level other than the one it
 * replaces (none for a business's first score, none for a score that completed after a newer one).
 * `stored` is ordered by business, then creation: scores of one business in one batch are chained,
 * each compared with the one before it. A score without a customer (never written so) announces
 * nothing, since no customer could receive it; the chain still counts it.
 */
export function scoreEvents(stored: readonly StoredSuccess[]): AnyOutboxEvent[] {
  const events: AnyOutboxEvent[] = [];
  const current = new Map<string, string | null>();
  for (const score of stored) {
    const customerId = score.customer_id;
    const { business_id, id: score_id, risk_level } = score;
    if (customerId) events.push({ type: 'score.computed', customerId, data: { business_id, score_id, risk_level } });
    if (!score.newest) continue;
    const previous = current.has(business_id) ? (current.get(business_id) ?? null) : score.previous_risk_level;
    current.set(business_id, risk_level);
    if (customerId && previous !== null && previous !== risk_level) {
      events.push({ type: 'score.risk_level_changed', customerId, data: { business_id, score_id, risk_level, previous_risk_level: previous } });
    }
  }
  return events;
}
