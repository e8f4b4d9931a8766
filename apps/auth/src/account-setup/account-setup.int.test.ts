import request from 'supertest';
import { bearer, signIn, startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

const SETUP = '/auth/api/v1/customer/complete-setup';
const NEW_PASSWORD = 'a long and new passphrase';
const notValid = {
  status: 'fail',
  message: 'The email, temporary password or invitation link is not valid.',
  errorCode: 'INVALID',
  data: { errorName: 'AccountSetupError' },
};

describe('completing account set-up', () => {
  let t: AuthTestApp;
  let owner: Awaited<ReturnType<AuthTestApp['fixtures']['ownerSession']>>;
  beforeAll(async () => {
    t = await startAuthTestApp({ SETUP_LINK_TTL_SECONDS: 3600 });
    owner = await t.fixtures.ownerSession();
  });
  afterAll(() => t.close());

  async function invite(email: string, extra: object = {}): Promise<string> {
    const res = await request(t.app)
      .post(`/auth/api/v1/customers/${owner.customerId}/users`)
      .set('Authorization', bearer(owner.token))
      .send({ first_name: 'New', last_name: 'Colleague', email, subrole_code: 'user', ...extra })
      .expect(200);
    return res.body.data.invitation_url ? (new URL(res.body.data.invitation_url).searchParams.get('invitation_token') as string) : '';
  }

  it('with the invitation token: sets the password, activates, verifies, and the token works once', async () => {
    const token = await invite('invitee@acme.test');
    const res = await request(t.app).post(SETUP).send({ email: 'invitee@acme.test', invitation_token: token, new_password: NEW_PASSWORD }).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Account setup completed successfully',
      data: { user_details: { id: expect.any(String), first_name: 'New', last_name: 'Colleague', email: 'invitee@acme.test', is_email_verified: true } },
    });
    const user = await t.db('auth.users').where({ email: 'invitee@acme.test' }).first();
    expect(user).toMatchObject({ status: 'ACTIVE', is_email_verified: true, is_first_login: false });
    await signIn(t.app, 'invitee@acme.test', NEW_PASSWORD);
    const again = await request(t.app).post(SETUP).send({ email: 'invitee@acme.test', invitation_token: token, new_password: `${NEW_PASSWORD}!` }).expect(400);
    expect(again.body).toEqual(notValid);
  });

  it('refuses an expired invitation token and a token used with another email', async () => {
    const token = await invite('late@acme.test');
    await invite('someone@acme.test');
    expect((await request(t.app).post(SETUP).send({ email: 'someone@acme.test', invitation_token: token, new_password: NEW_PASSWORD }).expect(400)).body).toEqual(notValid);
    t.clock.advance(3601_000);
    try {
      expect((await request(t.app).post(SETUP).send({ email: 'late@acme.test', invitation_token: token, new_password: NEW_PASSWORD }).expect(400)).body).toEqual(notValid);
    } finally {
      t.clock.advance(-3601_000);
    }
  });

  it('with the temporary password: completes the first login; a wrong one is refused', async () => {
    await invite('temporary@acme.test', { temporary_password: 'handed-over-secret' });
    const wrong = await request(t.app).post(SETUP).send({ email: 'temporary@acme.test', temporary_password: 'not-the-secret', new_password: NEW_PASSWORD }).expect(400);
    expect(wrong.body).toEqual(notValid);
    await request(t.app).post(SETUP).send({ email: 'temporary@acme.test', temporary_password: 'handed-over-secret', new_password: NEW_PASSWORD }).expect(200);
    await signIn(t.app, 'temporary@acme.test', NEW_PASSWORD);
    const reuse = await request(t.app).post(SETUP).send({ email: 'temporary@acme.test', temporary_password: NEW_PASSWORD, new_password: `${NEW_PASSWORD}!` }).expect(400);
    expect(reuse.body).toEqual(notValid);
  });

  it('refuses both credentials at once, or neither', async () => {
    for (const body of [
      { email: 'x@acme.test', temporary_password: 'a', invitation_token: 'b', new_password: NEW_PASSWORD },
      { email: 'x@acme.test', new_password: NEW_PASSWORD },
    ]) {
      expect((await request(t.app).post(SETUP).send(body).expect(400)).body).toEqual({
        status: 'fail',
        message: 'body must have exactly one of temporary_password and invitation_token',
        errorCode: 'INVALID',
        data: { errorName: 'ValidationMiddlewareError' },
      });
    }
  });

  it('refuses a new password the policy does not accept', async () => {
    const token = await invite('short@acme.test');
    const res = await request(t.app).post(SETUP).send({ email: 'short@acme.test', invitation_token: token, new_password: 'too-short' }).expect(400);
    expect(res.body).toEqual({
      status: 'fail',
      message: 'Password must be at least 12 characters long.',
      errorCode: 'INVALID',
      data: { errorName: 'PasswordPolicyError' },
    });
  });

  it('refuses an INACTIVE user as disabled', async () => {
    const token = await invite('gone@acme.test');
    await t.db('auth.users').where({ email: 'gone@acme.test' }).update({ status: 'INACTIVE' });
    const res = await request(t.app).post(SETUP).send({ email: 'gone@acme.test', invitation_token: token, new_password: NEW_PASSWORD }).expect(400);
    expect(res.body.message).toBe('Your account has been disabled, Contact Support.');
  });
});
