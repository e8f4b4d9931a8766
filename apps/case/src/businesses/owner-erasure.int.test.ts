import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { USER_PERMISSIONS } from '@kyb/auth';
import { eventually } from '@kyb/testing';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/* An owner's personal data erased on request (issue 11): the business kept, the act audited, kept answers erased. */
describe('POST /businesses/{businessID}/owners/{ownerID}/erase', () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    t = await startCaseTestApp();
    await t.customer({ id: customerId, features: { PAT_120_ADD_BUSINESS: true } });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
  });
  afterAll(() => t.close());

  const person = (n: number, first: string) => ({
    [`owner${n}_first_name`]: first,
    [`owner${n}_last_name`]: 'Lee',
    [`owner${n}_email`]: `${first.toLowerCase()}.lee@example.org`,
    [`owner${n}_mobile`]: '+14155550123',
    [`owner${n}_ssn`]: n === 1 ? '123-45-6789' : '987-65-4321',
    [`owner${n}_dob`]: '1980-01-31',
    [`owner${n}_address_line_1`]: '1 Main St',
    [`owner${n}_address_city`]: 'Springfield',
    [`owner${n}_owner_type`]: n === 1 ? 'CONTROL' : 'BENEFICIARY',
    [`owner${n}_ownership_percentage`]: 50,
  });
  const erase = (businessId: string, ownerId: string, token = owner) =>
    request(t.app).post(`/case/api/v1/businesses/${businessId}/owners/${ownerId}/erase`).set('Authorization', `Bearer ${token}`).send();
  const read = (businessId: string) => request(t.app).get(`/case/api/v1/businesses/${businessId}?fetch_owner_details=true`).set('Authorization', `Bearer ${owner}`).expect(200);

  async function addWithOwners(key: string) {
    const body = { name: 'Erasable Dental', tin: '333444685', ...person(1, 'Ann'), ...person(2, 'Bob') };
    const res = await request(t.app).post(`/case/api/v1/businesses/customers/${customerId}`).set('Authorization', `Bearer ${owner}`).set('Idempotency-Key', key).send(body).expect(200);
    const businessId = res.body.data.result['0'].data_businesses.id as string;
    const owners = (await t.db('cases.owners').where({ business_id: businessId }).orderBy('position')) as Array<{ id: string; first_name: string }>;
    return { body, businessId, ann: owners[0]!.id, bob: owners[1]!.id };
  }

  it("empties the owner's personal data, keeps the business and the other owner, and audits the act", async () => {
    const { businessId, ann, bob } = await addWithOwners(randomUUID());
    const res = await erase(businessId, ann).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Owner personal data erased successfully',
      data: { owner_id: ann, business_id: businessId, erased_at: expect.any(String) },
    });
    const row = await t.db('cases.owners').where({ id: ann }).first();
    expect(row).toMatchObject({
      first_name: '[erased]', last_name: '[erased]', ssn_sealed: null, ssn_masked: null, email: null, mobile: null, date_of_birth: null,
      line_1: null, city: null, owner_type: 'CONTROL', ownership_percentage: '50.00', erased_at: expect.any(Date),
    });
    const other = await t.db('cases.owners').where({ id: bob }).first();
    expect(other).toMatchObject({ first_name: 'Bob', email: 'bob.lee@example.org', erased_at: null });
    expect(await t.open(other.ssn_sealed)).toBe('987654321');

    const business = (await read(businessId)).body.data as { owners: Array<Record<string, unknown>> };
    const erased = business.owners.find((o) => o.id === ann);
    expect(erased).toMatchObject({ first_name: '[erased]', last_name: '[erased]', ssn: null, email: null, mobile: null, date_of_birth: null, line_1: null, owner_type: 'CONTROL' });
    expect(JSON.stringify(business)).not.toMatch(/Ann|ann\.lee@example\.org|X+6789|45-?6789/);
    expect(business.owners.find((o) => o.id === bob)).toMatchObject({ first_name: 'Bob', date_of_birth: '1980-01-31' });

    const audited = await eventually(async () => (await t.auditEntries()).find((e) => e.action === 'owner.erased' && e.target_id === ann));
    expect(audited).toMatchObject({ customer_id: customerId, actor_role: 'CUSTOMER', target_type: 'owner', request_id: res.headers['x-request-id'], details: { business_id: businessId } });

    // Erasing again changes nothing and answers the first erasure.
    expect((await erase(businessId, ann).expect(200)).body.data.erased_at).toBe(res.body.data.erased_at);
  });

  it('erases the kept answer of the E12 that created the owner: its replay answers 410 and adds nothing', async () => {
    const key = randomUUID();
    const { body, businessId, ann } = await addWithOwners(key);
    // The path may spell the ids in capitals: the kept answer (ids as PostgreSQL writes them) is found all the same.
    await erase(businessId.toUpperCase(), ann.toUpperCase()).expect(200);
    const businesses = await t.db('cases.businesses').where({ customer_id: customerId }).count<Array<{ count: string }>>('* as count');
    const replay = await request(t.app).post(`/case/api/v1/businesses/customers/${customerId}`).set('Authorization', `Bearer ${owner}`).set('Idempotency-Key', key).send(body).expect(410);
    expect(replay.body).toEqual({
      status: 'fail',
      message: 'The request with this Idempotency-Key was done; the answer kept for it was erased with the personal data it held',
      errorCode: 'NOT_ALLOWED',
      data: { errorName: 'IdempotencyAnswerErasedError' },
    });
    expect(await t.db('cases.businesses').where({ customer_id: customerId }).count<Array<{ count: string }>>('* as count')).toEqual(businesses);
  });

  it("refuses another tenant as an unknown business, a read-only subrole, and tells only an ADMIN that an owner does not exist", async () => {
    const { businessId, bob } = await addWithOwners(randomUUID());
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() });
    const theirs = await erase(businessId, bob, stranger).expect(403);
    const unknown = await erase(randomUUID(), bob, stranger).expect(403);
    expect(theirs.body).toEqual(unknown.body);
    expect((await erase(businessId, randomUUID()).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    const admin = t.keys.tokenFor({ role: 'ADMIN' });
    expect((await erase(businessId, randomUUID(), admin).expect(404)).body).toMatchObject({ message: 'Owner not found', data: { errorName: 'OwnerNotFoundError' } });
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'user', permissions: [...USER_PERMISSIONS] });
    expect((await erase(businessId, bob, reader).expect(403)).body.data.errorName).toBe('PermissionMiddlewareError');
    await erase(businessId, 'not-a-uuid').expect(400);
    // Nothing of Bob was erased by the refused calls.
    expect(await t.db('cases.owners').where({ id: bob }).first()).toMatchObject({ first_name: 'Bob', erased_at: null });
  });
});
