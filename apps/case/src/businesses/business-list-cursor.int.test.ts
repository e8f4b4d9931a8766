import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ESTIMATE_SAMPLE, EXACT_TOTAL_UP_TO } from './business-list.store';
import { insertBusiness, startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/* The business list by cursor (issue 46): every sort, filter and search, paged while businesses are added; bad and foreign cursors; totals. */
describe("a customer's business list by cursor", () => {
  let t: CaseTestApp;
  beforeAll(async () => {
    t = await startCaseTestApp({ workers: false });
  });
  afterAll(() => t.close());

  const tenant = () => {
    const customerId = randomUUID();
    return { customerId, token: t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['businesses:read'] }) };
  };
  const list = (customerId: string, token: string, query: string) =>
    request(t.app).get(`/case/api/v1/customers/${customerId}/businesses?${query}`).set('Authorization', `Bearer ${token}`);
  const ids = (res: request.Response) => (res.body.data.records as Array<{ id: string }>).map((r) => r.id);
  const invalid = (message: string) => ({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });

  /** A business of `customerId`: `n` picks its name (ties), external id (every third none), monitoring and status (none, VERIFIED or UNVERIFIED). */
  const add = async (customerId: string, n: number) => {
    const id = await insertBusiness(t.db, {
      customerId,
      name: ['Acme Dental', 'Beta Bakery', 'Acme Dental', 'Gamma Goods'][n % 4],
      externalId: n % 3 === 0 ? null : `EXT-${n}`,
      isMonitoringEnabled: n % 2 === 0,
    });
    if (n % 3 !== 2) await t.verify({ businessId: id, status: n % 3 === 0 ? 'VERIFIED' : 'UNVERIFIED' });
    return id;
  };
  /** Twelve businesses with ties on every sort key: three share created_at and updated_at to the microsecond. */
  const seed = async (customerId: string) => {
    const added: string[] = [];
    for (let n = 0; n < 12; n += 1) added.push(await add(customerId, n));
    await t.db('cases.businesses').whereIn('id', added.slice(3, 6)).update({ created_at: '2026-12-01 09:00:00.123456+00', updated_at: '2026-12-01 09:00:00.123456+00' });
    await t.db('cases.businesses').where('id', added[7]).update({ created_at: '2026-12-01 09:00:00.123457+00' });
    return added;
  };

  const sorts = ['name', 'external_id', 'status', 'created_at', 'updated_at'].flatMap((field) => [`sort[${field}]=asc`, `sort[${field}]=desc`]);
  const lists = [
    ...sorts.map((sort) => ({ sort, filter: '' })),
    { sort: 'sort[status]=desc&sort[name]=asc', filter: '' },
    { sort: 'sort[name]=asc&sort[status]=desc', filter: '' },
    ...['filter[status]=VERIFIED', 'filter[status]=UNVERIFIED', 'filter[is_monitoring_enabled]=true', 'filter[is_monitoring_enabled]=false', 'search[name]=acme', 'search[external_id]=XT-1']
      .flatMap((filter) => ['sort[created_at]=desc', 'sort[status]=asc', 'sort[external_id]=desc'].map((sort) => ({ sort, filter }))),
    { sort: 'sort[name]=desc', filter: 'filter[external_id]=EXT-4' },
  ];

  it.each(lists)('visits every business once by cursor ($sort $filter) while businesses are added between pages', async ({ sort, filter }) => {
    const { customerId, token } = tenant();
    await seed(customerId);
    const query = [sort, filter].filter(Boolean).join('&');
    const whole = ids(await list(customerId, token, `${query}&pagination=false`).expect(200));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: request.Response = await list(customerId, token, `${query}&items_per_page=3${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
      const now = ids(await list(customerId, token, `${query}&pagination=false`).expect(200));
      expect(res.body.data).toMatchObject({ total_items: String(now.length), total_is_estimate: false });
      expect(res.body.data.records.length).toBeLessThanOrEqual(3);
      seen.push(...ids(res));
      cursor = res.body.data.next_cursor;
      // Businesses of every kind added between pages: each is shown at most once, wherever it sorts.
      await add(customerId, 12 + pages);
      pages += 1;
    } while (cursor !== null && pages < 30);

    expect(cursor).toBeNull();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => whole.includes(id))).toEqual(whole);
    expect(whole.length).toBeGreaterThan(0);
  });

  it('gives the same order as page numbers, and a cursor from a numbered page goes on from it', async () => {
    const { customerId, token } = tenant();
    await seed(customerId);
    for (const sort of ['sort[status]=desc', 'sort[external_id]=asc', 'sort[created_at]=desc']) {
      const numbered: string[] = [];
      for (let page = 1; page <= 3; page += 1) numbered.push(...ids(await list(customerId, token, `${sort}&items_per_page=4&page=${page}`).expect(200)));
      const first = await list(customerId, token, `${sort}&items_per_page=4`).expect(200);
      expect(Object.keys(first.body.data)).toEqual(['records', 'total_pages', 'total_items', 'next_cursor', 'total_is_estimate']);
      const second = await list(customerId, token, `${sort}&items_per_page=8&cursor=${first.body.data.next_cursor}`).expect(200);
      expect({ sort, ids: [...ids(first), ...ids(second)] }).toEqual({ sort, ids: numbered });
      expect(second.body.data.next_cursor).toBeNull();
    }
  });

  it('answers 400 naming the cursor to one that is not a cursor, was altered or was made for another sort', async () => {
    const { customerId, token } = tenant();
    await seed(customerId);
    const cursorOf = async (query: string) => (await list(customerId, token, `${query}&items_per_page=1`).expect(200)).body.data.next_cursor as string;
    const byCreated = await cursorOf('sort[created_at]=desc');
    const decoded = JSON.parse(Buffer.from(byCreated, 'base64url').toString());
    const altered = (change: object) => Buffer.from(JSON.stringify({ ...decoded, ...change })).toString('base64url');
    for (const bad of ['bm90LWEtY3Vyc29y', altered({ keys: ['2026-02-30T10:00:00.000000Z'] }), altered({ keys: [null] }), altered({ keys: ["'; drop table cases.businesses; --"] }), altered({ id: '42' })]) {
      expect({ bad, body: (await list(customerId, token, `cursor=${bad}`).expect(400)).body }).toEqual({ bad, body: invalid('query.cursor is not a cursor of this list') });
    }
    expect((await list(customerId, token, `sort[name]=asc&cursor=${byCreated}`).expect(400)).body).toEqual(
      invalid('query.cursor was made for another sort (created_at:desc): give it back with that sort'),
    );
    expect((await list(customerId, token, `page=2&cursor=${byCreated}`).expect(400)).body).toEqual(invalid('query.page cannot be given with query.cursor: the cursor says where the page starts'));
    expect((await list(customerId, token, 'cursor=a+b').expect(400)).body).toEqual(invalid('query.cursor must match pattern "^[A-Za-z0-9_-]+$"'));
    // A status no business shows, or a name with quotes, reads as text: never a 500.
    const byStatus = JSON.parse(Buffer.from(await cursorOf('sort[status]=asc'), 'base64url').toString());
    for (const keys of [['NOT-A-STATUS'], ["O'Brien \\ %_"]]) {
      const forged = Buffer.from(JSON.stringify({ ...byStatus, keys })).toString('base64url');
      expect((await list(customerId, token, `sort[status]=asc&cursor=${forged}`).expect(200)).body.data.records.every((r: { customer_id: string }) => r.customer_id === customerId)).toBe(true);
    }
  });

  it("never shows another tenant's businesses, nor those other filters exclude, whatever cursor is given", async () => {
    const a = tenant();
    const b = tenant();
    const [aIds, bIds] = [await seed(a.customerId), await seed(b.customerId)];
    for (const sort of ['sort[created_at]=desc', 'sort[status]=asc', 'sort[name]=asc']) {
      const cursor = (await list(a.customerId, a.token, `${sort}&items_per_page=2`).expect(200)).body.data.next_cursor;
      // Another tenant's cursor on one's own list: only one's own businesses, after that position.
      const own = ids(await list(b.customerId, b.token, `${sort}&items_per_page=100&cursor=${cursor}`).expect(200));
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((id) => bIds.includes(id))).toBe(true);
      // And another tenant's list, with one's own token, stays refused.
      expect((await list(a.customerId, b.token, `${sort}&cursor=${cursor}`).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
      // A cursor of the whole list, given with a filter: only the filter's businesses.
      const verified = ids(await list(a.customerId, a.token, `${sort}&filter[status]=VERIFIED&pagination=false`).expect(200));
      const filtered = ids(await list(a.customerId, a.token, `${sort}&filter[status]=VERIFIED&items_per_page=100&cursor=${cursor}`).expect(200));
      expect(filtered.every((id) => verified.includes(id) && aIds.includes(id))).toBe(true);
    }
  });

  it('documents cursor, next_cursor and total_is_estimate in the OpenAPI document', async () => {
    const doc = (await request(t.app).get('/case/api/v1/openapi.json').expect(200)).body;
    const operation = doc.paths['/customers/{customerID}/businesses'].get;
    const parameters = Object.fromEntries(operation.parameters.map((p: { name: string; schema: object }) => [p.name, p.schema]));
    expect(parameters.cursor).toMatchObject({ type: 'string', pattern: '^[A-Za-z0-9_-]+$', description: expect.stringContaining('next_cursor') });
    expect(parameters.sort.propertyNames.enum).toEqual(['name', 'external_id', 'status', 'created_at', 'updated_at']);
    const data = JSON.stringify(operation.responses['200']);
    for (const key of ['next_cursor', 'total_is_estimate', 'total_items', 'total_pages']) expect(data).toContain(`"${key}"`);
  });

  describe('totals past what is counted', () => {
    const customerId = randomUUID();
    let owner: string;
    const many = 3600;
    beforeAll(async () => {
      owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['businesses:read'] });
      // 3,600 businesses named "Shop <n>", every fourth monitored, every third VERIFIED; one more in another tenant.
      await t.db.raw(
        `insert into cases.businesses (customer_id, name, external_id, is_monitoring_enabled, created_by, updated_by, created_at)
         select ?, 'Shop ' || g, 'S-' || g, g % 4 = 0, ?, ?, timestamptz '2026-06-01' + g * interval '1 minute' from generate_series(1, ?) g`,
        [customerId, customerId, customerId, many],
      );
      await t.db.raw(
        `insert into integration.business_verification_directory (business_id, status, checks)
         select id, 'VERIFIED', '[]' from cases.businesses where customer_id = ? and (substr(name, 6)::int % 3) = 0`,
        [customerId],
      );
      await insertBusiness(t.db, { customerId: randomUUID(), name: 'Shop elsewhere' });
    });

    it('are exact from the kept counts without a filter, and by monitoring, however many businesses there are', async () => {
      expect((await list(customerId, owner, '').expect(200)).body.data).toMatchObject({ total_items: String(many), total_pages: Math.ceil(many / 10), total_is_estimate: false });
      expect((await list(customerId, owner, 'filter[is_monitoring_enabled]=true').expect(200)).body.data).toMatchObject({ total_items: String(many / 4), total_is_estimate: false });
      expect((await list(customerId, owner, 'filter[is_monitoring_enabled]=false').expect(200)).body.data).toMatchObject({ total_items: String(many - many / 4), total_is_estimate: false });
      await t.db('cases.businesses').where({ customer_id: customerId, name: 'Shop 1' }).update({ deleted_at: new Date() });
      expect((await list(customerId, owner, '').expect(200)).body.data).toMatchObject({ total_items: String(many - 1), total_is_estimate: false });
      await t.db('cases.businesses').where({ customer_id: customerId, name: 'Shop 1' }).update({ deleted_at: null });
    });

    it('are exact up to the count, and past it an estimate said to be one, from the newest businesses sampled', async () => {
      expect([ESTIMATE_SAMPLE, EXACT_TOTAL_UP_TO].every((size) => size < many / 3)).toBe(true);
      // Shop 10, 100 to 109 and 1000 to 1099.
      expect((await list(customerId, owner, 'search[name]=Shop 10').expect(200)).body.data).toMatchObject({ total_items: '111', total_is_estimate: false });
      // Shop 1, 10 to 19, 100 to 199 and 1000 to 1999: more than are counted, none among the newest thousand, so no share to go by.
      expect((await list(customerId, owner, 'search[name]=Shop 1').expect(200)).body.data).toMatchObject({ total_items: String(EXACT_TOTAL_UP_TO + 1), total_is_estimate: true });
      const all = (await list(customerId, owner, 'search[name]=shop').expect(200)).body.data;
      expect(all).toMatchObject({ total_items: String(many), total_pages: Math.ceil(many / 10), total_is_estimate: true });
      const verified = (await list(customerId, owner, 'filter[status]=VERIFIED&items_per_page=100').expect(200)).body.data;
      expect(verified.total_is_estimate).toBe(true);
      // A third of the newest thousand are VERIFIED, as of all of them.
      expect(Math.abs(Number(verified.total_items) - many / 3)).toBeLessThanOrEqual(5);
      expect(verified.total_pages).toBe(Math.ceil(Number(verified.total_items) / 100));
      const unverified = (await list(customerId, owner, 'filter[status]=UNVERIFIED&filter[is_monitoring_enabled]=false').expect(200)).body.data;
      expect(unverified.total_is_estimate).toBe(true);
      expect(Math.abs(Number(unverified.total_items) - ((many * 3) / 4) * (2 / 3))).toBeLessThanOrEqual(10);
      // Past the end of an estimated list, the estimate is counted again: still the same estimate, no page.
      expect((await list(customerId, owner, 'search[name]=shop&page=1000&items_per_page=100').expect(200)).body.data).toMatchObject({ records: [], total_items: String(many), total_is_estimate: true });
    });
  });
});
