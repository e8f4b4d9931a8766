import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

const invalid = (message: string) => ({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });

describe('E5 with one applicant named twice, and concurrent invites (issue 16)', () => {
  let t: CaseTestApp;
  let owner: string;
  const customerId = randomUUID();
  const person = (email: string) => ({ first_name: 'Jo', last_name: 'Doe', email });

  beforeAll(async () => {
    t = await startCaseTestApp();
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['case:create', 'businesses:create'] });
    await t.customer({ id: customerId, features: { PAT_120_ADD_BUSINESS: true } });
  });
  afterAll(() => t.close());

  const invite = (body: object) =>
    request(t.app).post(`/case/api/v1/customers/${customerId}/businesses/invite`).set('Authorization', `Bearer ${owner}`).send(body);
  const applicantsWith = async (email: string) => t.db('cases.applicants').where({ customer_id: customerId }).whereRaw('lower(email) = lower(?)', [email]);

  it.each([
    ['the same email', 'same@example.com', 'same@example.com'],
    ['the same email in another case', 'A@x-example.com', 'a@X-EXAMPLE.com'],
  ])('refuses %s twice in one request with 400 naming the field; nothing is stored', async (_case, first, second) => {
    const res = await invite({ business: { name: 'Twice Co' }, applicants: [person(first), person('other@example.com'), person(second)] }).expect(400);
    expect(res.body).toEqual(invalid('body.applicants.2.email repeats body.applicants.0.email (emails compare ignoring case)'));
    expect(await applicantsWith(first)).toHaveLength(0);
    expect(await t.db('cases.businesses').where({ customer_id: customerId, name: 'Twice Co' })).toHaveLength(0);
  });

  it('refuses an existing applicant named again by email', async () => {
    const first = await invite({ business: { name: 'Known Co' }, applicants: [person('known@example.com')] }).expect(200);
    const [known] = await applicantsWith('known@example.com');
    const res = await invite({
      existing_business_id: first.body.data.business_id,
      applicants: [person('new@example.com'), person('KNOWN@example.com')],
      existing_applicant_ids: [known.id],
    }).expect(400);
    expect(res.body).toEqual(invalid('body.existing_applicant_ids.0 names the applicant of body.applicants.1.email'));
  });

  it('answers 200 to 8 concurrent invites for one new email, with one applicant row they all invite', async () => {
    const email = `race-${randomUUID()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_v, i) => invite({ business: { name: `Race ${i}` }, applicants: [person(i % 2 === 0 ? email : email.toUpperCase())] })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(8).fill(200));
    const rows = await applicantsWith(email);
    expect(rows).toHaveLength(1);
    const invited = await t.db('cases.invitations').whereIn('id', answers.map((res) => res.body.data.invitation_id));
    expect(new Set(invited.map((i: { applicant_id: string }) => i.applicant_id))).toEqual(new Set([rows[0].id]));
  });

  it('answers 200 to concurrent invites naming the same new applicants in opposite orders (no deadlock)', async () => {
    const [a, b] = [`a-${randomUUID()}@example.com`, `b-${randomUUID()}@example.com`];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_v, i) => invite({ business: { name: `Pair ${i}` }, applicants: i % 2 === 0 ? [person(a), person(b)] : [person(b), person(a)] })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(8).fill(200));
    expect(answers[1].body.data.applicant_email).toBe(b);
    expect(await applicantsWith(a)).toHaveLength(1);
    expect(await applicantsWith(b)).toHaveLength(1);
  });

  it('answers 200 to bulk runs and invites that name one new applicant at once', async () => {
    const email = `mixed-${randomUUID()}@example.com`;
    const bulkRow = { applicant_first_name: 'Jo', applicant_last_name: 'Doe', applicant_email: email };
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_v, i) =>
        i % 2 === 0
          ? invite({ business: { name: `Mixed ${i}` }, applicants: [person(email)] })
          : request(t.app)
              .post(`/case/api/v1/businesses/customers/${customerId}/bulk`)
              .set('Authorization', `Bearer ${owner}`)
              .send([{ name: `Mixed ${i}`, ...bulkRow }, { name: `Mixed ${i} bis`, ...bulkRow, applicant_email: email.toUpperCase() }]),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(200));
    expect(await applicantsWith(email)).toHaveLength(1);
  });
});
