import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { createInvitationAcceptances } from '@kyb/area-views';
import { applicantInvitations } from '../test-support/applicant-invitations';
import { startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';
import { EMAIL_CODE_SENT } from '../email-proofs/email-proofs.service';

const PASSWORD = 'applicant passphrase';
const invalidInvitation = {
  status: 'fail',
  message: 'The invitation is not valid, has expired or was already used.',
  errorCode: 'INVALID',
  data: { errorName: 'SignInApiError' },
};
const incorrect = { status: 'fail', message: 'Incorrect username or password.', errorCode: 'INVALID', data: { errorName: 'SignInApiError' } };

describe('applicant sign-in with an invitation', () => {
  let t: AuthTestApp;
  let customerId: string;
  let applicants: Awaited<ReturnType<typeof applicantInvitations>>;

  beforeAll(async () => {
    t = await startAuthTestApp();
    customerId = await t.fixtures.customer('Inviting Co');
    applicants = await applicantInvitations(t);
  });
  afterAll(() => t.close());

  const invitation = (email: string, overrides: { customerId?: string; expiresAt?: Date } = {}) =>
    applicants.invitation(email, { customerId, ...overrides });
  const signIn = (body: object) => applicants.signIn(body);

  it('mails a code first, creates the login with it, and signs in as APPLICANT limited to the invited business', async () => {
    const invite = await invitation('jim@example.org');
    const sent = await signIn({ email: 'jim@example.org', password: PASSWORD, invite_token: invite.id }).expect(202);
    expect(sent.body).toEqual({ status: 'success', message: EMAIL_CODE_SENT, data: { verification_required: true, expires_in_seconds: 900 } });
    expect(t.mail.last('jim@example.org').text).toContain('to accept the invitation of Inviting Co');
    const res = await signIn({ email: 'jim@example.org', password: PASSWORD, invite_token: invite.id, email_code: applicants.mailedCode('jim@example.org') }).expect(200);
    expect(res.body.message).toBe('Logged In successfully');
    const inner = res.body.data.data;
    expect(inner).toMatchObject({
      user_details: { first_name: 'Jim', last_name: 'Tester', email: 'jim@example.org', is_email_verified: true },
      subrole: null,
      permissions: [],
      // An applicant belongs to no customer: invitations of several may be accepted (docs/adr/0010).
      customer_details: null,
    });
    expect(jwt.decode(inner.id_token)).toMatchObject({ role: 'APPLICANT', customer_id: null, business_ids: [invite.businessId] });
    // Later sign-ins need no invitation and no code; the refresh keeps the business claim.
    const again = await signIn({ email: 'jim@example.org', password: PASSWORD }).expect(200);
    const refreshed = await request(t.app).post('/auth/api/v1/refresh-token/applicant').send({ refresh_token: again.body.data.data.refresh_token }).expect(200);
    expect(jwt.decode(refreshed.body.data.id_token)).toMatchObject({ business_ids: [invite.businessId] });
    // Both sign-ins are audited on the platform's chain (an applicant belongs to no customer).
    const applicantId = again.body.data.data.user_details.id;
    const audited = await t.db('auth.audit_events').where({ chain: 'platform', actor_id: applicantId }).orderBy('seq').pluck('action');
    expect(audited).toEqual(['sign_in.succeeded', 'sign_in.succeeded']);
  });

  it('uses an invitation once', async () => {
    const invite = await invitation('sue@example.org');
    await applicants.signUp('sue@example.org', PASSWORD, invite);
    expect((await createInvitationAcceptances(t.db).acceptedAt([invite.id])).has(invite.id)).toBe(true);
    expect((await signIn({ email: 'sue@example.org', password: PASSWORD, invite_token: invite.id }).expect(400)).body).toEqual(invalidInvitation);
    // Nor does a used invitation mail codes to someone who does not know the password.
    const mails = t.mail.to('sue@example.org').length;
    expect((await signIn({ email: 'sue@example.org', password: 'another passphrase', invite_token: invite.id }).expect(400)).body).toEqual(invalidInvitation);
    expect(t.mail.to('sue@example.org')).toHaveLength(mails);
  });

  it('adds the business of each further invitation, of the same customer or of another, without a code', async () => {
    const first = await invitation('ann@example.org');
    await applicants.signUp('ann@example.org', PASSWORD, first);
    const second = await invitation('ann@example.org');
    const res = await signIn({ email: 'ann@example.org', password: PASSWORD, invite_token: second.id }).expect(200);
    expect(jwt.decode(res.body.data.data.id_token)).toMatchObject({ business_ids: [first.businessId, second.businessId] });
    const foreign = await invitation('ann@example.org', { customerId: await t.fixtures.customer() });
    const both = await signIn({ email: 'ann@example.org', password: PASSWORD, invite_token: foreign.id }).expect(200);
    expect(jwt.decode(both.body.data.data.id_token)).toMatchObject({ customer_id: null, business_ids: [first.businessId, second.businessId, foreign.businessId] });
    expect(t.mail.to('ann@example.org')).toHaveLength(1);
  });

  it.each([
    ['an unknown invitation', async () => ({ email: 'x1@example.org', invite_token: randomUUID() })],
    ['a token that is not an invitation id', async () => ({ email: 'x2@example.org', invite_token: 'garbage' })],
    ['an invitation for another email', async () => ({ email: 'x3@example.org', invite_token: (await invitation('someone@example.org')).id })],
    ['an expired invitation', async () => ({ email: 'x4@example.org', invite_token: (await invitation('x4@example.org', { expiresAt: new Date(t.clock.now().getTime() - 1000) })).id })],
  ])('refuses %s, and mails nothing', async (_case, make) => {
    const body = await make();
    expect((await signIn({ ...body, password: PASSWORD }).expect(400)).body).toEqual(invalidInvitation);
    expect(t.mail.to(body.email)).toEqual([]);
    expect(t.mail.to('someone@example.org')).toEqual([]);
  });

  it('keeps the invitation usable and mails nothing when the password is refused by the policy', async () => {
    const invite = await invitation('weak@example.org');
    const weak = await signIn({ email: 'weak@example.org', password: 'short', invite_token: invite.id }).expect(400);
    expect(weak.body.data.errorName).toBe('PasswordPolicyError');
    expect(t.mail.to('weak@example.org')).toEqual([]);
    await applicants.signUp('weak@example.org', PASSWORD, invite);
  });

  it('answers an unknown applicant without an invitation, or a wrong password, as incorrect credentials', async () => {
    expect((await signIn({ email: 'nobody@example.org', password: PASSWORD }).expect(400)).body).toEqual(incorrect);
    const invite = await invitation('pat@example.org');
    await applicants.signUp('pat@example.org', PASSWORD, invite);
    expect((await signIn({ email: 'pat@example.org', password: 'wrong password 123' }).expect(400)).body).toEqual(incorrect);
    const refused = await t.db('auth.audit_events').where({ chain: 'platform', action: 'sign_in.failed', actor_role: 'APPLICANT' });
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(refused)).not.toContain('pat@example.org');
  });

  it('validates the body', async () => {
    expect((await signIn({ email: 'a@example.org' }).expect(400)).body.message).toBe("body must have required property 'password'");
    expect((await signIn({ email: 'a@example.org', password: 'x', role: 'ADMIN' }).expect(400)).body.message).toBe(
      "body must NOT have additional properties: 'role'",
    );
    expect((await signIn({ email: 'a@example.org', password: 'x', invite_token: randomUUID(), email_code: '12 34' }).expect(400)).body).toEqual({
      status: 'fail',
      message: 'body.email_code must match pattern "^[0-9]{8}$"',
      errorCode: 'INVALID',
      data: { errorName: 'ValidationMiddlewareError' },
    });
  });
});
