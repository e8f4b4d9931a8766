import type { Knex } from '@kyb/db';

/**
 * The plan PostgreSQL chooses for the first query `run` sends when it may not read whole tables
 * (`enable_seqscan = off`): a test asserts it names the index a query must use, which a small test
 * table would otherwise hide.
 */
export async function queryPlanOf(db: Knex, run: () => Promise<unknown>): Promise<string> {
  const sent: Array<{ sql: string; bindings: readonly Knex.Value[] }> = [];
  const listen = (query: { sql: string; bindings: readonly Knex.Value[] }) => void sent.push(query);
  db.on('query', listen);
  try {
    await run();
  } finally {
    db.removeListener('query', listen);
  }
  return db.transaction(async (trx) => {
    await trx.raw('set local enable_seqscan = off');
    const { rows } = await trx.raw(`explain ${sent[0].sql.replace(/\$\d+/g, '?')}`, sent[0].bindings);
    return (rows as Array<Record<string, string>>).map((r) => r['QUERY PLAN']).join('\n');
  });
}
