import type { Knex } from 'knex';
import { pageWithTotal, totalCountColumn } from './page-total';

/**
 * How a sort key is read and compared: its text (what a cursor carries, `CursorKeyKind` of
 * @kyb/validation) and the type SQL compares it as. A timestamp is read to the microsecond, as
 * PostgreSQL keeps it (a Date would cut it to the millisecond and a page could skip rows).
 */
export type KeysetKind = 'timestamp' | 'text' | 'integer' | 'uuid';

/** Where a page starts: after the row with these sort key values (in the sort's order) and this id. */
export interface KeysetPosition {
  keys: string[];
  id: string;
}

/** The order of a list read by keys. */
export interface KeysetOrder {
  /** Columns to sort by, each NOT NULL, with their directions. */
  sort: ReadonlyArray<readonly [string, 'asc' | 'desc']>;
  /** The kind of each sort column. */
  kinds: Readonly<Record<string, KeysetKind>>;
  /** The unique uuid column that breaks ties, in the direction of the last sort column (default `id`). */
  id?: string;
}

/** The page asked for: a page number, or the position a cursor names (`after`; the page number is then not read). */
export interface KeysetPageQuery {
  paginate: boolean;
  page: number;
  itemsPerPage: number;
  after: KeysetPosition | null;
}

interface Key {
  column: string;
  direction: 'asc' | 'desc';
  kind: KeysetKind;
}

const CAST: Record<KeysetKind, string> = { timestamp: 'timestamptz', text: 'text', integer: 'bigint', uuid: 'uuid' };
const param = (key: Key) => `?::${CAST[key.kind]}`;
const beyond = (key: Key) => (key.direction === 'asc' ? '>' : '<');

/** The select of key `i` as text; a timestamp in UTC with microseconds, which `?::timestamptz` reads back exactly. */
function keyColumn(db: Knex, key: Key, alias: string): Knex.Raw {
  if (key.kind === 'timestamp') return db.raw(`to_char(?? at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ??`, [key.column, alias]);
  return db.raw('??::text as ??', [key.column, alias]);
}

/**
 * Rows after `values` in the order of `keys`: one row comparison where every key runs the same way
 * (an index on the keys serves it as a range), else the comparison spelled out key by key.
 */
function afterCondition(db: Knex, keys: Key[], values: string[]): Knex.Raw {
  if (keys.every((key) => key.direction === keys[0].direction)) {
    const columns = keys.map(() => '??').join(', ');
    return db.raw(`(${columns}) ${beyond(keys[0])} (${keys.map(param).join(', ')})`, [...keys.map((k) => k.column), ...values]);
  }
  const terms: string[] = [];
  const bindings: string[] = [];
  keys.forEach((key, i) => {
    const equal = keys.slice(0, i).map((before) => `?? = ${param(before)}`);
    terms.push(`(${[...equal, `?? ${beyond(key)} ${param(key)}`].join(' and ')})`);
    keys.slice(0, i + 1).forEach((k, j) => bindings.push(k.column, values[j]));
  });
  return db.raw(`(${terms.join(' or ')})`, bindings);
}

/**
 * One page of the rows `matches` builds (filtered, no select nor order), sorted by `order` with
 * ties broken by id, with the total of every match and the position after the page's last row
 * (`next`, null on the last page). A page starts after `page.after` when it is given, whatever rows
 * were added or removed before it (keyset paging), else at its page number. The total counts every
 * match either way: with a position, in a count of its own.
 */
export async function readKeysetPage<Row>(
  db: Knex,
  options: { matches: () => Knex.QueryBuilder; order: KeysetOrder; page: KeysetPageQuery; columns?: readonly string[] },
): Promise<{ rows: Row[]; total: number; next: KeysetPosition | null }> {
  const { matches, order, page } = options;
  const last = order.sort.at(-1)?.[1] ?? 'asc';
  const keys: Key[] = [
    ...order.sort.map(([column, direction]): Key => ({ column, direction, kind: order.kinds[column] })),
    { column: order.id ?? 'id', direction: last, kind: 'uuid' },
  ];
  const aliases = keys.map((_, i) => `keyset_${i}`);
  const query = matches().select(...(options.columns ?? ['*']), ...keys.map((key, i) => keyColumn(db, key, aliases[i])));
  if (!page.after) query.select(totalCountColumn(db));
  for (const key of keys) query.orderBy(key.column, key.direction);
  if (page.after) query.where(afterCondition(db, keys, [...page.after.keys, page.after.id]));
  // One row more than the page tells whether there is a next page.
  if (page.paginate) query.limit(page.itemsPerPage + 1).offset(page.after ? 0 : (page.page - 1) * page.itemsPerPage);
  const read: Array<Record<string, unknown>> = await query;
  const more = page.paginate && read.length > page.itemsPerPage;
  const shown = more ? read.slice(0, page.itemsPerPage) : read;
  const lastRow = shown.at(-1);
  const next = more && lastRow ? { keys: aliases.slice(0, -1).map((alias) => String(lastRow[alias])), id: String(lastRow[aliases.at(-1) as string]) } : null;
  const withoutKeys = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([name]) => !aliases.includes(name)));
  if (!page.after) {
    const { rows, total } = await pageWithTotal(db, shown as Array<Record<string, unknown> & { total_count: string }>, page, matches);
    return { rows: rows.map(withoutKeys) as Row[], total, next };
  }
  const [{ count }] = await matches().count<Array<{ count: string }>>({ count: '*' });
  return { rows: shown.map(withoutKeys) as Row[], total: Number(count), next };
}
