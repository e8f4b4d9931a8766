import { pageWithTotal, totalCountColumn, type Knex } from '@kyb/db';
import { listPage, type ListQuery } from '@kyb/validation';

/** A page of a list read oldest first or newest first by when its rows were made (ties by id). */
export type CreatedAtPage = ListQuery<'created_at', Record<string, never>, never>;

/** What a page reads: the time and id columns it sorts by, and the columns it selects (default every one). */
export interface PageColumns {
  time: string;
  id?: string;
  select?: Array<string | Knex.Raw>;
}

/**
 * One page of the rows `matches` selects, sorted by `columns.time` as the query asks (oldest first by
 * default), with the total of every match, presented by `present` in the list envelope's `data`.
 */
export async function readCreatedPage<Row, Shown>(
  db: Knex,
  query: Pick<CreatedAtPage, 'sort' | 'paginate' | 'page' | 'itemsPerPage'>,
  columns: PageColumns,
  matches: () => Knex.QueryBuilder,
  present: (row: Row) => Shown,
) {
  const direction = query.sort[0]?.[1] ?? 'asc';
  const page = matches()
    .select(...(columns.select ?? ['*']), totalCountColumn(db))
    .orderBy(columns.time, direction)
    .orderBy(columns.id ?? 'id', direction);
  if (query.paginate) page.limit(query.itemsPerPage).offset((query.page - 1) * query.itemsPerPage);
  const { rows, total } = await pageWithTotal<Row>(db, (await page) as Array<Row & { total_count: string }>, query, matches);
  return listPage(rows.map(present), total, query);
}
