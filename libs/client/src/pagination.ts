import type { Area, OperationOf, PathOf, SuccessData } from './operations';

/** The `data` of a list answer (ARCHITECTURE.md: records, total_pages, total_items; `next_cursor` where the list pages by cursor). */
export interface ListPage<R> {
  records: R[];
  total_pages: number;
  /** A string of digits. */
  total_items: string;
  /** The next page's `cursor`; null on the last page. Only lists that page by cursor have it. */
  next_cursor?: string | null;
}

/** The GET paths of `area` that answer a list. */
export type ListPathOf<A extends Area> = {
  [P in PathOf<A, 'get'>]: SuccessData<OperationOf<A, 'get', P>> extends { records: unknown[] } ? P : never;
}[PathOf<A, 'get'>];

/** The record type of a list. */
export type ListRecordOf<A extends Area, P extends ListPathOf<A>> = SuccessData<OperationOf<A, 'get', P>> extends { records: Array<infer R> } ? R : never;

/** The query a page is asked with, besides the caller's. */
export interface PageQuery {
  page?: number;
  cursor?: string;
}

/**
 * Asks for page after page: with `next_cursor` while the answer gives one (the cursor replaces
 * the page number, as the cases list wants), else `page` 2, 3, ... up to `total_pages`. Stops at
 * an empty page. Starts at `start` (a page number or a cursor; page 1 by default).
 */
export async function* listPages<R>(
  fetchPage: (query: PageQuery) => Promise<{ data: unknown }>,
  start: PageQuery,
): AsyncGenerator<ListPage<R>> {
  let query: PageQuery = start.cursor !== undefined ? { cursor: start.cursor } : { page: start.page ?? 1 };
  for (;;) {
    const page = (await fetchPage(query)).data as ListPage<R>;
    yield page;
    if (page.records.length === 0) return;
    if (page.next_cursor !== undefined) {
      if (page.next_cursor === null) return;
      query = { cursor: page.next_cursor };
    } else {
      const number = query.page ?? 1;
      if (number >= page.total_pages) return;
      query = { page: number + 1 };
    }
  }
}
