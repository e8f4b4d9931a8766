import { createEventFeeds, type EventSource, type FeedPosition } from '@kyb/area-views';
import type { Knex } from '@kyb/db';

/** The feeds whose events may change a case's facts. */
export const DECISION_FEED_SOURCES = ['cases', 'integration', 'scores'] as const satisfies readonly EventSource[];

/** A case the round evaluates, as it stands. */
export interface CaseToEvaluate {
  id: string;
  customer_id: string;
  business_id: string;
  status: string;
}

/** States no one moves a case out of: the round never looks at them again. */
const FINAL = ['APPROVED', 'REJECTED', 'WITHDRAWN'];

/** The decision round's SQL: feed positions, cases to look at again, and claiming them. */
export function createPgDecisionRoundStore(db: Knex) {
  return {
    /**
     * Reads up to `limit` events of one feed past the round's position and marks for evaluation
     * the cases (not final) of the businesses they name, moving the position in the same
     * transaction. The round's own `case.status_updated` events mark nothing. Answers undefined
     * while another round holds this feed.
     */
    async markFromFeed(source: EventSource, limit: number): Promise<{ events: number; marked: number } | undefined> {
      return db.transaction(async (trx) => {
        const cursor = await trx('cases.decision_feed_cursors')
          .select(trx.raw('tx::text as tx'), trx.raw('seq::text as seq'))
          .where({ source })
          .forUpdate()
          .skipLocked()
          .first<FeedPosition | undefined>();
        if (!cursor) return undefined;
        const { events, reached } = await createEventFeeds(trx).after(source, cursor, limit);
        const businessIds = [...new Set(events.filter((e) => e.type !== 'case.status_updated').flatMap((e) => (e.data.business_id ? [e.data.business_id] : [])))];
        let marked = 0;
        if (businessIds.length > 0) {
          marked = await trx('cases.cases')
            .whereRaw('business_id = any(?::uuid[])', [businessIds])
            .whereNotIn('status', FINAL)
            .whereNotNull('evaluated_at')
            .update({ evaluated_at: null });
        }
        if (reached.tx !== cursor.tx || reached.seq !== cursor.seq) {
          await trx('cases.decision_feed_cursors').where({ source }).update({ tx: trx.raw('?::xid8', [reached.tx]), seq: reached.seq });
        }
        return { events: events.length, marked };
      });
    },

    /**
     * Locks up to `limit` cases to evaluate in `trx`, skipping those another round holds: first those
     * marked (a fact arrived, or just opened), then undecided ones (`OPEN`, `MANUAL_REVIEW`) last
     * evaluated before `staleBefore` (facts that announce no event: a hit reviewed, an alert resolved).
     */
    async claim(trx: Knex.Transaction, limit: number, staleBefore: Date): Promise<CaseToEvaluate[]> {
      const columns = ['id', 'customer_id', 'business_id', 'status'];
      const marked = await trx('cases.cases').whereNull('evaluated_at').whereNotIn('status', FINAL).orderBy('id').limit(limit).forUpdate().skipLocked().select<CaseToEvaluate[]>(columns);
      if (marked.length >= limit) return marked;
      const stale = await trx('cases.cases')
        .whereIn('status', ['OPEN', 'MANUAL_REVIEW'])
        .where('evaluated_at', '<', staleBefore)
        .orderBy('evaluated_at')
        .orderBy('id')
        .limit(limit - marked.length)
        .forUpdate()
        .skipLocked()
        .select<CaseToEvaluate[]>(columns);
      return [...marked, ...stale];
    },

    /** Marks a case looked at without evaluating it (an erased tenant's): no outcome is kept. */
    async skipped(trx: Knex.Transaction, caseId: string, at: Date): Promise<void> {
      await trx('cases.cases').where({ id: caseId }).update({ outcome: null, evaluated_at: at });
    },

    /** Keeps what the policy said of a case it did not move, and when. */
    async evaluated(trx: Knex.Transaction, caseId: string, outcome: object, at: Date): Promise<void> {
      await trx('cases.cases').where({ id: caseId }).update({ outcome: JSON.stringify(outcome), evaluated_at: at });
    },
  };
}

/** The decision round store type, for injection. */
export type DecisionRoundStore = ReturnType<typeof createPgDecisionRoundStore>;
