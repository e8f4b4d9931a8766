import { chainedInto, jsonRowsParts, plannedEachRun, type Knex, type StatementPart } from '@kyb/db';

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
 * filtered them: 3 ms per add for a customer of 3,000 businesses, where a probe takes 0.03 ms (ADR 0032).
 * Planned on every run (`plannedEachRun`): a connection's generic plan, made while the table was
 * small, read every business through the index by creation for each id once it had grown (a
 * 1,000-row bulk's check took 0.9 s at 5,000 businesses; ADR 0032).
 */
const BUSINESSES_BY_EXTERNAL_ID_SQL = `select b."id", b."external_id" from unnest(?::text[]) as wanted("external_id")
  cross join lateral (select "id", "external_id" from "cases"."businesses"
    where "customer_id" = ? and "external_id" = wanted."external_id" and "deleted_at" is null limit 1) as b`;

/** The SQLSTATE `cases.onboarding_usage_within` (migration 0021) raises: the month's usage has passed the customer's limit. */
export const USAGE_PAST_LIMIT_STATE = 'KB001';

/** The usage counted up as a part of an add's one statement (`storeAtOnce`), answering the count with the add's businesses. */
const TAKEN_USAGE_PART: Omit<StatementPart, 'bindings'> = {
  name: 'taken_usage',
  sql: `insert into "cases"."onboarding_usage" ("customer_id", "month", "used") values (?, ?, ?)
    on conflict ("customer_id", "month") do update set "used" = "onboarding_usage"."used" + excluded."used" returning "used"`,
};
/** The statement's own query: the usage read first (its row locked before any insert runs), held to the limit. */
const WITHIN_LIMIT_SQL = 'select "cases"."onboarding_usage_within"((select "used" from "taken_usage"), ?::integer) as "used"';
/** The unique index that keeps a customer's external ids apart (the businesses not deleted). */
const EXTERNAL_ID_INDEX = 'businesses_customer_external_id';
/** PostgreSQL's SQLSTATEs for a unique index refusing a row, and for a deadlock it broke. */
const UNIQUE_VIOLATION = '23505';
const DEADLOCK_DETECTED = '40P01';

/** Whether `err` is a refusal an add's transaction answers as the contract says (a limit passed, an external id taken meanwhile). */
function refusedAtOnce(err: unknown): boolean {
  const { code, constraint } = (err ?? {}) as { code?: unknown; constraint?: unknown };
  return code === USAGE_PAST_LIMIT_STATE || code === DEADLOCK_DETECTED || (code === UNIQUE_VIOLATION && constraint === EXTERNAL_ID_INDEX);
}

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
    /**
     * Stores an add whose rows passed every check but the two only the database can make, in one
     * statement without a transaction around it (ADR 0037): the month's usage is counted up first
     * (the usage row locked until the statement commits, so concurrent adds of the customer queue
     * there), held to `limit` (null: unlimited), and `parts` (the add's inserts) run after it. A
     * usage past the limit, or an external id another add stored (the unique index refuses it, at
     * once or once that add commits), undoes the whole statement: answers false, and the add is
     * then checked and stored in its transaction, which answers the contract's error. Answers
     * false too when the parts cannot share one statement.
     */
    async storeAtOnce(db: Knex, add: { customerId: string; month: string; count: number; limit: number | null; parts: readonly StatementPart[] }): Promise<boolean> {
      const statement = chainedInto([{ ...TAKEN_USAGE_PART, bindings: [add.customerId, add.month, add.count] }, ...add.parts], {
        sql: WITHIN_LIMIT_SQL,
        bindings: [add.limit],
      });
      if (!statement) return false;
      try {
        await db.raw(statement.sql, [...statement.bindings] as Knex.RawBinding[]);
        return true;
      } catch (err) {
        if (refusedAtOnce(err)) return false;
        throw err;
      }
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
