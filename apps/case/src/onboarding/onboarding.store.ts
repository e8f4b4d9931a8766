import { jsonRowsParts, plannedEachRun, type Knex, type StatementPart } from '@kyb/db';

/** The month a usage counter belongs to (UTC), e.g. `2026-11`. */
export function usageMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** Where a run stands. */
export type RunStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

/** An onboarding run as stored. */
export interface RunRow {
  id: string;
  customer_id: string;
  created_by: string;
  row_count: number;
  status: RunStatus;
  rows_sealed: string | null;
  failed_rows: Record<string, unknown> | null;
  failure_reason: string | null;
  business_ids: string[] | null;
  created_at: Date;
  finished_at: Date | null;
}

// The two statements every add runs before its insert, as texts written once: knex built each anew per request (ADR 0030).
/** The month's usage counted up by the businesses of a request (one row per customer and month); answers the new count. */
const TAKE_USAGE_SQL = `insert into "cases"."onboarding_usage" ("customer_id", "month", "used") values (?, ?, ?)
  on conflict ("customer_id", "month") do update set "used" = "onboarding_usage"."used" + ? returning "used"`;
/**
 * The customer's businesses (not deleted) holding any of the external ids, one index probe per id.
 * Written as `external_id = any(ids)`, the planner of a table without statistics (a fresh or newly
 * grown table before it is analyzed; autovacuum may be off) read every business of the customer and
 * filtered them: 3 ms per add for a customer of 3,000 businesses, where a probe takes 0.03 ms (ADR 0031).
 * Planned on every run (`plannedEachRun`): a connection's generic plan, made while the table was
 * small, read every business through the index by creation for each id once it had grown (a
 * 1,000-row bulk's check took 0.9 s at 5,000 businesses; ADR 0032).
 */
const BUSINESSES_BY_EXTERNAL_ID_SQL = `select b."id", b."external_id" from unnest(?::text[]) as wanted("external_id")
  cross join lateral (select "id", "external_id" from "cases"."businesses"
    where "customer_id" = ? and "external_id" = wanted."external_id" and "deleted_at" is null limit 1) as b`;

/** SQL for onboarding runs and the monthly usage counter. */
export function createPgOnboardingStore() {
  return {
    /** This month's usage, without a lock (the early check). */
    async used(db: Knex, customerId: string, month: string): Promise<number> {
      const row = await db('cases.onboarding_usage').where({ customer_id: customerId, month }).first();
      return row?.used ?? 0;
    },
    /**
     * Counts `count` more businesses in this month's usage and answers the usage before them, in one
     * statement: the month's row is created if missing and stays locked until the transaction ends,
     * so concurrent runs of one customer queue here; a run refused later rolls its count back.
     */
    async takeUsage(trx: Knex.Transaction, customerId: string, month: string, count: number): Promise<number> {
      const { rows } = await trx.raw<{ rows: Array<{ used: number }> }>(TAKE_USAGE_SQL, [customerId, month, count, count]);
      return rows[0].used - count;
    },
    /** Businesses of the customer holding any of `externalIds`. */
    async businessesByExternalId(db: Knex, customerId: string, externalIds: string[]): Promise<Map<string, string>> {
      if (externalIds.length === 0) return new Map();
      const { rows } = await plannedEachRun(db.raw<{ rows: Array<{ id: string; external_id: string }> }>(BUSINESSES_BY_EXTERNAL_ID_SQL, [externalIds, customerId]));
      return new Map(rows.map((r) => [r.external_id, r.id]));
    },
    async insertRun(db: Knex, run: { id: string; customer_id: string; created_by: string; row_count: number; status: RunStatus } & Partial<RunRow>) {
      await db('cases.onboarding_runs').insert({ ...run, business_ids: run.business_ids ? JSON.stringify(run.business_ids) : null });
    },
    /** The statement parts of `insertRun`, for a caller's chained statement (a request's run, stored with its businesses). */
    runInsertParts(db: Knex, run: { id: string; customer_id: string; created_by: string; row_count: number; status: RunStatus } & Partial<RunRow>): StatementPart[] {
      return jsonRowsParts(db, { table: 'cases.onboarding_runs', rows: [{ ...run }], jsonColumns: ['business_ids', 'failed_rows'] });
    },
    findRun(db: Knex, id: string): Promise<RunRow | undefined> {
      return db<RunRow>('cases.onboarding_runs').where({ id }).first();
    },
    /** Locks a run row until the transaction ends, if it is still PENDING: two workers of one run then store its rows once. */
    async lockPendingRun(trx: Knex, id: string): Promise<boolean> {
      return (await trx('cases.onboarding_runs').where({ id, status: 'PENDING' }).forUpdate().first('id')) !== undefined;
    },
    /** Finishes a PENDING run (a finished one keeps its outcome); its sealed rows are dropped, the outcome kept. */
    async finishRun(db: Knex, id: string, outcome: Pick<RunRow, 'status'> & Partial<Pick<RunRow, 'failed_rows' | 'failure_reason' | 'business_ids'>>, at: Date) {
      await db('cases.onboarding_runs')
        .where({ id, status: 'PENDING' })
        .update({
          status: outcome.status,
          failed_rows: outcome.failed_rows ? JSON.stringify(outcome.failed_rows) : null,
          failure_reason: outcome.failure_reason ?? null,
          business_ids: outcome.business_ids ? JSON.stringify(outcome.business_ids) : null,
          rows_sealed: null,
          finished_at: at,
        });
    },
  };
}

/** The onboarding store type, for injection. */
export type OnboardingStore = ReturnType<typeof createPgOnboardingStore>;
