import type { Knex } from 'knex';
import { pageWithTotal, totalCountColumn } from './page-total';

/**
 * How a sort key is read and compared: its text (what a cursor carries, `CursorKeyKind` of
 * @kyb/validation) and the type SQL compares it as. A timestamp is read to the microsecond, as
 * PostgreSQL keeps it (a Date would cut it to the millisecond and a page could skip rows). A
 * `nullable_text` column may be null: it sorts as PostgreSQL sorts nulls (last ascending, first
 * descending), compared as two keys that are never null, `(column is null)` and
 * `coalesce(column, '')`, which an index on those two expressions serves; its cursor key is null.
 */
export type KeysetKind = 'timestamp' | 'text' | 'integer' | 'uuid' | 'nullable_text';

/** Where a page starts: after the row with these sort key values (in the sort's order) and this id; a null key is a `nullable_text` key's null. */
export interface KeysetPosition {
  keys: Array<string | null>;
  id: string;
}

/** The order of a list read by keys. */
export interface KeysetOrder {
  /** Columns to sort by, each NOT NULL unless its kind is `nullable_text`, with their directions. */
  sort: ReadonlyArray<readonly [string, 'asc' | 'desc']>;
  /** The kind of each sort column. */
  kinds: Readonly<Record<string, KeysetKind>>;
  /** The unique uuid column that breaks ties, in the direction of the last sort column (default `id`). */
  id?: string;
  /** SQL of the sort keys that are not columns, by their names in `sort` (the caller's own SQL, never a request's value). */
  expressions?: Readonly<Record<string, string>>;
}

/** The page asked for: a page number, or the position a cursor names (`after`; the page number is then not read). */
export interface KeysetPageQuery {
  paginate: boolean;
  page: number;
  itemsPerPage: number;
  after: KeysetPosition | null;
}

/** One key as SQL compares it: never null, with the type of its parameter. */
export interface KeysetSqlKey {
  sql: string;
  direction: 'asc' | 'desc';
  cast: 'timestamptz' | 'text' | 'bigint' | 'uuid' | 'boolean';
}

const CAST: Record<Exclude<KeysetKind, 'nullable_text'>, KeysetSqlKey['cast']> = { timestamp: 'timestamptz', text: 'text', integer: 'bigint', uuid: 'uuid' };
const beyond = (key: KeysetSqlKey) => (key.direction === 'asc' ? '>' : '<');

/** The sort's keys and the id, with their SQL and kinds, in order. */
function logicalKeys(db: Knex, order: KeysetOrder): Array<{ sql: string; direction: 'asc' | 'desc'; kind: KeysetKind }> {
  const last = order.sort.at(-1)?.[1] ?? 'asc';
  const sqlOf = (column: string) => (order.expressions?.[column] !== undefined ? `(${order.expressions[column]})` : db.raw('??', [column]).toQuery());
  return [
    ...order.sort.map(([column, direction]) => ({ sql: sqlOf(column), direction, kind: order.kinds[column] })),
    { sql: sqlOf(order.id ?? 'id'), direction: last, kind: 'uuid' as const },
  ];
}

/** The keys SQL sorts and compares a list by, the id last (a `nullable_text` column is two of them). */
export function keysetSqlKeys(db: Knex, order: KeysetOrder): KeysetSqlKey[] {
  return logicalKeys(db, order).flatMap(({ sql: name, direction, kind }): KeysetSqlKey[] => {
    if (kind === 'nullable_text') return [{ sql: `(${name} is null)`, direction, cast: 'boolean' }, { sql: `coalesce(${name}, '')`, direction, cast: 'text' }];
    return [{ sql: name, direction, cast: CAST[kind] }];
  });
}

/** `order by` text of the keys. */
export function keysetOrderSql(keys: readonly KeysetSqlKey[]): string {
  return keys.map((key) => `${key.sql} ${key.direction}`).join(', ');
}

/** The values of a position for {@link keysetAfter}, one per SQL key (a `nullable_text` key gives two). */
export function keysetValues(db: Knex, order: KeysetOrder, position: KeysetPosition): string[] {
  const kinds = logicalKeys(db, order).map((key) => key.kind);
  return [...position.keys, position.id].flatMap((value, i) => (kinds[i] === 'nullable_text' ? [String(value === null), value ?? ''] : [value ?? '']));
}

/**
 * Rows after `values` (text, one per key) in the order of `keys`: one row comparison where every
 * key runs the same way (an index on the keys serves it as a range), else the comparison spelled
 * out key by key.
 */
export function keysetAfter(db: Knex, keys: readonly KeysetSqlKey[], values: readonly string[]): Knex.Raw {
  const param = (key: KeysetSqlKey) => `?::${key.cast}`;
  if (keys.every((key) => key.direction === keys[0].direction)) {
    return db.raw(`(${keys.map((key) => key.sql).join(', ')}) ${beyond(keys[0])} (${keys.map(param).join(', ')})`, [...values]);
  }
  const terms: string[] = [];
  const bindings: string[] = [];
  keys.forEach((key, i) => {
    const equal = keys.slice(0, i).map((before) => `${before.sql} = ${param(before)}`);
    terms.push(`(${[...equal, `${key.sql} ${beyond(key)} ${param(key)}`].join(' and ')})`);
    bindings.push(...values.slice(0, i + 1));
  });
  return db.raw(`(${terms.join(' or ')})`, bindings);
}

/** The alias of the text of logical key `i` (the sort's keys, then the id) that {@link keysetColumns} selects. */
const aliasOf = (i: number) => `keyset_${i}`;

/** The selects of the sort keys and the id as text (a timestamp in UTC with microseconds, which `?::timestamptz` reads back exactly; a null as null). */
export function keysetColumns(db: Knex, order: KeysetOrder): Knex.Raw[] {
  return logicalKeys(db, order).map(({ sql, kind }, i) =>
    kind === 'timestamp' ? db.raw(`to_char(${sql} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ??`, [aliasOf(i)]) : db.raw(`${sql}::text as ??`, [aliasOf(i)]),
  );
}

/**
 * The rows of a page read with {@link keysetColumns} and one row more than the page, without those
 * columns, and the position after the page's last row (null on the last page).
 */
export function keysetPageOf<Row>(read: Array<Record<string, unknown>>, order: KeysetOrder, page: Pick<KeysetPageQuery, 'paginate' | 'itemsPerPage'>): { rows: Row[]; next: KeysetPosition | null } {
  const aliases = [...order.sort, 'id'].map((_, i) => aliasOf(i));
  const more = page.paginate && read.length > page.itemsPerPage;
  const shown = more ? read.slice(0, page.itemsPerPage) : read;
  const lastRow = shown.at(-1);
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  const next = more && lastRow ? { keys: aliases.slice(0, -1).map((alias) => text(lastRow[alias])), id: String(lastRow[aliases.at(-1) as string]) } : null;
  const withoutKeys = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([name]) => !aliases.includes(name)));
  return { rows: shown.map(withoutKeys) as Row[], next };
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
  const keys = keysetSqlKeys(db, order);
  const query = matches().select(...(options.columns ?? ['*']), ...keysetColumns(db, order));
  if (!page.after) query.select(totalCountColumn(db));
  query.orderByRaw(keysetOrderSql(keys));
  if (page.after) query.where(keysetAfter(db, keys, keysetValues(db, order, page.after)));
  // One row more than the page tells whether there is a next page.
  if (page.paginate) query.limit(page.itemsPerPage + 1).offset(page.after ? 0 : (page.page - 1) * page.itemsPerPage);
  const { rows: shown, next } = keysetPageOf<Record<string, unknown>>(await query, order, page);
  if (!page.after) {
    const { rows, total } = await pageWithTotal(db, shown as Array<Record<string, unknown> & { total_count: string }>, page, matches);
    return { rows: rows as Row[], total, next };
  }
  const [{ count }] = await matches().count<Array<{ count: string }>>({ count: '*' });
  return { rows: shown as Row[], total: Number(count), next };
}
