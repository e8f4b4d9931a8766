import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createScoreDirectoryStandIn } from '@kyb/area-views/testing';
import { createPgCaseStore, type NewCaseRow } from './cases.store';
import { insertBusiness, startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/* The review queue (issue 45): GET /customers/{customerID}/cases by risk level and age, page numbers and cursors. */
describe('the review queue', () => {
  let t: CaseTestApp;
  let scores: Awaited<ReturnType<typeof createScoreDirectoryStandIn>>;
  const HOUR = 3600 * 1000;

  beforeAll(async () => {
    // No decision round: it would move the cases while a test pages through them.
    t = await startCaseTestApp({ workers: false });
    scores = await createScoreDirectoryStandIn(t.db);
  });
  afterAll(() => t.close());

  /** A customer with a token that reads its cases. */
  const tenant = async () => {
    const customerId = randomUUID();
    await t.customer({ id: customerId });
    return { customerId, token: t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['case:read'] }) };
  };
  /** Opens `count` cases in one transaction (so they share created_at), each of a business of its own. */
  const openCases = async (customerId: string, count: number, changes: Record<string, unknown> = {}) => {
    const rows: NewCaseRow[] = [];
    for (let i = 0; i < count; i += 1) rows.push({ customer_id: customerId, business_id: await insertBusiness(t.db, { customerId }), applicant_id: null, origin: 'ADDED', created_by: randomUUID() });
    const ids = await t.db.transaction((trx) => createPgCaseStore(t.db).insertCases(trx, rows));
    if (Object.keys(changes).length > 0) await t.db('cases.cases').whereIn('id', ids).update(changes);
    return ids.map((id, i) => ({ id, businessId: rows[i].business_id }));
  };
  const list = (customerId: string, token: string, query: string) =>
    request(t.app).get(`/case/api/v1/customers/${customerId}/cases?${query}`).set('Authorization', `Bearer ${token}`);
  /** The 400 envelope of a request that fails validation. */
  const invalid = (message: string) => ({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
  const ids = (res: request.Response) => (res.body.data.records as Array<{ id: string }>).map((r) => r.id);
  const score = (businessId: string, riskLevel: string, minutesAgo: number, status = 'SUCCESS') =>
    scores.put({
      id: randomUUID(),
      businessId,
      status,
      version: '2.2',
      weightageConfigId: randomUUID(),
      weightedScore100: 50,
      weightedScore850: 575,
      riskLevel,
      decision: 'FURTHER_REVIEW_NEEDED',
      distribution: [],
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });

  it("filters by the risk level of the business's newest successful score", async () => {
    const { customerId, token } = await tenant();
    // The fourth case's business has no score: no risk level lists it.
    const [nowHigh, nowLow, moderate] = await openCases(customerId, 4);
    await score(nowHigh.businessId, 'LOW', 60);
    await score(nowHigh.businessId, 'HIGH', 5);
    await score(nowLow.businessId, 'LOW', 30);
    // A newer score that failed (or is still running) says nothing: the newest successful one counts.
    await score(nowLow.businessId, 'HIGH', 1, 'FAILED');
    await score(moderate.businessId, 'MODERATE', 10);
    // Another customer's case of a HIGH business is not this customer's.
    const other = await tenant();
    const [foreign] = await openCases(other.customerId, 1);
    await score(foreign.businessId, 'HIGH', 1);

    expect(ids(await list(customerId, token, 'filter[risk_level]=HIGH').expect(200))).toEqual([nowHigh.id]);
    expect(ids(await list(customerId, token, 'filter[risk_level]=LOW').expect(200))).toEqual([nowLow.id]);
    const res = await list(customerId, token, 'filter[risk_level]=MODERATE').expect(200);
    expect(res.body.data).toMatchObject({ total_items: '1', total_pages: 1, next_cursor: null });
    expect(ids(res)).toEqual([moderate.id]);
    expect((await list(customerId, token, '').expect(200)).body.data.total_items).toBe('4');
    expect(ids(await list(customerId, token, 'filter[risk_level]=HIGH&filter[status]=OPEN').expect(200))).toEqual([nowHigh.id]);
    expect((await list(customerId, token, 'filter[risk_level]=MEDIUM').expect(400)).body).toEqual(
      invalid('query.filter.risk_level must be equal to one of the allowed values: HIGH, MODERATE, LOW'),
    );
  });

  it('filters by how long a case has been in its state, in hours or before a time, longest waiting first', async () => {
    const { customerId, token } = await tenant();
    // The clock stands still (tokens are checked by it too), so an age is exact.
    const now = new Date();
    t.clock.set(now);
    try {
      const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
      const [days] = await openCases(customerId, 1, { status: 'MANUAL_REVIEW', status_changed_at: at(50) });
      const [day] = await openCases(customerId, 1, { status: 'MANUAL_REVIEW', status_changed_at: at(25) });
      const [hours] = await openCases(customerId, 1, { status: 'MANUAL_REVIEW', status_changed_at: at(3) });
      const [asked] = await openCases(customerId, 1, { status: 'INFO_REQUESTED', status_changed_at: at(30) });

      const queue = 'filter[status]=MANUAL_REVIEW&sort[status_changed_at]=asc';
      expect(ids(await list(customerId, token, `${queue}&filter[waiting_longer_than_hours]=24`).expect(200))).toEqual([days.id, day.id]);
      expect(ids(await list(customerId, token, `${queue}&filter[waiting_longer_than_hours]=0`).expect(200))).toEqual([days.id, day.id, hours.id]);
      expect(ids(await list(customerId, token, 'filter[waiting_longer_than_hours]=26&sort[status_changed_at]=asc').expect(200))).toEqual([days.id, asked.id]);
      // Exactly 25 hours is not longer than 25 hours.
      expect(ids(await list(customerId, token, `${queue}&filter[waiting_longer_than_hours]=25`).expect(200))).toEqual([days.id]);
      expect(ids(await list(customerId, token, `${queue}&filter[status_changed_before]=${at(4).toISOString()}`).expect(200))).toEqual([days.id, day.id]);
      // Both: the earlier time holds.
      const both = `${queue}&filter[status_changed_before]=${at(4).toISOString()}&filter[waiting_longer_than_hours]=40`;
      expect(ids(await list(customerId, token, both).expect(200))).toEqual([days.id]);

      for (const [query, message] of [
        ['filter[waiting_longer_than_hours]=-1', 'query.filter.waiting_longer_than_hours must be >= 0'],
        ['filter[waiting_longer_than_hours]=a%20day', 'query.filter.waiting_longer_than_hours must be integer'],
        ['filter[status_changed_before]=yesterday', 'query.filter.status_changed_before must match format "date-time"'],
      ]) {
        expect((await list(customerId, token, query).expect(400)).body).toEqual(invalid(message));
      }
    } finally {
      t.clock.set(undefined);
    }
  });

  describe('paging by cursor', () => {
    const sorts = ['created_at', 'updated_at', 'status', 'status_changed_at'].flatMap((field) => [`${field}:asc`, `${field}:desc`]);

    it.each(sorts)('visits every case once, sorted by %s, while cases are added between pages', async (sortBy) => {
      const [field, direction] = sortBy.split(':');
      const { customerId, token } = await tenant();
      // Ties on every key: cases opened together, some moved at the same time to the same state.
      const tied = await openCases(customerId, 4);
      const moved = await openCases(customerId, 3, { status: 'MANUAL_REVIEW', status_changed_at: new Date('2026-12-01T09:00:00.000Z'), updated_at: new Date('2026-12-01T09:00:00.000Z') });
      const later = await openCases(customerId, 2, { status: 'AUTO_APPROVED' });
      const before = [...tied, ...moved, ...later].map((c) => c.id);
      const sort = `sort[${field}]=${direction}&items_per_page=3`;
      const whole = ids(await list(customerId, token, `sort[${field}]=${direction}&pagination=false`).expect(200));

      const seen: string[] = [];
      let cursor: string | null = null;
      let added = 0;
      do {
        const query: string = cursor ? `${sort}&cursor=${cursor}` : sort;
        const res: request.Response = await list(customerId, token, query).expect(200);
        expect(res.body.data.total_items).toBe(String(before.length + added));
        expect(res.body.data.records.length).toBeLessThanOrEqual(3);
        seen.push(...ids(res));
        cursor = res.body.data.next_cursor;
        // A case added between pages: before the cursor it is not shown, after it once.
        await openCases(customerId, 1, added % 2 === 0 ? {} : { status: 'MANUAL_REVIEW', status_changed_at: new Date('2026-12-01T09:00:00.000Z') });
        added += 1;
      } while (cursor !== null && added < 20);

      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.filter((id) => before.includes(id))).toEqual(whole);
      // Opened after the first page, the added cases come after every case before them: each is shown once.
      if (sortBy === 'created_at:asc') expect(seen.length).toBe(before.length + added - 1);
      expect(whole.sort()).toEqual([...before].sort());
    });

    it('gives the same order as page numbers, and a cursor from a numbered page goes on from it', async () => {
      const { customerId, token } = await tenant();
      await openCases(customerId, 5);
      const first = await list(customerId, token, 'items_per_page=2').expect(200);
      expect(Object.keys(first.body.data)).toEqual(['records', 'total_pages', 'total_items', 'next_cursor']);
      expect(first.body.data).toMatchObject({ total_pages: 3, total_items: '5', next_cursor: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
      const second = await list(customerId, token, 'items_per_page=2&page=2').expect(200);
      expect(ids(await list(customerId, token, `items_per_page=2&cursor=${first.body.data.next_cursor}`).expect(200))).toEqual(ids(second));
      const last = await list(customerId, token, 'items_per_page=2&page=3').expect(200);
      expect(last.body.data.records).toHaveLength(1);
      expect(last.body.data.next_cursor).toBeNull();
    });

    it('answers 400 to a cursor that is not one, was altered or was made for another sort, and 403 to another tenant', async () => {
      const { customerId, token } = await tenant();
      await openCases(customerId, 3);
      const cursor = (await list(customerId, token, 'items_per_page=1').expect(200)).body.data.next_cursor as string;
      const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
      const altered = (change: object) => Buffer.from(JSON.stringify({ ...decoded, ...change })).toString('base64url');
      for (const bad of ['bm90LWEtY3Vyc29y', altered({ keys: ['2026-02-30T10:00:00.000000Z'] }), altered({ keys: ["'; drop table cases.cases; --"] }), altered({ id: '42' }), altered({ keys: [] })]) {
        expect({ bad, body: (await list(customerId, token, `cursor=${bad}`).expect(400)).body }).toEqual({ bad, body: invalid('query.cursor is not a cursor of this list') });
      }
      expect((await list(customerId, token, 'cursor=not%20base64').expect(400)).body).toEqual(invalid('query.cursor must match pattern "^[A-Za-z0-9_-]+$"'));
      expect((await list(customerId, token, `sort[status]=asc&cursor=${cursor}`).expect(400)).body).toEqual(
        invalid('query.cursor was made for another sort (created_at:desc): give it back with that sort'),
      );
      expect((await list(customerId, token, `page=2&cursor=${cursor}`).expect(400)).body).toEqual(invalid('query.page cannot be given with query.cursor: the cursor says where the page starts'));

      const stranger = await tenant();
      expect((await list(customerId, stranger.token, `cursor=${cursor}`).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
      expect((await list(customerId, stranger.token, 'filter[risk_level]=HIGH').expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    });
  });

  it('documents the queue in the OpenAPI document: the new filters, cursor and next_cursor', async () => {
    const doc = (await request(t.app).get('/case/api/v1/openapi.json').expect(200)).body;
    const operation = doc.paths['/customers/{customerID}/cases'].get;
    const parameters = Object.fromEntries(operation.parameters.map((p: { name: string; schema: object }) => [p.name, p.schema]));
    expect(parameters.cursor).toMatchObject({ type: 'string', pattern: '^[A-Za-z0-9_-]+$', description: expect.stringContaining('next_cursor') });
    expect(parameters.filter.properties).toMatchObject({
      risk_level: { enum: ['HIGH', 'MODERATE', 'LOW'] },
      waiting_longer_than_hours: { type: 'integer', minimum: 0 },
      status_changed_before: { type: 'string', format: 'date-time' },
    });
    expect(parameters.sort.propertyNames.enum).toEqual(['created_at', 'updated_at', 'status', 'status_changed_at']);
    const body = JSON.stringify(operation.responses['200']);
    expect(body).toContain('next_cursor');
  });
});
