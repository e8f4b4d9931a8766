import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { canAccessBusiness, canAccessCustomer } from '@kyb/auth';
import { createPasswordHasher } from '../passwords/password-hasher';
import { applicantInvitations } from '../test-support/applicant-invitations';
import { startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';
import { EMAIL_CODE_SENT } from '../email-proofs/email-proofs.service';

const codeSent = { status: 'success', message: EMAIL_CODE_SENT, data: { verification_required: true, expires_in_seconds: 900 } };
const incorrect = { status: 'fail', message: 'Incorrect username or password.', errorCode: 'INVALID', data: { errorName: 'SignInApiError' } };
const PERSON = 'person passphrase 1';
const INTRUDER = 'intruder passphrase 2';

/* One applicant identity per email, of no tenant: what one tenant's invitation did never blocks another's (docs/adr/0010). */
describe('applicants invited by several customers', () => {
  let t: AuthTestApp;
  let applicants: Awaited<ReturnType<typeof applicantInvitations>>;

  beforeAll(async () => {
    t = await startAuthTestApp({ EMAIL_CODE_ATTEMPTS: 3 });
    applicants = await applicantInvitations(t);
  });
  afterAll(() => t.close());

  const signIn = (body: object) => applicants.signIn(body);
  const claimsOf = (res: request.Response) => jwt.decode(res.body.data.data.id_token) as { customer_id: string | null; business_ids: string[] };
  const applicantRows = (email: string) => t.db('auth.users').where({ role: 'APPLICANT' }).whereRaw('lower(email) = lower(?)', [email]);

  it('a tenant that knows its invitation link but not the mailbox can neither claim the identity nor block the real person', async () => {
    const [intruder, other] = [await t.fixtures.customer('Intruder Co'), await t.fixtures.customer('Honest Co')];
    const email = 'victim@example.org';
    const theirs = await applicants.invitation(email, { customerId: intruder });
    const honest = await applicants.invitation(email, { customerId: other });
    // The intruding tenant signs up first with its own invitation: the code goes to the victim's mailbox.
    const claim = { email, password: INTRUDER, invite_token: theirs.id };
    expect((await signIn(claim).expect(202)).body).toEqual(codeSent);
    for (const guess of ['00000000', '11111111', '22222222', '33333333']) expect((await signIn({ ...claim, email_code: guess }).expect(400)).body.errorCode).toBe('INVALID');
    expect(await applicantRows(email)).toEqual([]);
    expect((await signIn({ email, password: INTRUDER }).expect(400)).body).toEqual(incorrect);

    // The real person, through the other tenant's invitation, is not blocked by the pending, dead claim.
    const res = await applicants.signUp(email, PERSON, honest);
    expect(claimsOf(res)).toMatchObject({ customer_id: null, business_ids: [honest.businessId] });

    // The intruder still cannot get in, and its invitation link only mails the person another code.
    expect((await signIn({ email, password: INTRUDER }).expect(400)).body).toEqual(incorrect);
    expect((await signIn(claim).expect(202)).body).toEqual(codeSent);
    expect((await signIn({ ...claim, email_code: '44444444' }).expect(400)).body.errorCode).toBe('INVALID');
    expect((await signIn({ email, password: PERSON }).expect(200)).body.data.data.user_details.email).toBe(email);
    // The person may still accept the intruding tenant's invitation, with the verified identity.
    const both = await signIn({ email, password: PERSON, invite_token: theirs.id }).expect(200);
    expect(claimsOf(both).business_ids).toEqual([honest.businessId, theirs.businessId]);
  });

  it('answers an invitation of an email that has an identity exactly as for a fresh email, unless the password opens it', async () => {
    const [first, second] = [await t.fixtures.customer(), await t.fixtures.customer()];
    await applicants.signUp('known@example.org', PERSON, await applicants.invitation('known@example.org', { customerId: first }));
    const probe = await applicants.invitation('known@example.org', { customerId: second });
    const fresh = await applicants.invitation('fresh@example.org', { customerId: second });
    const known = await signIn({ email: 'known@example.org', password: INTRUDER, invite_token: probe.id });
    const unknown = await signIn({ email: 'fresh@example.org', password: INTRUDER, invite_token: fresh.id });
    expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
    // The identity keeps its password.
    await signIn({ email: 'known@example.org', password: PERSON }).expect(200);
  });

  it('accepts the invitations of two customers with one identity: both businesses, neither tenant’s others', async () => {
    const [a, b] = [await t.fixtures.customer('Customer A'), await t.fixtures.customer('Customer B')];
    const [aInvited, aOther, bInvited, bOther] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const email = 'twice@example.org';
    await applicants.signUp(email, PERSON, await applicants.invitation(email, { customerId: a, businessId: aInvited }));
    const res = await signIn({ email, password: PERSON, invite_token: (await applicants.invitation(email, { customerId: b, businessId: bInvited })).id }).expect(200);
    expect(t.mail.to(email)).toHaveLength(1);
    expect(res.body.data.data.customer_details).toBeNull();
    expect(claimsOf(res)).toMatchObject({ customer_id: null, business_ids: [aInvited, bInvited] });

    for (const token of [res.body.data.data.id_token, res.body.data.data.access_token]) {
      const caller = await t.area.verifier.verify(token);
      expect([canAccessBusiness(caller, a, aInvited), canAccessBusiness(caller, b, bInvited)]).toEqual([true, true]);
      expect([canAccessBusiness(caller, a, aOther), canAccessBusiness(caller, b, bOther)]).toEqual([false, false]);
      expect([canAccessCustomer(caller, a), canAccessCustomer(caller, b)]).toEqual([false, false]);
    }
    const refreshed = await request(t.app).post('/auth/api/v1/refresh-token/applicant').send({ refresh_token: res.body.data.data.refresh_token }).expect(200);
    expect(jwt.decode(refreshed.body.data.id_token)).toMatchObject({ customer_id: null, business_ids: [aInvited, bInvited] });
  });

  it('proving the mailbox gives an identity the new password and ends the sessions of the old one', async () => {
    const [a, b] = [await t.fixtures.customer(), await t.fixtures.customer()];
    const email = 'forgot@example.org';
    const first = await applicants.signUp(email, PERSON, await applicants.invitation(email, { customerId: a }));
    const NEW = 'a brand new passphrase';
    const res = await applicants.signUp(email, NEW, await applicants.invitation(email, { customerId: b }));
    expect(claimsOf(res).business_ids).toHaveLength(2);
    expect((await signIn({ email, password: PERSON }).expect(400)).body).toEqual(incorrect);
    await signIn({ email, password: NEW }).expect(200);
    await request(t.app).post('/auth/api/v1/refresh-token/applicant').send({ refresh_token: first.body.data.data.refresh_token }).expect(401);
  });

  describe('an identity created before email proof (the migration left it unverified)', () => {
    const hasher = createPasswordHasher();
    async function legacyApplicant(email: string, password: string, customerId: string, businessId: string) {
      const [user] = await t.db('auth.users')
        .insert({ role: 'APPLICANT', customer_id: null, first_name: 'Old', last_name: 'Claim', email, password_hash: await hasher.hash(password), status: 'ACTIVE', is_email_verified: false, is_first_login: false, created_by: randomUUID(), updated_by: randomUUID() })
        .returning('*');
      await t.db('auth.accepted_invitations').insert({ invitation_id: randomUUID(), user_id: user.id, customer_id: customerId, business_id: businessId });
      return user as { id: string };
    }

    it('proves its email with its password and a code before it signs in', async () => {
      const business = randomUUID();
      await legacyApplicant('legacy@example.org', PERSON, await t.fixtures.customer(), business);
      expect((await signIn({ email: 'legacy@example.org', password: PERSON }).expect(202)).body).toEqual(codeSent);
      expect(t.mail.last('legacy@example.org').text).toContain('to confirm your email address');
      expect((await signIn({ email: 'legacy@example.org', password: INTRUDER, email_code: applicants.mailedCode('legacy@example.org') }).expect(400)).body).toEqual(incorrect);
      const res = await signIn({ email: 'legacy@example.org', password: PERSON, email_code: applicants.mailedCode('legacy@example.org') }).expect(200);
      expect(claimsOf(res)).toMatchObject({ customer_id: null, business_ids: [business] });
      await signIn({ email: 'legacy@example.org', password: PERSON }).expect(200);
    });

    it('taken by an intruder, is taken back by the person who reads the mailbox', async () => {
      const [intruder, honest] = [await t.fixtures.customer(), await t.fixtures.customer()];
      const email = 'taken@example.org';
      await legacyApplicant(email, INTRUDER, intruder, randomUUID());
      // The intruder's password only mails the person a code.
      await signIn({ email, password: INTRUDER }).expect(202);
      const invite = await applicants.invitation(email, { customerId: honest });
      const res = await applicants.signUp(email, PERSON, invite);
      expect(claimsOf(res).business_ids).toContain(invite.businessId);
      expect(await applicantRows(email)).toEqual([expect.objectContaining({ is_email_verified: true, customer_id: null })]);
      expect((await signIn({ email, password: INTRUDER }).expect(400)).body).toEqual(incorrect);
    });
  });
});
