import type { Knex } from 'knex';
import { queryPrepared } from './prepared';

/** The column a page's query selects to carry the total of every match beside each row (read by {@link pageWithTotal}). */
export const totalCountColumn = (db: Knex): Knex.Raw => db.raw('count(*) over () as total_count');

/**
 * The rows of a page read with {@link totalCountColumn}, without that column, and the total of every
 * match. A page past the end has no row to carry the total: the query `matches` builds is counted then.
 */
export async function pageWithTotal<Row>(
  db: Knex,
  rows: Array<Row & { total_count: string | number }>,
  page: { paginate: boolean; page: number },
  matches: () => Knex.QueryBuilder,
): Promise<{ rows: Row[]; total: number }> {
  const counted = async () => Number((await queryPrepared<{ count: string }>(db, matches().clearSelect().clearOrder().count({ count: '*' })))[0].count);
  const total = rows.length > 0 ? Number(rows[0].total_count) : page.paginate && page.page > 1 ? await counted() : 0;
  return { rows: rows.map(({ total_count: _, ...row }) => row as Row), total };
}
