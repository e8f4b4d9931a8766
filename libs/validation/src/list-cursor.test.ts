import { ValidationError } from '@kyb/envelope';
import { compileValidator } from './validator';
import { listQuerySchema } from './list-query';
import { cursorListPage, cursorListPageSchema, decodeListCursor, encodeListCursor, toCursorListQuery, withListCursor, type CursorKeyKind } from './list-cursor';

describe('list cursors', () => {
  const kinds: Record<'created_at' | 'status', CursorKeyKind> = { created_at: 'timestamp', status: 'text' };
  const byCreated = [['created_at', 'desc']] as const;
  const position = { keys: ['2026-12-08T10:00:00.123456Z'], id: '6f1d0a52-3c39-4a43-9a55-3f0f5f8a6b11' };
  const validate = compileValidator<{ page: number; items_per_page: number; pagination: boolean; cursor?: string }>(
    withListCursor(listQuerySchema({ sortFields: ['created_at', 'status'], filters: {}, searchFields: [] })),
    'query',
  );
  const problem = (run: () => unknown) => {
    try {
      run();
    } catch (err) {
      if (err instanceof ValidationError) return { status: err.httpStatus, errorName: err.errorName, message: err.message };
      throw err;
    }
    throw new Error('no error');
  };
  const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('gives back the position it was made from, microseconds kept, as base64url text', () => {
    const cursor = encodeListCursor(byCreated, position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(cursor, byCreated, kinds)).toEqual(position);
  });

  it('maps a query with a cursor to the position, and one without to page numbers', () => {
    const cursor = encodeListCursor([['status', 'asc']], { keys: ['MANUAL_REVIEW'], id: position.id });
    expect(toCursorListQuery(validate({ cursor, sort: { status: 'asc' } }), ['created_at', 'desc'], kinds)).toMatchObject({
      page: 1,
      sort: [['status', 'asc']],
      after: { keys: ['MANUAL_REVIEW'], id: position.id },
    });
    expect(toCursorListQuery(validate({ page: '3' }), ['created_at', 'desc'], kinds)).toMatchObject({ page: 3, after: null });
  });

  it('refuses, as a 400 ValidationMiddlewareError, a cursor that does not decode, was altered or was made for another sort', () => {
    const invalid = { status: 400, errorName: 'ValidationMiddlewareError', message: 'query.cursor is not a cursor of this list' };
    const byStatus = [['status', 'asc']] as const;
    const cases: Array<[string, ReadonlyArray<readonly [string, 'asc' | 'desc']>]> = [
      ['bm90IGpzb24', byCreated],
      [encoded(['a']), byCreated],
      [encoded(null), byCreated],
      [encoded({ sort: 'created_at:desc', keys: ['2026-13-45T10:00:00.000000Z'], id: position.id }), byCreated],
      [encoded({ sort: 'created_at:desc', keys: ['yesterday'], id: position.id }), byCreated],
      [encoded({ sort: 'created_at:desc', keys: [1733652000000], id: position.id }), byCreated],
      [encoded({ sort: 'created_at:desc', keys: [], id: position.id }), byCreated],
      [encoded({ sort: 'created_at:desc', keys: position.keys, id: 'not-a-uuid' }), byCreated],
      [encoded({ sort: 'status:asc', keys: ['A\u0000B'], id: position.id }), byStatus],
    ];
    for (const [cursor, sort] of cases) {
      expect({ cursor, problem: problem(() => decodeListCursor(cursor, sort, kinds)) }).toEqual({ cursor, problem: invalid });
    }
    expect(problem(() => decodeListCursor(encodeListCursor(byCreated, position), [['created_at', 'asc']], kinds))).toEqual({
      status: 400,
      errorName: 'ValidationMiddlewareError',
      message: 'query.cursor was made for another sort (created_at:desc): give it back with that sort',
    });
  });

  it('carries a null key only for a nullable_text key, and refuses it for any other kind', () => {
    const nullable: Record<'external_id', CursorKeyKind> = { external_id: 'nullable_text' };
    const byExternalId = [['external_id', 'asc']] as const;
    for (const keys of [[null], ['EXT-1']]) {
      const cursor = encodeListCursor(byExternalId, { keys, id: position.id });
      expect(decodeListCursor(cursor, byExternalId, nullable)).toEqual({ keys, id: position.id });
    }
    for (const keys of [[7], [{}], ['A\u0000B']]) {
      expect(problem(() => decodeListCursor(encoded({ sort: 'external_id:asc', keys, id: position.id }), byExternalId, nullable)).message).toBe('query.cursor is not a cursor of this list');
    }
    expect(problem(() => decodeListCursor(encoded({ sort: 'status:asc', keys: [null], id: position.id }), [['status', 'asc']], kinds)).message).toBe(
      'query.cursor is not a cursor of this list',
    );
    expect(problem(() => decodeListCursor(encoded({ sort: 'external_id:asc', keys: ['EXT-1'], id: null }), byExternalId, nullable)).message).toBe(
      'query.cursor is not a cursor of this list',
    );
  });

  it('refuses a cursor with a page number, and text that is not base64url', () => {
    const cursor = encodeListCursor(byCreated, position);
    expect(problem(() => toCursorListQuery(validate({ cursor, page: '2' }), ['created_at', 'desc'], kinds)).message).toBe(
      'query.page cannot be given with query.cursor: the cursor says where the page starts',
    );
    expect(problem(() => validate({ cursor: 'a+b/c=' })).message).toBe('query.cursor must match pattern "^[A-Za-z0-9_-]+$"');
  });

  it('answers next_cursor beside records, total_pages and total_items: null on the last page', () => {
    const query = { paginate: true, itemsPerPage: 2, sort: byCreated };
    expect(cursorListPage(['a', 'b'], 3, query, position)).toEqual({
      records: ['a', 'b'],
      total_pages: 2,
      total_items: '3',
      next_cursor: encodeListCursor(byCreated, position),
    });
    expect(cursorListPage(['c'], 3, query, null)).toMatchObject({ next_cursor: null });
    expect(cursorListPageSchema({ type: 'string' })).toMatchObject({
      required: ['records', 'total_pages', 'total_items', 'next_cursor'],
      properties: { next_cursor: { type: ['string', 'null'] } },
    });
  });
});
