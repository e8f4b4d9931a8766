import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { USER_PERMISSIONS } from '@kyb/auth';
import { eventually } from '@kyb/testing';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/* PATCH /customers/{customerID}/businesses/{businessID}/monitoring (issue 12). */
describe("switching a business's monitoring", () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  let owner: string;
  beforeAll(async () => {
    t = await startCaseTestApp();
    await t.customer({ id: customerId, features: { PAT_120_ADD_BUSINESS: true } });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
  });
  afterAll(() => t.close());

  const patch = (businessId: string, body: object, token = owner, customer = customerId) =>
    request(t.app).patch(`/case/api/v1/customers/${customer}/businesses/${businessId}/monitoring`).set('Authorization', `Bearer ${token}`).send(body);
  const addBusiness = async () =>
    (await request(t.app).post(`/case/api/v1/businesses/customers/${customerId}`).set('Authorization', `Bearer ${owner}`).send({ name: `Watched ${randomUUID()}` }).expect(200)).body.data.result['0']
      .data_businesses.id as string;

  it('switches it on (subscription ACTIVE from then) and off (CANCELLED, started kept), as E9 then shows, and audits each switch', async () => {
    const businessId = await addBusiness();
    const on = await patch(businessId, { enabled: true }).expect(200);
    expect(on.body).toMatchObject({ status: 'success', message: 'Business monitoring updated successfully', data: { id: businessId, is_monitoring_enabled: true, subscription: { status: 'ACTIVE' } } });
    const started = on.body.data.subscription.created_at as string;
    expect(started).toEqual(expect.any(String));
    const off = await patch(businessId, { enabled: false }).expect(200);
    expect(off.body.data).toMatchObject({ is_monitoring_enabled: false, subscription: { status: 'CANCELLED', created_at: started } });
    const read = await request(t.app).get(`/case/api/v1/businesses/${businessId}`).set('Authorization', `Bearer ${owner}`).expect(200);
    expect(read.body.data).toMatchObject({ is_monitoring_enabled: false, subscription: { status: 'CANCELLED' } });
    const acts = await eventually(async () => {
      const mine = (await t.auditEntries()).filter((e) => e.action === 'business.monitoring_changed' && e.target_id === businessId);
      return mine.length === 2 ? mine : undefined;
    });
    expect(acts.map((e) => e.details)).toEqual([{ enabled: true }, { enabled: false }]);
  });

  it("refuses another tenant's business as an unknown one, a read-only subrole, a bad body, and tells only an ADMIN", async () => {
    const businessId = await addBusiness();
    const otherCustomer = randomUUID();
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: otherCustomer });
    const theirs = await patch(businessId, { enabled: true }, stranger, otherCustomer).expect(403);
    const unknown = await patch(randomUUID(), { enabled: true }, stranger, otherCustomer).expect(403);
    expect(theirs.body).toEqual(unknown.body);
    await patch(businessId, { enabled: true }, stranger).expect(403);
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'user', permissions: [...USER_PERMISSIONS] });
    expect((await patch(businessId, { enabled: true }, reader).expect(403)).body.data.errorName).toBe('PermissionMiddlewareError');
    await patch(businessId, {}).expect(400);
    await patch(businessId, { enabled: 'yes' }).expect(400);
    const admin = t.keys.tokenFor({ role: 'ADMIN' });
    expect((await patch(randomUUID(), { enabled: true }, admin).expect(404)).body.data.errorName).toBe('BusinessApiError');
    expect((await t.db('cases.businesses').where({ id: businessId }).first()).is_monitoring_enabled).toBe(false);
  });
});
