import type { Knex } from '@kyb/db';
import { DATA_KEY_DIRECTORY_VIEW } from '../auth/data-keys';
import { EVENT_SOURCES } from '../events/event-feeds';

/**
 * The functions through which each area erases what it keeps (docs/adr/0043), published by its
 * migrations as `<schema>.<name>`, as `auth.ensure_data_key` is: no area writes another's tables,
 * yet one transaction erases everywhere.
 * - `erase_owner(customer uuid, business uuid, owner uuid)`: the copies of one owner's personal data;
 * - `erase_customer(customer uuid)`: everything personal of a tenant.
 */
export type ErasureFunction = 'erase_owner' | 'erase_customer';

/** The schemas that may publish erasure functions: every area's. */
const AREA_SCHEMAS: readonly string[] = EVENT_SOURCES;

/**
 * Runs `name` of every area deployed in this database, in `trx` (the erasure's transaction), and
 * answers the rows each changed, by schema. An area not deployed here publishes nothing and is
 * passed over; a failure of any rolls the whole erasure back.
 */
export async function runErasureFunctions(trx: Knex.Transaction, name: ErasureFunction, args: readonly string[]): Promise<Record<string, number>> {
  const { rows } = await trx.raw<{ rows: Array<{ schema: string }> }>(
    `select n.nspname as schema from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.proname = ? and n.nspname = any(?) and p.pronargs = ? order by n.nspname`,
    [name, AREA_SCHEMAS, args.length],
  );
  const changed: Record<string, number> = {};
  for (const { schema } of rows) {
    const placeholders = args.map(() => '?::uuid').join(', ');
    const result = await trx.raw<{ rows: Array<{ changed: number }> }>(`select ??.??(${placeholders}) as changed`, [schema, name, ...args]);
    changed[schema] = Number(result.rows[0]?.changed ?? 0);
  }
  return changed;
}

/** The rows the areas' erasure functions changed, in all (what an audit act records: a count). */
export const erasedCount = (changed: Record<string, number>): number => Object.values(changed).reduce((sum, n) => sum + n, 0);

/** How long after a tenant's erasure its areas look again for what work in flight wrote (longer than any job's lease). */
export const LATE_WRITES_WINDOW_MS = 30 * 60_000;

/**
 * Runs `erase_customer` of each of `schemas` again for every tenant erased within `windowMs`: a job
 * that was running when the tenant was erased (a render, an enrichment, a score), or a request that
 * passed the gate just before it (a user created), may still write after the erasure committed, and
 * this removes it. Each area's workers run it every few seconds (a round), so an erasure is complete
 * within a round of the last such write. A schema that publishes no such function here is passed
 * over. Answers the rows it changed.
 */
export async function eraseLateWrites(db: Knex, schemas: string | readonly string[], windowMs = LATE_WRITES_WINDOW_MS): Promise<number> {
  const { rows } = await db.raw<{ rows: Array<{ customer_id: string }> }>(
    `select substring(scope from 10) as customer_id from ${DATA_KEY_DIRECTORY_VIEW}
      where scope like 'customer:%' and destroyed_at > now() - make_interval(secs => ?)`,
    [windowMs / 1000],
  );
  if (rows.length === 0) return 0;
  const published = await db.raw<{ rows: Array<{ schema: string }> }>(
    `select n.nspname as schema from pg_proc p join pg_namespace n on n.oid = p.pronamespace where p.proname = 'erase_customer' and n.nspname = any(?)`,
    [typeof schemas === 'string' ? [schemas] : [...schemas]],
  );
  let changed = 0;
  for (const { schema } of published.rows) {
    for (const { customer_id } of rows) {
      const result = await db.raw<{ rows: Array<{ changed: number }> }>('select ??.erase_customer(?::uuid) as changed', [schema, customer_id]);
      changed += Number(result.rows[0]?.changed ?? 0);
    }
  }
  return changed;
}
