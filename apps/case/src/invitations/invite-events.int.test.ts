import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { insertBusiness, startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/** E5 creating a business announces it (`business.created`) in the invite's transaction; naming an existing one does not. */
describe('business.created events of E5 invites', () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  let owner: string;
  const applicant = { first_name: 'Jim', last_name: 'Tester', email: 'jim.tester@email.com', mobile: '6078379283' };

  beforeAll(async () => {
    t = await startCaseTestApp();
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['case:create', 'businesses:read'] });
  });
  afterAll(() => t.close());

  const invite = (body: object) => request(t.app).post(`/case/api/v1/customers/${customerId}/businesses/invite`).set('Authorization', `Bearer ${owner}`).send(body);
  const eventsOf = (businessId: string) =>
    t.db('cases.outbox_events').whereRaw(`data->>'business_id' = ?`, [businessId]).select<Array<{ type: string; customer_id: string; data: Record<string, unknown> }>>('type', 'customer_id', 'data');
  const eventCount = async () => Number((await t.db('cases.outbox_events').where({ customer_id: customerId }).count<Array<{ n: string }>>({ n: '*' }))[0].n);

  it('an invite for a new business writes one business.created with ids only', async () => {
    const res = await invite({ business: { name: 'Invited Holdings', tin: '12-3456789', dba: 'Invited Shop' }, applicants: [applicant] }).expect(200);
    const businessId = res.body.data.business_id;
    const written = await eventsOf(businessId);
    expect(written).toEqual([{ type: 'business.created', customer_id: customerId, data: { customer_id: customerId, business_id: businessId } }]);
    expect(Object.keys(written[0].data).sort()).toEqual(['business_id', 'customer_id']);
    expect(JSON.stringify(written)).not.toMatch(/3456789|Invited|Jim|Tester|jim\.tester/);
  });

  it('an invite for an existing business writes no event', async () => {
    const businessId = await insertBusiness(t.db, { customerId });
    const before = await eventCount();
    await invite({ existing_business_id: businessId, applicants: [{ ...applicant, email: 'existing@example.org' }] }).expect(200);
    expect(await eventCount()).toBe(before);
  });

  it('a refused invite writes none, and neither does one whose transaction fails after the business was stored', async () => {
    const before = await eventCount();
    await invite({ business: { name: 'Disposable' }, applicants: [{ ...applicant, email: 'someone@mailinator.com' }] }).expect(400);
    // The invitation is inserted after the business, in the same transaction; make it fail there.
    await t.db.raw(`create function cases.refuse_invitation() returns trigger language plpgsql as $$ begin raise exception 'invitation refused'; end $$`);
    await t.db.raw('create trigger refuse_invitation before insert on cases.invitations for each row execute function cases.refuse_invitation()');
    try {
      await invite({ business: { name: 'Rolled Back Holdings' }, applicants: [{ ...applicant, email: 'rolled@example.org' }] }).expect(500);
    } finally {
      await t.db.raw('drop trigger refuse_invitation on cases.invitations');
      await t.db.raw('drop function cases.refuse_invitation()');
    }
    expect(await t.db('cases.businesses').where({ name: 'Rolled Back Holdings' })).toEqual([]);
    expect(await eventCount()).toBe(before);
  });
});
