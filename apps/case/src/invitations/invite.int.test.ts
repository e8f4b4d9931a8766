import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { expectSameShape } from '@kyb/testing';
import { insertBusiness, startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

// Copies of ../shared/reference/samples/invite.*.json.
const sample = (name: string) => JSON.parse(readFileSync(join(__dirname, `../test-support/samples/${name}`), 'utf8'));
const validation = (message: string) => ({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });

describe('E5 send a business invite', () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  let owner: string;
  const applicant = { first_name: 'Jim', last_name: 'Tester', email: 'jim.tester@email.com', mobile: '6078379283' };

  beforeAll(async () => {
    t = await startCaseTestApp();
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['case:create', 'businesses:read'] });
  });
  afterAll(() => t.close());

  const invite = (body: object, token = owner, customer: string = customerId) =>
    request(t.app).post(`/case/api/v1/customers/${customer}/businesses/invite`).set('Authorization', `Bearer ${token}`).send(body);

  it('invites for a new business: creates the business, the applicant, a case and the invitation', async () => {
    const res = await invite(sample('invite.request.json')).expect(200);
    expect(res.body.status).toBe('success');
    expect(res.body.message).toBe('Business invited successfully');
    expectSameShape(res.body, sample('invite.response.200.json'));
    const data = res.body.data;
    expect(data).toMatchObject({ applicant_email: 'jim.tester@email.com', customer_id: customerId });
    expect(data.invitation_url).toBe(`http://localhost:8080/invite/${data.invitation_id}`);
    expect(new URL(data.invitation_url).pathname.split('/').pop()).toBe(data.invitation_id);
    const business = await request(t.app).get(`/case/api/v1/businesses/${data.business_id}`).set('Authorization', `Bearer ${owner}`).expect(200);
    expect(business.body.data).toMatchObject({ name: "Jim Tester's Electronics", mobile: '+16078379283', customer_id: customerId });
    const invitation = await t.db('cases.invitations').where({ id: data.invitation_id }).first();
    expect(invitation).toMatchObject({ status: 'PENDING', business_id: data.business_id, case_id: data.case_id, used_at: null });
    expect(invitation.expires_at.getTime() - invitation.created_at.getTime()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(await t.db('cases.applicants').where({ customer_id: customerId })).toHaveLength(1);
  });

  it('creates the business with the published tin, dba and address_line_2 (TIN masked, dba a trading name)', async () => {
    const business = { name: 'Tester Holdings', tin: '12-3456789', dba: "Jim's Electronics", address_line_1: '123 Main St', address_line_2: 'Unit 5' };
    const res = await invite({ business, applicants: [{ ...applicant, email: 'holdings@example.org' }] }).expect(200);
    expect(JSON.stringify(res.body)).not.toContain('3456789');
    const read = await request(t.app).get(`/case/api/v1/businesses/${res.body.data.business_id}`).set('Authorization', `Bearer ${owner}`).expect(200);
    expect(read.body.data).toMatchObject({ tin: 'XXXXX6789', address_line_1: '123 Main St', address_line_2: 'Unit 5' });
    expect(read.body.data.business_names).toEqual([
      { name: 'Tester Holdings', is_primary: true },
      { name: "Jim's Electronics", is_primary: false },
    ]);
    const stored = await t.db('cases.businesses').where({ id: res.body.data.business_id }).first();
    expect(stored.tin_sealed).not.toContain('3456789');
  });

  it('holds an applicant mobile to the published 15 characters, and a business TIN to the TIN formats', async () => {
    const long = await invite({ business: { name: 'Long Mobile' }, applicants: [{ ...applicant, mobile: '+1 (607) 837-9283' }] }).expect(400);
    expect(long.body).toEqual(validation('body.applicants.0.mobile must NOT have more than 15 characters'));
    const tin = await invite({ business: { name: 'Bad Tin', tin: '12345' }, applicants: [applicant] }).expect(400);
    expect(tin.body.message).toMatch(/^body\.business\.tin must match pattern/);
  });

  it('invites for an existing business, reusing an applicant with the same email and the given case', async () => {
    const businessId = await insertBusiness(t.db, { customerId });
    const first = await invite({ existing_business_id: businessId, applicants: [applicant] }).expect(200);
    const second = await invite({
      existing_business: { business_id: businessId, name: 'Test Business', is_quick_add: true },
      case_id: first.body.data.case_id,
      applicants: [{ ...applicant, email: 'JIM.TESTER@email.com' }, { first_name: 'Sue', last_name: 'Lee', email: 'sue@example.org' }],
      esign_templates: [randomUUID()],
      custom_fields: { 'company.size': 12 },
    }).expect(200);
    expect(second.body.data.case_id).toBe(first.body.data.case_id);
    expect(second.body.data.invitations).toHaveLength(2);
    expect(await t.db('cases.applicants').where({ customer_id: customerId }).whereRaw("lower(email) = 'jim.tester@email.com'")).toHaveLength(1);
    const options = (await t.db('cases.invitations').where({ id: second.body.data.invitation_id }).first()).options;
    expect(options.custom_fields).toEqual({ 'company.size': 12 });
  });

  it("answers the E5 failure sample, with 403, for another customer's business", async () => {
    const foreign = await insertBusiness(t.db, { customerId: randomUUID() });
    const res = await invite({ existing_business_id: foreign, applicants: [applicant] }).expect(403);
    expect(res.body).toEqual(sample('invite.response.500.json'));
  });

  it.each([
    ['no business target', { applicants: [applicant] }, 'body must have exactly one of business, existing_business_id and existing_business'],
    ['two business targets', { applicants: [applicant], business: { name: 'A' }, existing_business_id: randomUUID() },
      'body must have exactly one of business, existing_business_id and existing_business'],
    ['a case with a new business', { applicants: [applicant], business: { name: 'A' }, case_id: randomUUID() },
      'body.case_id can only be given with existing_business_id or existing_business'],
    ['no applicants', { applicants: [], business: { name: 'A' } }, 'body.applicants must NOT have fewer than 1 items'],
    ['a disposable email domain', { applicants: [{ ...applicant, email: 'x@mailinator.com' }], business: { name: 'A' } },
      'body.applicants.0.email uses a disposable email domain'],
    ['an invalid applicant mobile', { applicants: [{ ...applicant, mobile: '123' }], business: { name: 'A' } }, 'body.applicants.0.mobile must be a valid phone number'],
    ['an invalid email', { applicants: [{ ...applicant, email: 'nope' }], business: { name: 'A' } }, 'body.applicants.0.email must match format "email"'],
    ['a case_id that is not a UUID', { applicants: [applicant], existing_business_id: randomUUID(), case_id: 'x' }, 'body.case_id must match format "uuid"'],
    ['an extra field', { applicants: [applicant], business: { name: 'A' }, priority: 'high' }, "body must NOT have additional properties: 'priority'"],
  ])('refuses %s with 400 ValidationMiddlewareError', async (_case, body, message) => {
    expect((await invite(body).expect(400)).body).toEqual(validation(message));
  });

  it("answers an unknown or deleted business exactly as another customer's: the E5 failure sample (issue 14)", async () => {
    const unknown = await invite({ existing_business_id: randomUUID(), applicants: [applicant] }).expect(403);
    expect(unknown.body).toEqual(sample('invite.response.500.json'));
    const unknownObject = await invite({ existing_business: { business_id: randomUUID(), name: 'X' }, applicants: [applicant] }).expect(403);
    expect(unknownObject.body).toEqual(sample('invite.response.500.json'));
    const deleted = await insertBusiness(t.db, { customerId });
    await t.db('cases.businesses').where({ id: deleted }).update({ deleted_at: new Date() });
    expect((await invite({ existing_business_id: deleted, applicants: [applicant] }).expect(403)).body).toEqual(sample('invite.response.500.json'));
  });

  it('answers 404 for an applicant or a case that does not exist', async () => {
    const notFound = (message: string) => ({ status: 'fail', message, errorCode: 'NOT_FOUND', data: { errorName: 'BusinessApiError' } });
    const businessId = await insertBusiness(t.db, { customerId });
    expect((await invite({ existing_business_id: businessId, applicants: [applicant], existing_applicant_ids: [randomUUID()] }).expect(404)).body).toEqual(
      notFound('Applicant not found'),
    );
    expect((await invite({ existing_business_id: businessId, applicants: [applicant], case_id: randomUUID() }).expect(404)).body).toEqual(
      notFound('Case not found'),
    );
  });

  it('refuses another tenant (403), an APPLICANT (401) and a subrole without case:create (403)', async () => {
    const body = { applicants: [applicant], business: { name: 'A' } };
    expect((await invite(body, t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID(), permissions: ['case:create'] })).expect(403)).body.data.errorName).toBe(
      'AccessMiddlewareError',
    );
    expect((await invite(body, t.keys.tokenFor({ role: 'APPLICANT', customerId })).expect(401)).body.message).toBe('Role Not Allowed');
    expect((await invite(body, t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['case:read'] })).expect(403)).body.data.errorName).toBe(
      'PermissionMiddlewareError',
    );
  });
});
