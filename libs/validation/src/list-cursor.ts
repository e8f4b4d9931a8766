import { ValidationError } from '@kyb/envelope';
import { isStorableDateTime } from './date-formats';
import type { JsonSchema } from './json-schema';
import { listPage, listPageSchema, toListQuery, type ListQuery, type ValidatedListQuery } from './list-query';
import { isUuid, strictObject, type StrictObjectSchema } from './schemas';
import { unstorableTextIn } from './storable-text';

/*
 * Keyset ("cursor") paging beside page numbers (ARCHITECTURE.md, lists at scale): a cursor names the
 * last row a page answered by its sort key values and id, so the next page starts after that row
 * whatever was added or removed before it. The store reads the keys as text in SQL (`readKeysetPage`
 * of @kyb/db) so that no precision is lost on the way (a timestamptz keeps microseconds, a Date
 * milliseconds), and this file carries them to the client and back.
 */

/**
 * How a sort key's value is written in a cursor: text, read and compared as this kind in SQL; a
 * `nullable_text` key (a column that may be null) is text or null.
 */
export type CursorKeyKind = 'timestamp' | 'text' | 'integer' | 'uuid' | 'nullable_text';

/** Where a page starts: after the row with these sort key values (in the sort's order) and this id. */
export interface ListPosition {
  keys: Array<string | null>;
  id: string;
}

/** A list query after validation, with the position its cursor names (null: no cursor, page numbers). */
export type CursorListQuery<Sort extends string, Filter, Search extends string> = ListQuery<Sort, Filter, Search> & { after: ListPosition | null };

/** The `cursor` query property: base64url text, as `next_cursor` gives it. */
export const listCursorSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 2000,
  pattern: '^[A-Za-z0-9_-]+$',
  description:
    "where the page starts: a page's next_cursor, given back with the same sort (filters may change). The page is the items_per_page rows after the cursor's row, ties broken by id; rows added or removed meanwhile neither repeat nor shift rows. Not with page (other than 1); total_items and total_pages count every match as without a cursor",
} as const;

/** `schema` (a list query schema, `listQuerySchema`) with the `cursor` query property. */
export function withListCursor<const P extends Record<string, JsonSchema>>(
  schema: StrictObjectSchema<P, readonly []>,
): StrictObjectSchema<P & { readonly cursor: typeof listCursorSchema }, []> {
  return strictObject({ ...schema.properties, cursor: listCursorSchema });
}

/** The JSON schema of a list `data` that pages by cursor too: `listPageSchema` and `next_cursor`. */
export function cursorListPageSchema(record: JsonSchema): JsonSchema {
  const page = listPageSchema(record) as { required: string[]; properties: Record<string, JsonSchema> };
  const nextCursor = { type: ['string', 'null'], description: 'the cursor of the next page (query cursor); null on the last page' };
  return { ...page, required: [...page.required, 'next_cursor'], properties: { ...page.properties, next_cursor: nextCursor } };
}

type Sort = ReadonlyArray<readonly [string, 'asc' | 'desc']>;

/** The sort a cursor was made for, as it carries it: `status:asc,status_changed_at:asc` (the id breaking ties is implied). */
const sortText = (sort: Sort): string => sort.map(([field, direction]) => `${field}:${direction}`).join(',');

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;
const INTEGER = /^-?\d{1,18}$/;

/** Whether `value` is a key of `kind` that SQL can read back without failing (never a 500 from a cursor). */
function isKeyOf(kind: CursorKeyKind, value: unknown): value is string | null {
  if (kind === 'nullable_text' && value === null) return true;
  if (typeof value !== 'string') return false;
  if (kind === 'timestamp') return TIMESTAMP.test(value) && isStorableDateTime(value);
  if (kind === 'integer') return INTEGER.test(value);
  if (kind === 'uuid') return isUuid(value);
  return value.length <= 1000 && unstorableTextIn(value, 'cursor') === null;
}

/** The cursor of the page after the row at `position`, for a list sorted by `sort`. */
export function encodeListCursor(sort: Sort, position: ListPosition): string {
  return Buffer.from(JSON.stringify({ sort: sortText(sort), keys: position.keys, id: position.id }), 'utf8').toString('base64url');
}

/**
 * The position `cursor` names, checked against the list's sort and the kinds of its keys. A cursor
 * that does not decode, was altered or was made for another sort answers 400 `ValidationMiddlewareError`.
 */
export function decodeListCursor(cursor: string, sort: Sort, kinds: Readonly<Record<string, CursorKeyKind>>): ListPosition {
  const invalid = () => new ValidationError('query.cursor is not a cursor of this list');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid();
  const { sort: madeFor, keys, id } = parsed as Record<string, unknown>;
  if (typeof madeFor !== 'string') throw invalid();
  if (madeFor !== sortText(sort)) throw new ValidationError(`query.cursor was made for another sort (${madeFor.slice(0, 200)}): give it back with that sort`);
  if (!Array.isArray(keys) || keys.length !== sort.length || !keys.every((key, i) => isKeyOf(kinds[sort[i][0]] ?? 'text', key))) throw invalid();
  if (typeof id !== 'string' || !isKeyOf('uuid', id)) throw invalid();
  return { keys: keys as Array<string | null>, id };
}

/**
 * Maps a validated list query with `cursor` to the store's form (`toListQuery`), with the position
 * its cursor names. A cursor and a page other than 1 are refused together (400): the cursor says
 * where the page starts.
 */
export function toCursorListQuery<Sort extends string, Filter, Search extends string>(
  query: ValidatedListQuery & { cursor?: string },
  defaultSort: [Sort, 'asc' | 'desc'],
  kinds: Readonly<Record<Sort, CursorKeyKind>>,
): CursorListQuery<Sort, Filter, Search> {
  const list = toListQuery<Sort, Filter, Search>(query, defaultSort);
  if (query.cursor === undefined) return { ...list, after: null };
  if (query.page !== 1) throw new ValidationError('query.page cannot be given with query.cursor: the cursor says where the page starts');
  return { ...list, after: decodeListCursor(query.cursor, list.sort, kinds) };
}

/** The list envelope `data` (`listPage`) with `next_cursor`: the cursor after `next`, or null on the last page. */
export function cursorListPage<T>(records: T[], total: number, query: { paginate: boolean; itemsPerPage: number; sort: Sort }, next: ListPosition | null) {
  return { ...listPage(records, total, query), next_cursor: next ? encodeListCursor(query.sort, next) : null };
}
