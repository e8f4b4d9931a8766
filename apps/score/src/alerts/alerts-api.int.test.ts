import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DEFAULT_WEIGHTAGE_CONFIG } from '../engine';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';
import { ALERT_RULES, type AlertRule, type AlertSeverity } from './alert-codes';

/** The alerts API: the list conventions, acknowledging and resolving, and tenant isolation. */
describe('alerts API', () => {
  let t: ScoreTestApp;
  const customerId = randomUUID();
  const otherCustomerId = randomUUID();
  const userId = randomUUID();
  const adminId = randomUUID();
  const [businessA, businessB] = [randomUUID(), randomUUID()];
  let owner: string;
  let admin: string;
  const base = `/score/api/v1/customers/${customerId}/alerts`;

  beforeAll(async () => {
    t = await startScoreTestApp({ workers: false });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, userId });
    admin = t.keys.tokenFor({ role: 'ADMIN', userId: adminId });
  });
  afterAll(() => t.close());

  /** A SUCCESS score of the business, for alerts to name. */
  async function score(businessId: string, customer: string): Promise<string> {
    const row = { business_id: businessId, customer_id: customer, source_key: `test:${randomUUID()}`, trigger: 'MONITORING', status: 'SUCCESS' };
    const [{ id }] = await t.db('scores.scores').insert({ ...row, weightage_config_id: DEFAULT_WEIGHTAGE_CONFIG.id, version: '2.2', year: 2026, month: 6 }).returning('id');
    return id;
  }
  /** An alert stored as monitoring raises it, `minutes` after 2026-06-01T00:00Z. */
  async function alert(input: { customer?: string; business?: string; rule?: AlertRule; severity?: AlertSeverity; status?: string; minutes: number }): Promise<string> {
    const customer = input.customer ?? customerId;
    const business = input.business ?? businessA;
    const [previous, current] = [await score(business, customer), await score(business, customer)];
    const at = new Date(Date.UTC(2026, 5, 1, 0, input.minutes));
    const [{ id }] = await t
      .db('scores.alerts')
      .insert({
        customer_id: customer,
        business_id: business,
        score_id: current,
        previous_score_id: previous,
        rule: input.rule ?? 'RISK_LEVEL_CHANGED',
        severity: input.severity ?? 'HIGH',
        status: input.status ?? 'OPEN',
        title: 'Risk level changed',
        summary: 'The risk level went from LOW to HIGH.',
        before: JSON.stringify('LOW'),
        after: JSON.stringify('HIGH'),
        data: JSON.stringify({ score_id: current, previous_score_id: previous }),
        created_at: at,
        updated_at: at,
      })
      .returning('id');
    return id;
  }
  const get = (path: string, token = owner) => request(t.app).get(path).set('Authorization', `Bearer ${token}`);
  const patch = (path: string, body: object, token = owner) => request(t.app).patch(path).set('Authorization', `Bearer ${token}`).send(body);
  const ids = (res: request.Response) => (res.body.data.records as Array<{ id: string }>).map((r) => r.id);

  // Five alerts of the customer (two businesses), one of another customer.
  let seeded: { oldHigh: string; low: string; medium: string; otherBusiness: string; newestHigh: string; foreign: string };
  beforeAll(async () => {
    seeded = {
      oldHigh: await alert({ minutes: 1, severity: 'HIGH', rule: 'NEW_LIEN' }),
      low: await alert({ minutes: 2, severity: 'LOW', rule: 'LIEN_RELEASED', status: 'RESOLVED' }),
      medium: await alert({ minutes: 3, severity: 'MEDIUM', rule: 'SCORE_CHANGED', status: 'ACKNOWLEDGED' }),
      otherBusiness: await alert({ minutes: 4, severity: 'HIGH', business: businessB, rule: 'FILING_STATUS_CHANGED' }),
      newestHigh: await alert({ minutes: 5, severity: 'HIGH', rule: 'NEW_LIEN' }),
      foreign: await alert({ minutes: 6, customer: otherCustomerId, business: randomUUID() }),
    };
  });

  describe('the list', () => {
    it("answers the customer's alerts newest first, ten a page, with the totals; never another customer's", async () => {
      const res = await get(base).expect(200);
      expect(res.body).toMatchObject({ status: 'success', message: 'Alerts fetched successfully', data: { total_pages: 1, total_items: '5' } });
      expect(ids(res)).toEqual([seeded.newestHigh, seeded.otherBusiness, seeded.medium, seeded.low, seeded.oldHigh]);
    });

    it('pages with page and items_per_page, or answers all with pagination=false', async () => {
      const second = await get(`${base}?items_per_page=2&page=2`).expect(200);
      expect(ids(second)).toEqual([seeded.medium, seeded.low]);
      expect(second.body.data).toMatchObject({ total_pages: 3, total_items: '5' });
      const past = await get(`${base}?items_per_page=2&page=9`).expect(200);
      expect(past.body.data).toEqual({ records: [], total_pages: 3, total_items: '5' });
      const all = await get(`${base}?pagination=false&items_per_page=1`).expect(200);
      expect(all.body.data).toMatchObject({ total_pages: 1, total_items: '5' });
      expect(ids(all)).toHaveLength(5);
    });

    it('sorts by severity (HIGH first when descending, newest first among equals) and by creation either way', async () => {
      expect(ids(await get(`${base}?sort[severity]=desc`).expect(200))).toEqual([seeded.newestHigh, seeded.otherBusiness, seeded.oldHigh, seeded.medium, seeded.low]);
      expect(ids(await get(`${base}?sort[severity]=asc`).expect(200))).toEqual([seeded.low, seeded.medium, seeded.oldHigh, seeded.otherBusiness, seeded.newestHigh]);
      expect(ids(await get(`${base}?sort[created_at]=asc`).expect(200))).toEqual([seeded.oldHigh, seeded.low, seeded.medium, seeded.otherBusiness, seeded.newestHigh]);
    });

    it('filters by business, severity, status and rule, together', async () => {
      expect(ids(await get(`${base}?filter[business_id]=${businessB}`).expect(200))).toEqual([seeded.otherBusiness]);
      expect(ids(await get(`${base}?filter[severity]=HIGH&filter[business_id]=${businessA}`).expect(200))).toEqual([seeded.newestHigh, seeded.oldHigh]);
      expect(ids(await get(`${base}?filter[status]=ACKNOWLEDGED`).expect(200))).toEqual([seeded.medium]);
      expect(ids(await get(`${base}?filter[rule]=NEW_LIEN&filter[status]=OPEN`).expect(200))).toEqual([seeded.newestHigh, seeded.oldHigh]);
      expect((await get(`${base}?filter[rule]=DECISION_CHANGED`).expect(200)).body.data).toEqual({ records: [], total_pages: 0, total_items: '0' });
    });

    it.each([
      ['filter[severity]=URGENT', 'query.filter.severity must be equal to one of the allowed values: HIGH, MEDIUM, LOW'],
      ['filter[status]=CLOSED', 'query.filter.status must be equal to one of the allowed values: OPEN, ACKNOWLEDGED, RESOLVED'],
      ['filter[rule]=ANY', `query.filter.rule must be equal to one of the allowed values: ${ALERT_RULES.join(', ')}`],
      ['filter[business_id]=nope', 'query.filter.business_id must match format "uuid"'],
      ['filter[score_id]=x', "query.filter must NOT have additional properties: 'score_id'"],
      ['sort[rule]=asc', "query.sort key 'rule' must be equal to one of the allowed values: created_at, severity"],
      ['items_per_page=101', 'query.items_per_page must be <= 100'],
    ])('refuses %s: 400 ValidationMiddlewareError', async (query, message) => {
      expect((await get(`${base}?${query}`).expect(400)).body).toEqual({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
    });
  });

  describe('one alert', () => {
    it('answers the alert with its rule, severity, state, before, after and what raised it, with an ETag', async () => {
      const res = await get(`${base}/${seeded.medium}`).expect(200);
      expect(res.body.message).toBe('Alert fetched successfully');
      expect(res.body.data).toMatchObject({
        id: seeded.medium,
        customer_id: customerId,
        business_id: businessA,
        rule: 'SCORE_CHANGED',
        severity: 'MEDIUM',
        status: 'ACKNOWLEDGED',
        before: 'LOW',
        after: 'HIGH',
        created_at: '2026-06-01T00:03:00.000Z',
        data: { score_id: res.body.data.score_id, previous_score_id: res.body.data.previous_score_id },
      });
      expect(res.headers.etag).toBeDefined();
      await get(`${base}/${seeded.medium}`).set('If-None-Match', res.headers.etag).expect(304);
    });
  });

  describe('acknowledging and resolving', () => {
    it('OPEN -> ACKNOWLEDGED -> RESOLVED, recording who, when and the note', async () => {
      const id = await alert({ minutes: 30 });
      t.clock.set(new Date('2026-06-02T09:00:00Z'));
      try {
        const acknowledged = await patch(`${base}/${id}`, { status: 'ACKNOWLEDGED', note: 'Looking into it' }).expect(200);
        expect(acknowledged.body).toMatchObject({ status: 'success', message: 'Alert updated successfully' });
        expect(acknowledged.body.data).toMatchObject({ status: 'ACKNOWLEDGED', acknowledged_at: '2026-06-02T09:00:00.000Z', acknowledged_by: userId, resolved_at: null, note: 'Looking into it' });
        t.clock.set(new Date('2026-06-03T10:00:00Z'));
        const resolved = await patch(`${base}/${id}`, { status: 'RESOLVED' }, admin).expect(200);
        expect(resolved.body.data).toMatchObject({ status: 'RESOLVED', acknowledged_by: userId, resolved_at: '2026-06-03T10:00:00.000Z', resolved_by: adminId, note: 'Looking into it' });
        // Each move is written to the area's audit outbox in its transaction (by whom, as which role); a refused move writes nothing.
        await patch(`${base}/${id}`, { status: 'RESOLVED' }).expect(409);
        const acts = await t.db('scores.audit_outbox').where({ target_id: id }).orderBy('occurred_at');
        expect(acts.map((e) => [e.action, e.actor_id, e.actor_role, e.customer_id, e.target_type])).toEqual([
          ['alert.acknowledged', userId, 'CUSTOMER', customerId, 'alert'],
          ['alert.resolved', adminId, 'ADMIN', customerId, 'alert'],
        ]);
        expect(acts[0].details).toMatchObject({ rule: expect.any(String), severity: expect.any(String) });
      } finally {
        t.clock.set(undefined);
      }
    });

    it('OPEN -> RESOLVED directly', async () => {
      const id = await alert({ minutes: 31 });
      expect((await patch(`${base}/${id}`, { status: 'RESOLVED', note: 'Lien paid' }).expect(200)).body.data).toMatchObject({ status: 'RESOLVED', acknowledged_at: null, note: 'Lien paid' });
    });

    it.each([
      ['ACKNOWLEDGED', 'ACKNOWLEDGED'],
      ['RESOLVED', 'ACKNOWLEDGED'],
      ['RESOLVED', 'RESOLVED'],
    ])('an alert %s cannot become %s: 409 NOT_ALLOWED AlertStateError, and it is left as it was', async (from, to) => {
      const id = await alert({ minutes: 32, status: from });
      const res = await patch(`${base}/${id}`, { status: to }).expect(409);
      expect(res.body).toEqual({
        status: 'fail',
        message: `An alert that is ${from} cannot become ${to}: only OPEN -> ACKNOWLEDGED and OPEN or ACKNOWLEDGED -> RESOLVED are allowed.`,
        errorCode: 'NOT_ALLOWED',
        data: { errorName: 'AlertStateError', status: from },
      });
      expect(await t.db('scores.alerts').where({ id }).first()).toMatchObject({ status: from, acknowledged_by: null, resolved_by: null, note: null });
    });

    it.each([
      [{ status: 'OPEN' }, 'body.status must be equal to one of the allowed values: ACKNOWLEDGED, RESOLVED'],
      [{}, "body must have required property 'status'"],
      [{ status: 'RESOLVED', by: 'me' }, "body must NOT have additional properties: 'by'"],
    ])('refuses the body %j: 400 ValidationMiddlewareError', async (body, message) => {
      expect((await patch(`${base}/${seeded.oldHigh}`, body).expect(400)).body).toEqual({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
    });

    it('needs businesses:write of a CUSTOMER (businesses:read lets it read only)', async () => {
      const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'user', permissions: ['businesses:read'] });
      await get(`${base}/${seeded.oldHigh}`, reader).expect(200);
      expect((await patch(`${base}/${seeded.oldHigh}`, { status: 'RESOLVED' }, reader).expect(403)).body).toEqual({
        status: 'fail',
        message: 'You do not have permission to perform this action.',
        errorCode: 'UNAUTHORIZED',
        data: { errorName: 'PermissionMiddlewareError', permission: 'businesses:write' },
      });
    });
  });

  describe('tenants', () => {
    const refused = { status: 'fail', message: 'You are not allowed to access the data.', errorCode: 'UNAUTHORIZED', data: { errorName: 'AccessMiddlewareError' } };
    const notFound = { status: 'fail', message: 'Alert not found', errorCode: 'NOT_FOUND', data: { errorName: 'AlertNotFoundError' } };

    it("a CUSTOMER naming another customer's path is refused on every route: 403 AccessMiddlewareError", async () => {
      const other = `/score/api/v1/customers/${otherCustomerId}/alerts`;
      expect((await get(other).expect(403)).body).toEqual(refused);
      expect((await get(`${other}/${seeded.foreign}`).expect(403)).body).toEqual(refused);
      expect((await patch(`${other}/${seeded.foreign}`, { status: 'RESOLVED' }).expect(403)).body).toEqual(refused);
    });

    it("another customer's alert on the caller's own path answers exactly as an unknown one: 403 to a CUSTOMER, 404 to an ADMIN", async () => {
      for (const id of [seeded.foreign, randomUUID()]) {
        expect((await get(`${base}/${id}`).expect(403)).body).toEqual(refused);
        expect((await patch(`${base}/${id}`, { status: 'RESOLVED' }).expect(403)).body).toEqual(refused);
        expect((await get(`${base}/${id}`, admin).expect(404)).body).toEqual(notFound);
        expect((await patch(`${base}/${id}`, { status: 'RESOLVED' }, admin).expect(404)).body).toEqual(notFound);
      }
      expect(await t.db('scores.alerts').where({ id: seeded.foreign }).first()).toMatchObject({ status: 'OPEN' });
    });

    it('an ADMIN reads any customer; an APPLICANT is refused by role', async () => {
      expect(ids(await get(`/score/api/v1/customers/${otherCustomerId}/alerts`, admin).expect(200))).toEqual([seeded.foreign]);
      const applicant = t.keys.tokenFor({ role: 'APPLICANT', businessIds: [businessA] });
      expect((await get(base, applicant).expect(401)).body).toEqual({ status: 'fail', message: 'Role Not Allowed', errorCode: 'UNAUTHORIZED', data: { errorName: 'RoleMiddlewareError' } });
    });
  });
});
