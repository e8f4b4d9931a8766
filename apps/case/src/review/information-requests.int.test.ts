import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { REVIEWER_PERMISSIONS, USER_PERMISSIONS } from '@kyb/auth';
import type { MailMessage } from '@kyb/mail';
import { eventually } from '@kyb/testing';
import { createPgCaseStore } from '../cases/cases.store';
import { insertBusiness, startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/*
 * A reviewer asks the applicant for more information (issue 45): the case waits (INFO_REQUESTED),
 * the invited applicant is mailed, sees the request when signed in, and answers; the case returns
 * to MANUAL_REVIEW. A decision meanwhile closes the request.
 */
describe('information requests', () => {
  let t: CaseTestApp;
  const sent: MailMessage[] = [];
  const customerId = randomUUID();
  const reviewerId = randomUUID();
  let reviewer: string;

  beforeAll(async () => {
    t = await startCaseTestApp({ mailTransport: { send: async (message) => void sent.push(message) } });
    await t.customer({ id: customerId });
    reviewer = t.keys.tokenFor({ role: 'CUSTOMER', customerId, userId: reviewerId, subrole: 'reviewer', permissions: [...REVIEWER_PERMISSIONS] });
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.set(undefined));

  /** A business invited through E5 (its case, its applicant's invitation), the case put in `status`. */
  async function invitedCase(email: string, status = 'MANUAL_REVIEW') {
    const businessId = await insertBusiness(t.db, { customerId, name: 'Asked Co' });
    const invited = await request(t.app)
      .post(`/case/api/v1/customers/${customerId}/businesses/invite`)
      .set('Authorization', `Bearer ${t.keys.tokenFor({ role: 'CUSTOMER', customerId })}`)
      .send({ existing_business_id: businessId, applicants: [{ first_name: 'Ann', last_name: 'Asked', email }] })
      .expect(200);
    const { case_id: caseId } = await t.db('cases.invitations').where({ id: invited.body.data.invitation_id }).first('case_id');
    await t.db('cases.cases').where({ id: caseId }).update({ status });
    const applicant = t.keys.tokenFor({ role: 'APPLICANT', businessIds: [businessId] });
    return { businessId, caseId, invitationUrl: invited.body.data.invitation_url as string, applicant };
  }
  /*
   * Asking and answering move the case, its trail entry stamped by the area's clock (in whole
   * milliseconds): the clock is moved a millisecond on first, so each entry is later than the one
   * before (the case's opening is stamped by PostgreSQL, to the microsecond) and the trail's order
   * by time never rests on a tie broken by a random id.
   */
  const ask = (caseId: string, body: object, token = reviewer) => {
    t.clock.advance(1);
    return request(t.app).post(`/case/api/v1/cases/${caseId}/information-requests`).set('Authorization', `Bearer ${token}`).send(body);
  };
  const answer = (requestId: string, body: object, token: string) => {
    t.clock.advance(1);
    return request(t.app).post(`/case/api/v1/information-requests/${requestId}/answer`).set('Authorization', `Bearer ${token}`).send(body);
  };
  const listed = async (token: string, query = '') =>
    (await request(t.app).get(`/case/api/v1/applicant/information-requests${query}`).set('Authorization', `Bearer ${token}`).expect(200)).body.data;
  const stateOf = async (caseId: string) => (await t.db('cases.cases').where({ id: caseId }).first()).status;
  const trail = (caseId: string) => t.db('cases.case_transitions').where({ case_id: caseId }).orderBy([{ column: 'created_at' }, { column: 'id' }]);

  it('asks, mails the applicant, shows the request when they sign in, and their answer returns the case to review', async () => {
    const { businessId, caseId, invitationUrl, applicant } = await invitedCase('ann@example.org');
    const asked = await ask(caseId, { message: 'Please send the articles of incorporation.', items: ['Articles of incorporation', ' Proof of address '] }).expect(200);
    expect(asked.body).toEqual({
      status: 'success',
      message: 'Information requested successfully',
      data: {
        id: expect.any(String),
        case_id: caseId,
        business_id: businessId,
        status: 'OPEN',
        message: 'Please send the articles of incorporation.',
        items: ['Articles of incorporation', 'Proof of address'],
        asked_at: expect.any(String),
        answer: null,
        answered_at: null,
        closed_at: null,
        case_status: 'INFO_REQUESTED',
        applicants_mailed: 1,
      },
    });
    const requestId = asked.body.data.id;
    expect(await stateOf(caseId)).toBe('INFO_REQUESTED');
    expect((await trail(caseId)).at(-1)).toMatchObject({ from_status: 'MANUAL_REVIEW', to_status: 'INFO_REQUESTED', mover: 'reviewer', actor_id: reviewerId, reason_code: 'INFORMATION_REQUESTED' });
    const mail = await eventually(async () => sent.find((m) => m.to === 'ann@example.org' && m.subject.startsWith('More information')));
    expect(mail).toMatchObject({ subject: 'More information is needed to onboard Asked Co' });
    expect(mail.text).toContain('Please send the articles of incorporation.');
    expect(mail.text).toContain('- Proof of address');
    expect(mail.text).toContain(invitationUrl);

    // The applicant sees what is asked; another applicant sees nothing of it.
    expect(await listed(applicant)).toEqual({ records: [expect.objectContaining({ id: requestId, status: 'OPEN', business_name: 'Asked Co', items: ['Articles of incorporation', 'Proof of address'] })], total_pages: 1, total_items: '1' });
    const other = t.keys.tokenFor({ role: 'APPLICANT', businessIds: [randomUUID()] });
    expect(await listed(other)).toEqual({ records: [], total_pages: 0, total_items: '0' });
    expect((await answer(requestId, { answer: 'Sent by post.' }, other).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');

    const answered = await answer(requestId, { answer: '  Uploaded to the portal today.  ' }, applicant).expect(200);
    expect(answered.body).toMatchObject({ message: 'Answer sent successfully', data: { id: requestId, status: 'ANSWERED', answer: 'Uploaded to the portal today.', case_status: 'MANUAL_REVIEW' } });
    expect(await stateOf(caseId)).toBe('MANUAL_REVIEW');
    expect((await trail(caseId)).at(-1)).toMatchObject({ from_status: 'INFO_REQUESTED', to_status: 'MANUAL_REVIEW', mover: 'applicant', reason_code: 'INFORMATION_PROVIDED' });
    const events = await t.db('cases.outbox_events').where({ type: 'case.status_updated' }).whereRaw("data->>'case_id' = ?", [caseId]).orderBy('seq');
    expect(events.map((e) => e.data.status)).toEqual(['INFO_REQUESTED', 'MANUAL_REVIEW']);
    expect((await answer(requestId, { answer: 'Again.' }, applicant).expect(409)).body).toMatchObject({ message: 'This request is answered: it takes no answer', data: { errorName: 'CaseStateConflictError' } });
    expect(await listed(applicant, '?filter[status]=OPEN')).toMatchObject({ records: [], total_items: '0' });

    // The reviewer reads what was asked and answered.
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'user', permissions: [...USER_PERMISSIONS] });
    const read = await request(t.app).get(`/case/api/v1/cases/${caseId}/information-requests`).set('Authorization', `Bearer ${reader}`).expect(200);
    expect(read.body.data.records).toEqual([expect.objectContaining({ id: requestId, status: 'ANSWERED', answer: 'Uploaded to the portal today.', answered_at: expect.any(String) })]);
  });

  it('closes an open request when the case is decided meanwhile: the late answer is refused', async () => {
    const { caseId, applicant } = await invitedCase('bob@example.org', 'OPEN');
    const requestId = (await ask(caseId, { message: 'Who owns the business?' }).expect(200)).body.data.id;
    await request(t.app).post(`/case/api/v1/cases/${caseId}/decision`).set('Authorization', `Bearer ${reviewer}`).send({ decision: 'reject', reason_code: 'IDENTITY_NOT_CONFIRMED' }).expect(200);
    expect(await t.db('cases.information_requests').where({ id: requestId }).first()).toMatchObject({ status: 'CLOSED', closed_at: expect.any(Date) });
    expect((await answer(requestId, { answer: 'Me.' }, applicant).expect(409)).body.message).toBe('This request is closed: it takes no answer');
    expect(await stateOf(caseId)).toBe('REJECTED');
  });

  it('refuses a case nobody was invited on, a case already waiting, and a final one', async () => {
    const businessId = await insertBusiness(t.db, { customerId, name: 'Uninvited Co' });
    const [uninvited] = await t.db.transaction((trx) => createPgCaseStore(t.db).insertCases(trx, [{ customer_id: customerId, business_id: businessId, applicant_id: null, origin: 'ADDED', created_by: randomUUID() }]));
    expect((await ask(uninvited, { message: 'Anyone?' }).expect(409)).body).toEqual({
      status: 'fail',
      message: 'This case has no invited applicant to ask: invite one first (with case_id)',
      errorCode: 'NOT_ALLOWED',
      data: { errorName: 'CaseApiError' },
    });
    expect(await stateOf(uninvited)).toBe('OPEN');
    const { caseId } = await invitedCase('cy@example.org');
    await ask(caseId, { message: 'First question.' }).expect(200);
    expect((await ask(caseId, { message: 'Second question.' }).expect(409)).body).toMatchObject({ message: 'A case in INFO_REQUESTED cannot wait on its applicant', data: { errorName: 'CaseStateConflictError' } });
    const { caseId: approved } = await invitedCase('di@example.org', 'APPROVED');
    expect((await ask(approved, { message: 'Late.' }).expect(409)).body.data).toEqual({ errorName: 'CaseStateConflictError', status: 'APPROVED' });
    expect(await t.db('cases.information_requests').where({ case_id: approved })).toEqual([]);
  });

  it('answers in the usual order on both sides', async () => {
    const { caseId, applicant } = await invitedCase('ed@example.org');
    expect((await request(t.app).post(`/case/api/v1/cases/${caseId}/information-requests`).send({ message: 'x' })).status).toBe(401);
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'user', permissions: [...USER_PERMISSIONS] });
    expect((await ask(caseId, { message: 'x' }, reader).expect(403)).body.data.errorName).toBe('PermissionMiddlewareError');
    for (const body of [{}, { message: '   ' }, { message: 'x', items: ['ok', ''] }, { message: 'x', items: Array(21).fill('doc') }, { message: 'x', extra: 1 }]) {
      expect((await ask(caseId, body).expect(400)).body.data.errorName).toBe('ValidationMiddlewareError');
    }
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID(), subrole: 'reviewer', permissions: [...REVIEWER_PERMISSIONS] });
    expect((await ask(caseId, { message: 'x' }, stranger).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    expect((await ask(randomUUID(), { message: 'x' }, stranger).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    expect(await stateOf(caseId)).toBe('MANUAL_REVIEW');

    const requestId = (await ask(caseId, { message: 'What do you sell?' }).expect(200)).body.data.id;
    expect((await request(t.app).post(`/case/api/v1/information-requests/${requestId}/answer`).send({ answer: 'x' })).status).toBe(401);
    // Only an applicant answers: the customer's own token is refused by role.
    expect((await answer(requestId, { answer: 'x' }, reviewer).expect(401)).body.message).toBe('Role Not Allowed');
    expect((await request(t.app).get('/case/api/v1/applicant/information-requests').set('Authorization', `Bearer ${reviewer}`).expect(401)).body.message).toBe('Role Not Allowed');
    for (const body of [{}, { answer: ' ' }, { answer: 'x'.repeat(4001) }]) expect((await answer(requestId, body, applicant).expect(400)).body.data.errorName).toBe('ValidationMiddlewareError');
    expect((await answer(randomUUID(), { answer: 'x' }, applicant).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    expect(await stateOf(caseId)).toBe('INFO_REQUESTED');
  });

  it("is erased with the tenant: comments, requests, answers and the mail that asked", async () => {
    const tenant = randomUUID();
    await t.customer({ id: tenant });
    const owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId: tenant });
    const businessId = await insertBusiness(t.db, { customerId: tenant, name: 'Erased Co' });
    const invited = await request(t.app).post(`/case/api/v1/customers/${tenant}/businesses/invite`).set('Authorization', `Bearer ${owner}`)
      .send({ existing_business_id: businessId, applicants: [{ first_name: 'Fay', last_name: 'Gone', email: 'fay@example.org' }] }).expect(200);
    const { case_id: caseId } = await t.db('cases.invitations').where({ id: invited.body.data.invitation_id }).first('case_id');
    await request(t.app).post(`/case/api/v1/cases/${caseId}/comments`).set('Authorization', `Bearer ${owner}`).send({ text: 'Private words.' }).expect(200);
    const requestId = (await ask(caseId, { message: 'Private question.' }, owner).expect(200)).body.data.id;
    await answer(requestId, { answer: 'Private answer.' }, t.keys.tokenFor({ role: 'APPLICANT', businessIds: [businessId] })).expect(200);
    await t.db.raw('select cases.erase_customer(?::uuid)', [tenant]);
    expect(await t.db('cases.case_comments').where({ case_id: caseId })).toEqual([]);
    expect(await t.db('cases.information_requests').where({ case_id: caseId })).toEqual([]);
    expect(await t.db('cases.mail_outbox').where({ information_request_id: requestId })).toEqual([]);
    expect((await trail(caseId)).map((s) => [s.to_status, s.note])).toEqual([['OPEN', null], ['INFO_REQUESTED', null], ['MANUAL_REVIEW', null]]);
  });
});
