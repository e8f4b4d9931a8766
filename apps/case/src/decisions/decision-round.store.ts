import { readFeedAtCursor, type EventSource } from '@kyb/area-views';
import { recordEvent, type EventType, type Knex } from '@kyb/db';
import type { TraceCarrier } from '@kyb/telemetry';

/** The feeds whose events may change a case's facts. */
export const DECISION_FEED_SOURCES = ['cases', 'integration', 'scores'] as const satisfies readonly EventSource[];

/** A case the round evaluates, as it stands, with what the policy last said of it (null: nothing yet). */
export interface CaseToEvaluate {
  id: string;
  customer_id: string;
  business_id: string;
  status: string;
  outcome: unknown;
  /** The trace of the event that marked it for evaluation (null: none, or marked untraced). */
  evaluation_trace: TraceCarrier | null;
}

/** A decided case's decision the facts now contest: the state the policy would move it to, by which rule and why. */
export interface DecisionContest {
  caseId: string;
  customerId: string;
  businessId: string;
  /** The case's state, which stays. */
  status: string;
  wouldDecide: string;
  policyVersion: number;
  /** The rule that now decides (null: `otherwise`). */
  ruleId: string | null;
  reason: string;
  at: Date;
}

/**
 * A withdrawn case is never looked at again. An approved or rejected one is (a person's decision
 * stands, but facts arriving after it may contest it); only undecided ones are rechecked without an event.
 */
const NOT_EVALUATED = ['WITHDRAWN'];

/** The round's own events, which announce no new fact. */
const OWN_EVENTS: readonly EventType[] = ['case.status_updated', 'case.decision_contested'];

/** The decision round's SQL: feed positions, cases to look at again, and claiming them. */
export function createPgDecisionRoundStore(db: Knex) {
  return {
    /**
     * Reads up to `limit` events of one feed past the round's position and marks for evaluation
     * the cases (not withdrawn) of the businesses they name, moving the position in the same
     * transaction, each case keeping the trace of its business's newest event (its evaluation
     * continues it; a case waiting for its first evaluation takes the first traced one). The round's own events (`case.status_updated`, `case.decision_contested`) mark
     * nothing. Answers undefined while another round holds this feed.
     */
    async markFromFeed(source: EventSource, limit: number): Promise<{ events: number; marked: number } | undefined> {
      // `marked` counts the cases marked, and those waiting already that took the event's trace.
      return db.transaction(async (trx) => {
        const events = await readFeedAtCursor(trx, 'cases.decision_feed_cursors', source, limit);
        if (!events) return undefined;
        // Each business's newest event that names it, whose trace its cases' evaluation continues.
        const named = new Map<string, TraceCarrier | null>();
        for (const event of events) if (!OWN_EVENTS.includes(event.type) && event.data.business_id) named.set(event.data.business_id, event.trace);
        let marked = 0;
        if (named.size > 0) {
          const { rowCount } = await trx.raw(
            `update cases.cases c set evaluated_at = null, evaluation_trace = coalesce(m.trace, c.evaluation_trace)
              from unnest(?::uuid[], ?::jsonb[]) as m (business_id, trace)
              where c.business_id = m.business_id and c.status <> all(?::text[])
                and (c.evaluated_at is not null or (c.evaluation_trace is null and m.trace is not null))`,
            [[...named.keys()], [...named.values()].map((trace) => (trace ? JSON.stringify(trace) : null)), NOT_EVALUATED],
          );
          marked = rowCount ?? 0;
        }
        return { events: events.length, marked };
      });
    },

    /**
     * Locks up to `limit` cases to evaluate in `trx`, skipping those another round holds: first those
     * marked (a fact arrived, or just opened; decided ones too), then undecided ones (`OPEN`, `MANUAL_REVIEW`) last
     * evaluated before `staleBefore` (facts that announce no event: a hit reviewed, an alert resolved).
     */
    async claim(trx: Knex.Transaction, limit: number, staleBefore: Date): Promise<CaseToEvaluate[]> {
      const columns = ['id', 'customer_id', 'business_id', 'status', 'outcome', 'evaluation_trace'];
      const marked = await trx('cases.cases').whereNull('evaluated_at').whereNotIn('status', NOT_EVALUATED).orderBy('id').limit(limit).forUpdate().skipLocked().select<CaseToEvaluate[]>(columns);
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

    /** Forgets the traces of claimed cases (their evaluation now continues them; a recheck starts its own). */
    async tracesTaken(trx: Knex.Transaction, cases: readonly CaseToEvaluate[]): Promise<void> {
      const traced = cases.filter((c) => c.evaluation_trace).map((c) => c.id);
      if (traced.length > 0) await trx('cases.cases').whereIn('id', traced).update({ evaluation_trace: null });
    },

    /** Marks a case looked at without evaluating it (an erased tenant's): no outcome is kept. */
    async skipped(trx: Knex.Transaction, caseId: string, at: Date): Promise<void> {
      await trx('cases.cases').where({ id: caseId }).update({ outcome: null, evaluated_at: at });
    },

    /** Keeps what the policy said of a case it did not move, and when. */
    async evaluated(trx: Knex.Transaction, caseId: string, outcome: object, at: Date): Promise<void> {
      await trx('cases.cases').where({ id: caseId }).update({ outcome: JSON.stringify(outcome), evaluated_at: at });
    },

    /**
     * Keeps a contest of a decided case's decision with its `case.decision_contested` event, in
     * `trx`, once per case and state asked for: answers false, writing nothing, when that contest
     * was kept before.
     */
    async contested(trx: Knex.Transaction, contest: DecisionContest): Promise<boolean> {
      const [kept] = await trx('cases.case_decision_contests')
        .insert({
          case_id: contest.caseId,
          customer_id: contest.customerId,
          business_id: contest.businessId,
          status: contest.status,
          would_decide: contest.wouldDecide,
          policy_version: contest.policyVersion,
          rule_id: contest.ruleId,
          reason: contest.reason,
          created_at: contest.at,
        })
        .onConflict(['case_id', 'would_decide'])
        .ignore()
        .returning<Array<{ id: string }>>('id');
      if (!kept) return false;
      await recordEvent(trx, 'cases', {
        type: 'case.decision_contested',
        customerId: contest.customerId,
        data: { business_id: contest.businessId, case_id: contest.caseId, status: contest.status, would_decide: contest.wouldDecide, rule_id: contest.ruleId },
      });
      return true;
    },
  };
}

/** The decision round store type, for injection. */
export type DecisionRoundStore = ReturnType<typeof createPgDecisionRoundStore>;
