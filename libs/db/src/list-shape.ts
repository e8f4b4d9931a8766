import type { ShapeValues } from './prepared';
import { containsPattern } from './search';

/** What a store reads of a validated list query (`ListQuery` of @kyb/validation). */
export interface ShapedListQuery {
  filter: object;
  search: object;
  sort: ReadonlyArray<readonly [string, string]>;
  paginate: boolean;
  page: number;
  itemsPerPage: number;
}

/** A list query taken apart for {@link preparedShapes}. */
export interface ListShape {
  /** Names everything that changes the SQL text: the filters and searches given, the sort, whether it pages. */
  shape: string;
  /** The filters given, by name. */
  filters: string[];
  /** The searches given (non-empty text), by name. */
  searches: string[];
  /** `filter_<name>` per filter, `search_<name>` per search (a contains pattern), `limit` and `offset` when paged, and `fixed`. */
  values: ShapeValues;
}

/**
 * The shape and values of a list query. The list schemas let only known fields and directions
 * through, so names and the sort may shape the text; values never do.
 */
export function listShapeOf(query: ShapedListQuery, fixed: ShapeValues): ListShape {
  const values: ShapeValues = { ...fixed };
  const filters: string[] = [];
  for (const [name, value] of Object.entries(query.filter)) {
    if (value === undefined) continue;
    filters.push(name);
    values[`filter_${name}`] = value as ShapeValues[string];
  }
  const searches: string[] = [];
  for (const [name, text] of Object.entries(query.search)) {
    if (typeof text !== 'string' || text === '') continue;
    searches.push(name);
    values[`search_${name}`] = containsPattern(text);
  }
  if (query.paginate) Object.assign(values, { limit: query.itemsPerPage, offset: (query.page - 1) * query.itemsPerPage });
  return { shape: JSON.stringify([filters, searches, query.sort, query.paginate]), filters, searches, values };
}
