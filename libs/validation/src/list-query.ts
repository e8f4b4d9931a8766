import { strictObject, type StrictObjectSchema } from './schemas';
import type { JsonSchema } from './json-schema';

/** What a list endpoint lets callers sort, filter and search by. */
export interface ListQueryOptions<
  Sort extends readonly string[] = readonly string[],
  Filters extends Record<string, JsonSchema> = Record<string, JsonSchema>,
  Search extends readonly string[] = readonly string[],
> {
  sortFields: Sort;
  /** Filterable fields with the schema of their value. */
  filters: Filters;
  searchFields: Search;
}

/*
 * The schema's parts are built by functions whose return types the compiler infers (`as const`),
 * so the static type of a list query schema is derived from the code that builds it.
 */

/** Paging, sorting and filtering: what every list query has. */
function listQueryProperties<const Sort extends readonly string[], const Filters extends Record<string, JsonSchema>>(sortFields: Sort, filters: Filters) {
  return {
    page: { type: 'integer', minimum: 1, maximum: 1000000, default: 1 },
    items_per_page: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    pagination: { type: 'boolean', default: true },
    sort: {
      type: 'object',
      propertyNames: { enum: [...sortFields] },
      additionalProperties: { type: 'string', enum: ['asc', 'desc'] },
    },
    filter: strictObject(filters),
  } as const;
}

/** `search[field]=text`, for lists with fields to search. */
function searchProperty<const Search extends readonly string[]>(searchFields: Search) {
  return {
    type: 'object',
    propertyNames: { enum: [...searchFields] },
    additionalProperties: { type: 'string', maxLength: 100 },
  } as const;
}

type ListQueryProperties<Sort extends readonly string[], Filters extends Record<string, JsonSchema>> = ReturnType<
  typeof listQueryProperties<Sort, Filters>
>;

type SearchProperty<Search extends readonly string[]> = { readonly search: ReturnType<typeof searchProperty<Search>> };

/** The literal type of {@link listQuerySchema}'s result: `search` only where there are fields to search. */
export type ListQuerySchema<
  Sort extends readonly string[],
  Filters extends Record<string, JsonSchema>,
  Search extends readonly string[],
> = StrictObjectSchema<Search extends readonly [] ? ListQueryProperties<Sort, Filters> : ListQueryProperties<Sort, Filters> & SearchProperty<Search>, []>;

/**
 * The query schema of the list conventions (ARCHITECTURE.md): `page` (1-based, default 1),
 * `items_per_page` (default 10, at most 100), `pagination` (default true), `sort[field]=asc|desc`,
 * `filter[field]=value`, `search[field]=text` (only where there are fields to search).
 */
export function listQuerySchema<
  const Sort extends readonly string[],
  const Filters extends Record<string, JsonSchema>,
  const Search extends readonly string[],
>(options: ListQueryOptions<Sort, Filters, Search>): ListQuerySchema<Sort, Filters, Search>;
/*
 * The compiler cannot narrow a type parameter (Search) by a run-time test (no search fields), so
 * the signature above states which of the two shapes a call gets; this one, which the compiler
 * checks the body against, holds it to building exactly those two shapes.
 */
export function listQuerySchema(
  options: ListQueryOptions,
): ListQuerySchema<readonly string[], Record<string, JsonSchema>, readonly []> | ListQuerySchema<readonly string[], Record<string, JsonSchema>, readonly string[]> {
  const properties = listQueryProperties(options.sortFields, options.filters);
  if (options.searchFields.length === 0) return strictObject(properties);
  return strictObject({ ...properties, search: searchProperty(options.searchFields) });
}

/** A list query as validation leaves it (defaults filled), whatever its sort, filter and search fields. */
export interface ValidatedListQuery {
  page: number;
  items_per_page: number;
  pagination: boolean;
  sort?: object;
  filter?: object;
  search?: object;
}

/** A list query after validation, as a store reads it. */
export interface ListQuery<Sort extends string, Filter, Search extends string> {
  page: number;
  itemsPerPage: number;
  paginate: boolean;
  sort: Array<[Sort, 'asc' | 'desc']>;
  filter: Filter;
  search: Partial<Record<Search, string>>;
}

/** Maps a validated list query to the store's form, with a default sort. */
export function toListQuery<Sort extends string, Filter, Search extends string>(
  query: ValidatedListQuery,
  defaultSort: [Sort, 'asc' | 'desc'],
): ListQuery<Sort, Filter, Search> {
  // The schema (propertyNames) let only these fields and directions through.
  const sort = Object.entries(query.sort ?? {}) as Array<[Sort, 'asc' | 'desc']>;
  return {
    page: query.page,
    itemsPerPage: query.items_per_page,
    paginate: query.pagination,
    sort: sort.length > 0 ? sort : [defaultSort],
    filter: (query.filter ?? {}) as Filter,
    search: (query.search ?? {}) as Partial<Record<Search, string>>,
  };
}

/** The list envelope `data`: records, total_pages (integer) and total_items (string of digits). */
export function listPage<T>(records: T[], total: number, query: { paginate: boolean; itemsPerPage: number }) {
  const pageSize = query.paginate ? query.itemsPerPage : Math.max(total, 1);
  return { records, total_pages: Math.ceil(total / pageSize), total_items: String(total) };
}

/** The JSON schema of a list `data` whose records have `record`'s schema. */
export function listPageSchema(record: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['records', 'total_pages', 'total_items'],
    properties: {
      records: { type: 'array', items: record },
      total_pages: { type: 'integer' },
      total_items: { type: 'string', pattern: '^[0-9]+$' },
    },
  };
}
