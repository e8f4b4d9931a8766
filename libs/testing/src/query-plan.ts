import type { Knex } from '@kyb/db';

/** The first statement `run` sends through `db`, with its bindings (as knex hands it to the driver). */
export async function firstQueryOf(db: Knex, run: () => Promise<unknown>): Promise<{ sql: string; bindings: readonly Knex.Value[] }> {
  const sent: Array<{ sql: string; bindings: readonly Knex.Value[] }> = [];
  const listen = (query: { sql: string; bindings: readonly Knex.Value[] }) => void sent.push(query);
  db.on('query', listen);
  try {
    await run();
  } finally {
    db.removeListener('query', listen);
  }
  return sent[0];
}

/**
 * The plan PostgreSQL chooses for the first query `run` sends when it may not read whole tables
 * (`enable_seqscan = off`): a test asserts it names the index a query must use, which a small test
 * table would otherwise hide.
 */
export async function queryPlanOf(db: Knex, run: () => Promise<unknown>): Promise<string> {
  const first = await firstQueryOf(db, run);
  return db.transaction(async (trx) => {
    await trx.raw('set local enable_seqscan = off');
    const { rows } = await trx.raw(`explain ${first.sql.replace(/\$\d+/g, '?')}`, first.bindings);
    return (rows as Array<Record<string, string>>).map((r) => r['QUERY PLAN']).join('\n');
  });
}
