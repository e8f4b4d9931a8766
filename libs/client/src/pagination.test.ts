import { createKybClient } from './index';
import { fakeJwt, ok, startFakeSuite, type FakeSuite } from './test-support/fake-suite';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const USERS = `/auth/api/v1/customers/${CUSTOMER}/users`;
const CASES = `/case/api/v1/customers/${CUSTOMER}/cases`;
const user = (n: number) => ({ id: `user-${n}`, email: `user${n}@example.org` });
const kase = (n: number) => ({ id: `case-${n}`, status: 'MANUAL_REVIEW' });

describe('list iterators', () => {
  let suite: FakeSuite;
  beforeEach(async () => {
    suite = await startFakeSuite();
  });
  afterEach(() => suite.close());

  const client = () => createKybClient({ baseUrl: suite.baseUrl, session: { role: 'CUSTOMER', idToken: fakeJwt({}), accessToken: 'a', refreshToken: 'r' } });

  it('goes over page numbers up to total_pages, keeping the query of the first page', async () => {
    suite.on('GET', USERS, (req) => {
      const page = Number(req.query.get('page'));
      const records = page === 3 ? [user(5)] : [user(2 * page - 1), user(2 * page)];
      return ok({ records, total_pages: 3, total_items: '5' });
    });

    const emails: string[] = [];
    for await (const record of client().list('auth', '/customers/{customerID}/users', { path: { customerID: CUSTOMER }, query: { items_per_page: 2, sort: { email: 'asc' } } })) {
      emails.push(String(record.email));
    }

    expect(emails).toEqual(['user1@example.org', 'user2@example.org', 'user3@example.org', 'user4@example.org', 'user5@example.org']);
    expect(suite.requestsTo('GET', USERS).map((r) => r.query.toString())).toEqual([
      'items_per_page=2&sort%5Bemail%5D=asc&page=1',
      'items_per_page=2&sort%5Bemail%5D=asc&page=2',
      'items_per_page=2&sort%5Bemail%5D=asc&page=3',
    ]);
  });

  it('goes over cursors while next_cursor is given, the cursor in place of the page number', async () => {
    const next: Record<string, string | null> = { start: 'c2', c2: 'c3', c3: null };
    suite.on('GET', CASES, (req) => {
      const cursor = req.query.get('cursor') ?? 'start';
      const n = { start: 1, c2: 3, c3: 5 }[cursor] ?? 99;
      return ok({ records: [kase(n), kase(n + 1)], total_pages: 3, total_items: '6', next_cursor: next[cursor] });
    });

    const pages = [];
    for await (const page of client().pages('case', '/customers/{customerID}/cases', { path: { customerID: CUSTOMER }, query: { filter: { status: 'MANUAL_REVIEW' }, items_per_page: 2, page: 1 } })) {
      pages.push(page.records.map((r) => r.id));
    }

    expect(pages).toEqual([['case-1', 'case-2'], ['case-3', 'case-4'], ['case-5', 'case-6']]);
    const queries = suite.requestsTo('GET', CASES).map((r) => Object.fromEntries(r.query));
    expect(queries).toEqual([
      { 'filter[status]': 'MANUAL_REVIEW', items_per_page: '2', page: '1' },
      { 'filter[status]': 'MANUAL_REVIEW', items_per_page: '2', cursor: 'c2' },
      { 'filter[status]': 'MANUAL_REVIEW', items_per_page: '2', cursor: 'c3' },
    ]);
  });

  it('starts at the cursor given and stops at an empty page', async () => {
    suite.on('GET', CASES, () => ok({ records: [], total_pages: 0, total_items: '0', next_cursor: 'never-followed' }));

    const records = [];
    for await (const record of client().list('case', '/customers/{customerID}/cases', { path: { customerID: CUSTOMER }, query: { cursor: 'from-here' } })) records.push(record);

    expect(records).toEqual([]);
    expect(suite.requestsTo('GET', CASES).map((r) => r.query.get('cursor'))).toEqual(['from-here']);
  });

  it('asks no further page when the caller stops early', async () => {
    suite.on('GET', USERS, (req) => ok({ records: [user(Number(req.query.get('page')))], total_pages: 10, total_items: '10' }));

    for await (const record of client().list('auth', '/customers/{customerID}/users', { path: { customerID: CUSTOMER } })) {
      if (record.id === 'user-2') break;
    }

    expect(suite.requestsTo('GET', USERS)).toHaveLength(2);
  });
});
