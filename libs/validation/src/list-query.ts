import { strictObject } from './schemas';
import type { JsonSchema } from './json-schema';

/** What a list endpoint lets callers sort, filter and search by. */
export interface ListQueryOptions {
  sortFields: readonly string[];
  /** Filterable fields with the schema of their value. */
  filters: Record<string, JsonSchema>;
  searchFields: readonly string[];
}

/**
 * The query schema of the list conventions (ARCHITECTURE.md): `page` (1-based, default 1),
 * `items_per_page` (default 10, at most 100), `pagination` (default true), `sort[field]=asc|desc`,
 * `filter[field]=value`, `search[field]=text` (only where there are fields to search).
 */
export function listQuerySchema(options: ListQueryOptions): JsonSchema {
  const search: Record<string, JsonSchema> =
    options.searchFields.length === 0
      ? {}
      : {
          search: {
            type: 'object',
            propertyNames: { enum: [...options.searchFields] },
            additionalProperties: { type: 'string', maxLength: 100 },
          },
        };
  return strictObject({
    page: { type: 'integer', minimum: 1, maximum: 1000000, default: 1 },
    items_per_page: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    pagination: { type: 'boolean', default: true },
    sort: {
      type: 'object',
      propertyNames: { enum: [...options.sortFields] },
      additionalProperties: { type: 'string', enum: ['asc', 'desc'] },
    },
    filter: strictObject(options.filters),
    ...search,
  });
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
  query: Record<string, unknown>,
  defaultSort: [Sort, 'asc' | 'desc'],
): ListQuery<Sort, Filter, Search> {
  const sort = Object.entries((query.sort as Record<string, 'asc' | 'desc'> | undefined) ?? {}) as Array<[Sort, 'asc' | 'desc']>;
  return {
    page: query.page as number,
    itemsPerPage: query.items_per_page as number,
    paginate: query.pagination as boolean,
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
