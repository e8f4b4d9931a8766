/*
 * The copying itself: batches of clones, each one transaction on one of `jobs` connections of their
 * own (each with its session's clone table and functions), taken in turn until every clone is made.
 */
import { Client } from 'pg';
import type { DataKeyBox } from '@kyb/secrets';
import { CLONED_TABLES } from './clone-plan';
import { prepareCloning } from './clone-statements';
import { cloneRow, type Template } from './clone-values';

/** What the batches copy, and how. */
export interface BatchPlan {
  databaseUrl: string;
  templates: Template[];
  box: Pick<DataKeyBox, 'seal' | 'lookupHash'>;
  /** The tenant's businesses before: copies are numbered after them. */
  before: number;
  businesses: number;
  batch: number;
  jobs: number;
  /** Called after each batch with the businesses added so far. */
  progress?: (added: number) => void;
}

/** Copies `plan.businesses` businesses; answers the rows written per table. */
export async function cloneInBatches(plan: BatchPlan): Promise<Record<string, number>> {
  const rows: Record<string, number> = Object.fromEntries(CLONED_TABLES.map((t) => [t.table, 0]));
  let taken = 0;
  let added = 0;
  const job = async () => {
    const db = new Client({ connectionString: plan.databaseUrl, application_name: 'seed-scale' });
    await db.connect();
    try {
      const statements = await prepareCloning(db, plan.templates.map((t) => t.id));
      while (taken < plan.businesses) {
        const first = taken;
        const size = Math.min(plan.batch, plan.businesses - first);
        taken += size;
        const clones = Array.from({ length: size }, (_clone, i) => cloneRow(plan.templates[(first + i) % plan.templates.length], plan.before + first + i + 1, first + i + 1, plan.box));
        await db.query('begin');
        try {
          await db.query('insert into pg_temp.seed_clones select * from json_populate_recordset(null::pg_temp.seed_clones, $1)', [JSON.stringify(clones)]);
          // Autovacuum never analyses a temporary table: analysed, the planner knows the batch's size.
          await db.query('analyze pg_temp.seed_clones');
          for (const { table, sql } of statements) {
            // Counted after the statement: `rows[table] += await ...` read the count before it, and lost the other job's rows.
            const written = (await db.query(sql)).rowCount ?? 0;
            rows[table] += written;
          }
          await db.query('commit');
        } catch (err) {
          await db.query('rollback');
          throw err;
        }
        added += size;
        plan.progress?.(added);
      }
    } finally {
      await db.end();
    }
  };
  // A failed job stops the others at their next batch: they take no more.
  await Promise.all(Array.from({ length: plan.jobs }, () => job().catch((err: unknown) => {
    taken = plan.businesses;
    throw err;
  })));
  return rows;
}
