import { Gauge, Histogram, type Registry } from 'prom-client';
import type { Knex } from '@kyb/db';

/** The states the review queue holds: waiting on a reviewer or on the applicant. */
const QUEUED = ['MANUAL_REVIEW', 'INFO_REQUESTED'];

/** The case instruments: time to decision (observed where a case is decided), and cases by state and the queue's age (read at scrape). */
export interface CaseMetrics {
  /** Records a decision `seconds` after the case was opened. */
  decided(mover: string, to: string, seconds: number): void;
}

/**
 * Registers on `registry`: `kyb_cases{state}` (every tenant's cases by state),
 * `kyb_case_review_queue_oldest_seconds{state}` (how long the oldest case in `MANUAL_REVIEW` or
 * `INFO_REQUESTED` has waited, 0 when none: the figure a team alerts on), both read from PostgreSQL
 * at scrape time in one statement; and `kyb_case_time_to_decision_seconds{mover,state}` observed
 * where cases are decided. No tenant label: a label per customer would grow without bound.
 */
export function createCaseMetrics(registry: Registry, db: Knex, clock: () => Date): CaseMetrics {
  let inFlight: Promise<{ states: Array<{ status: string; count: number }>; oldest: Array<{ status: string; since: Date | null }> }> | undefined;
  const read = () =>
    (inFlight ??= Promise.all([
      db('cases.cases').groupBy('status').select<Array<{ status: string; count: number }>>('status', db.raw('count(*)::int as count')),
      Promise.all(QUEUED.map(async (status) => ({ status, since: ((await db('cases.cases').where({ status }).min<{ since: Date | null }>('status_changed_at as since').first())?.since ?? null) }))),
    ])
      .then(([states, oldest]) => ({ states, oldest }))
      .finally(() => {
        inFlight = undefined;
      }));
  new Gauge({
    name: 'kyb_cases',
    help: 'Cases of every tenant by state, read from PostgreSQL at scrape time',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const { states } = await read();
      this.reset();
      for (const { status, count } of states) this.set({ state: status }, count);
    },
  });
  new Gauge({
    name: 'kyb_case_review_queue_oldest_seconds',
    help: 'How long the oldest case waiting on a reviewer (MANUAL_REVIEW) or the applicant (INFO_REQUESTED) has waited; 0 when none waits',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const { oldest } = await read();
      const now = clock().getTime();
      for (const { status, since } of oldest) this.set({ state: status }, since ? Math.max(0, (now - new Date(since).getTime()) / 1000) : 0);
    },
  });
  const timeToDecision = new Histogram({
    name: 'kyb_case_time_to_decision_seconds',
    help: 'From a case opened to its decision, by who decided (policy, reviewer) and the state it reached',
    labelNames: ['mover', 'state'] as const,
    buckets: [1, 5, 30, 60, 300, 1800, 3600, 4 * 3600, 24 * 3600, 3 * 24 * 3600, 7 * 24 * 3600],
    registers: [registry],
  });
  return { decided: (mover, to, seconds) => timeToDecision.observe({ mover, state: to }, seconds) };
}
