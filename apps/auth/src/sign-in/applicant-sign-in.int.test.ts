import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { createInvitationAcceptances, createInvitationDirectoryStandIn } from '@kyb/tenants';
import { startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

const SIGN_IN = '/auth/api/v1/applicant/sign-in';
const PASSWORD = 'applicant passphrase';
const invalidInvitation = {
  status: 'fail',
  message: 'The invitation is not valid, has expired or was already used.',
  errorCode: 'INVALID',
  data: { errorName: 'SignInApiError' },
};

describe('applicant sign-in with an invitation', () => {
  let t: AuthTestApp;
  let customerId: string;
  let invitations: Awaited<ReturnType<typeof createInvitationDirectoryStandIn>>;

  beforeAll(async () => {
    t = await startAuthTestApp();
    customerId = await t.fixtures.customer('Inviting Co');
    invitations = await createInvitationDirectoryStandIn(t.db);
  });
  afterAll(() => t.close());

  async function invitation(email: string, overrides: { customerId?: string; expiresAt?: Date } = {}) {
    const entry = {
      id: randomUUID(),
      customerId: overrides.customerId ?? customerId,
      businessId: randomUUID(),
      applicantEmail: email,
      expiresAt: overrides.expiresAt ?? new Date(t.clock.now().getTime() + 3600_000),
    };
    await invitations.put(entry);
    return entry;
  }
  const signIn = (body: object) => request(t.app).post(SIGN_IN).send(body);

  it('creates the login on first use and signs in as APPLICANT limited to the invited business', async () => {
    const invite = await invitation('jim@example.org');
    const res = await signIn({ email: 'jim@example.org', password: PASSWORD, invite_token: invite.id }).expect(200);
    expect(res.body.message).toBe('Logged In successfully');
    const inner = res.body.data.data;
    expect(inner).toMatchObject({
      user_details: { first_name: 'Jim', last_name: 'Tester', email: 'jim@example.org', is_email_verified: true },
      subrole: null,
      permissions: [],
      customer_details: { id: customerId, name: 'Inviting Co' },
    });
    expect(jwt.decode(inner.id_token)).toMatchObject({ role: 'APPLICANT', customer_id: customerId, business_ids: [invite.businessId] });
    // Later sign-ins need no invitation; the refresh keeps the business claim.
    const again = await signIn({ email: 'jim@example.org', password: PASSWORD }).expect(200);
    const refreshed = await request(t.app).post('/auth/api/v1/refresh-token/applicant').send({ refresh_token: again.body.data.data.refresh_token }).expect(200);
    expect(jwt.decode(refreshed.body.data.id_token)).toMatchObject({ business_ids: [invite.businessId] });
  });

  it('uses an invitation once', async () => {
    const invite = await invitation('sue@example.org');
    await signIn({ email: 'sue@example.org', password: PASSWORD, invite_token: invite.id }).expect(200);
    expect((await createInvitationAcceptances(t.db).acceptedAt([invite.id])).has(invite.id)).toBe(true);
    expect((await signIn({ email: 'sue@example.org', password: PASSWORD, invite_token: invite.id }).expect(400)).body).toEqual(invalidInvitation);
  });

  it('adds the business of a further invitation of the same customer; refuses one of another customer', async () => {
    const first = await invitation('ann@example.org');
    await signIn({ email: 'ann@example.org', password: PASSWORD, invite_token: first.id }).expect(200);
    const second = await invitation('ann@example.org');
    const res = await signIn({ email: 'ann@example.org', password: PASSWORD, invite_token: second.id }).expect(200);
    expect(jwt.decode(res.body.data.data.id_token)).toMatchObject({ business_ids: [first.businessId, second.businessId] });
    const foreign = await invitation('ann@example.org', { customerId: await t.fixtures.customer() });
    expect((await signIn({ email: 'ann@example.org', password: PASSWORD, invite_token: foreign.id }).expect(400)).body).toEqual(invalidInvitation);
  });

  it.each([
    ['an unknown invitation', async () => ({ email: 'x1@example.org', invite_token: randomUUID() })],
    ['a token that is not an invitation id', async () => ({ email: 'x2@example.org', invite_token: 'garbage' })],
    ['an invitation for another email', async () => ({ email: 'x3@example.org', invite_token: (await invitation('someone@example.org')).id })],
    ['an expired invitation', async () => ({ email: 'x4@example.org', invite_token: (await invitation('x4@example.org', { expiresAt: new Date(t.clock.now().getTime() - 1000) })).id })],
  ])('refuses %s', async (_case, make) => {
    expect((await signIn({ ...(await make()), password: PASSWORD }).expect(400)).body).toEqual(invalidInvitation);
  });

  it('keeps the invitation usable when the password is refused by the policy', async () => {
    const invite = await invitation('weak@example.org');
    const weak = await signIn({ email: 'weak@example.org', password: 'short', invite_token: invite.id }).expect(400);
    expect(weak.body.data.errorName).toBe('PasswordPolicyError');
    await signIn({ email: 'weak@example.org', password: PASSWORD, invite_token: invite.id }).expect(200);
  });

  it('answers an unknown applicant without an invitation, or a wrong password, as incorrect credentials', async () => {
    const incorrect = { status: 'fail', message: 'Incorrect username or password.', errorCode: 'INVALID', data: { errorName: 'SignInApiError' } };
    expect((await signIn({ email: 'nobody@example.org', password: PASSWORD }).expect(400)).body).toEqual(incorrect);
    const invite = await invitation('pat@example.org');
    await signIn({ email: 'pat@example.org', password: PASSWORD, invite_token: invite.id }).expect(200);
    expect((await signIn({ email: 'pat@example.org', password: 'wrong password 123' }).expect(400)).body).toEqual(incorrect);
  });

  it('validates the body', async () => {
    expect((await signIn({ email: 'a@example.org' }).expect(400)).body.message).toBe("body must have required property 'password'");
    expect((await signIn({ email: 'a@example.org', password: 'x', role: 'ADMIN' }).expect(400)).body.message).toBe(
      "body must NOT have additional properties: 'role'",
    );
  });
});
