import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createInvitationDirectory } from '@kyb/area-views';
import { insertBusiness, startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

describe('onboarding cases and invitations', () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  let owner: string;
  let invited: { case_id: string; invitation_id: string; business_id: string };

  beforeAll(async () => {
    t = await startCaseTestApp();
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['case:create', 'case:read'] });
    const businessId = await insertBusiness(t.db, { customerId, name: 'Invited Co' });
    invited = (
      await request(t.app)
        .post(`/case/api/v1/customers/${customerId}/businesses/invite`)
        .set('Authorization', `Bearer ${owner}`)
        .send({ existing_business_id: businessId, applicants: [{ first_name: 'Jim', last_name: 'Tester', email: 'jim.tester@email.com' }] })
        .expect(200)
    ).body.data;
  });
  afterAll(() => t.close());

  const get = (path: string, token: string | null = owner) => {
    const req = request(t.app).get(`/case/api/v1${path}`);
    return token === null ? req : req.set('Authorization', `Bearer ${token}`);
  };

  it('reads a case with its invitations', async () => {
    const res = await get(`/cases/${invited.case_id}`).expect(200);
    expect(res.body.data).toMatchObject({
      id: invited.case_id,
      customer_id: customerId,
      business_id: invited.business_id,
      status: 'OPEN',
      origin: 'INVITATION',
      assignee_id: null,
      invitations: [{ id: invited.invitation_id, applicant_email: 'jim.tester@email.com', status: 'PENDING', used_at: null }],
    });
  });

  it("lists a customer's cases with the list conventions, and filters by business", async () => {
    const res = await get(`/customers/${customerId}/cases?filter[business_id]=${invited.business_id}`).expect(200);
    expect(res.body.data).toMatchObject({ total_pages: 1, total_items: '1' });
    expect((await get(`/customers/${customerId}/cases?filter[business_id]=${randomUUID()}`).expect(200)).body.data.total_items).toBe('0');
    expect((await get(`/customers/${customerId}/cases?sort[name]=asc`).expect(400)).body.data.errorName).toBe('ValidationMiddlewareError');
  });

  it('keeps cases to their tenant; an unknown case is 403 to a CUSTOMER, as another tenant\'s, and 404 to an ADMIN', async () => {
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID(), permissions: ['case:read'] });
    expect((await get(`/cases/${invited.case_id}`, stranger).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    expect((await get(`/customers/${customerId}/cases`, stranger).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    expect((await get(`/cases/${randomUUID()}`).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    expect((await get(`/cases/${randomUUID()}`, t.keys.tokenFor({ role: 'ADMIN' })).expect(404)).body).toEqual({
      status: 'fail',
      message: 'Case not found',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'CaseApiError' },
    });
  });

  it('tells the applicant, without a token, what the invitation is for, with no secrets', async () => {
    const res = await get(`/invitations/${invited.invitation_id}`, null).expect(200);
    expect(res.body.data).toEqual({
      invitation_id: invited.invitation_id,
      status: 'PENDING',
      expires_at: expect.any(String),
      customer_id: customerId,
      business: { id: invited.business_id, name: 'Invited Co' },
      applicant: { first_name: 'Jim', email: 'j***@email.com' },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/tin|XXXX|jim\.tester/);
    expect((await get(`/invitations/${randomUUID()}`, null).expect(404)).body.message).toBe('Invitation not found');
  });

  it("publishes the invitation in the directory view the auth area reads", async () => {
    expect(await createInvitationDirectory(t.db).find(invited.invitation_id)).toEqual({
      id: invited.invitation_id,
      customerId,
      businessId: invited.business_id,
      applicantEmail: 'jim.tester@email.com',
      applicantFirstName: 'Jim',
      applicantLastName: 'Tester',
      expiresAt: expect.any(Date),
    });
  });

  it('shows an invitation its applicant used as ACCEPTED, with the time it was used', async () => {
    const businessId = await insertBusiness(t.db, { customerId, name: 'Accepted Co' });
    const data = (
      await request(t.app)
        .post(`/case/api/v1/customers/${customerId}/businesses/invite`)
        .set('Authorization', `Bearer ${owner}`)
        .send({ existing_business_id: businessId, applicants: [{ first_name: 'Ann', last_name: 'Lee', email: 'ann@example.org' }] })
        .expect(200)
    ).body.data;
    await t.acceptInvitation(data.invitation_id, new Date('2026-11-22T10:00:00Z'));
    expect((await get(`/invitations/${data.invitation_id}`, null).expect(200)).body.data.status).toBe('ACCEPTED');
    expect((await get(`/cases/${data.case_id}`).expect(200)).body.data.invitations[0]).toMatchObject({
      status: 'ACCEPTED',
      used_at: '2026-11-22T10:00:00.000Z',
    });
  });

  it('shows an invitation past its lifetime as EXPIRED', async () => {
    t.clock.set(new Date(Date.now() + 8 * 24 * 3600 * 1000));
    try {
      expect((await get(`/invitations/${invited.invitation_id}`, null).expect(200)).body.data.status).toBe('EXPIRED');
    } finally {
      t.clock.set(new Date());
    }
  });
});
