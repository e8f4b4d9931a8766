import request from 'supertest';
import { expectSameShape } from '@kyb/testing';
import { FIXTURE_PASSWORD } from '../test-support/auth-fixtures';
import { bearer, startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

/*
 * docs/adr/0009: a CUSTOMER account's email is unique within its customer only, so creating a user
 * never tells one tenant about another tenant's users, and sign-in and set-up find the account the
 * credential opens.
 */
const SIGN_IN = '/auth/api/v1/customer/sign-in';
const SETUP = '/auth/api/v1/customer/complete-setup';

describe('customer user emails per tenant', () => {
  let t: AuthTestApp;
  let acme: Awaited<ReturnType<AuthTestApp['fixtures']['ownerSession']>>;
  let globex: Awaited<ReturnType<AuthTestApp['fixtures']['ownerSession']>>;

  beforeAll(async () => {
    t = await startAuthTestApp();
    acme = await t.fixtures.ownerSession();
    globex = await t.fixtures.ownerSession();
  });
  afterAll(() => t.close());

  const create = (by: typeof acme, email: string, extra: object = {}) =>
    request(t.app)
      .post(`/auth/api/v1/customers/${by.customerId}/users`)
      .set('Authorization', bearer(by.token))
      .send({ first_name: 'Pat', last_name: 'Shared', email, subrole_code: 'user', ...extra });
  const signInAs = (email: string, password: string) => request(t.app).post(SIGN_IN).send({ email, password });
  const customerOf = (res: request.Response) => res.body.data.data.customer_details.id as string;

  it("answers another tenant's email exactly as a fresh address: 200, same message, same shape", async () => {
    await create(acme, 'pat@shared.test').expect(200);
    const taken = await create(globex, 'PAT@shared.test');
    const fresh = await create(globex, 'nobody-else@shared.test');
    expect(taken.status).toBe(fresh.status);
    expect(taken.status).toBe(200);
    expect(taken.body.message).toBe(fresh.body.message);
    expect(Object.keys(taken.body.data).sort()).toEqual(Object.keys(fresh.body.data).sort());
    expectSameShape(taken.body, fresh.body);
    expect(taken.body.data).toMatchObject({ email: 'PAT@shared.test', status: 'INVITED' });
  });

  it('still answers 409 for an email already used inside the same customer, in any case', async () => {
    await create(acme, 'twice@shared.test').expect(200);
    expect((await create(acme, 'Twice@Shared.test').expect(409)).body).toEqual({
      status: 'fail',
      message: 'A user with this email already exists.',
      errorCode: 'DUPLICATE',
      data: { errorName: 'UserApiError' },
    });
  });

  it('sets up each account with its own credential, and signs in to the account the password opens', async () => {
    const email = 'dana@shared.test';
    await create(acme, email, { temporary_password: 'acme-temporary-secret' }).expect(200);
    const invited = await create(globex, email).expect(200);
    const token = new URL(invited.body.data.invitation_url).searchParams.get('invitation_token');
    // Another account's temporary password opens nothing here; each credential finds its own account.
    await request(t.app).post(SETUP).send({ email, temporary_password: 'not-the-secret', new_password: 'acme password 2026' }).expect(400);
    await request(t.app).post(SETUP).send({ email, temporary_password: 'acme-temporary-secret', new_password: 'acme password 2026' }).expect(200);
    await request(t.app).post(SETUP).send({ email, invitation_token: token, new_password: 'globex password 2026' }).expect(200);

    expect(customerOf(await signInAs(email, 'acme password 2026').expect(200))).toBe(acme.customerId);
    expect(customerOf(await signInAs(email, 'globex password 2026').expect(200))).toBe(globex.customerId);
    expect((await signInAs(email, 'neither password 2026').expect(400)).body).toEqual({
      status: 'fail',
      message: 'Incorrect username or password.',
      errorCode: 'INVALID',
      data: { errorName: 'SignInApiError' },
    });
  });

  it('with one password for several accounts, picks the most recently signed-in one, and one that may sign in first', async () => {
    const email = 'same@shared.test';
    const acmeUser = await t.fixtures.user({ customerId: acme.customerId, email });
    const globexUser = await t.fixtures.user({ customerId: globex.customerId, email });
    // Neither signed in yet: the most recently created (globex) wins.
    expect(customerOf(await signInAs(email, FIXTURE_PASSWORD).expect(200))).toBe(globex.customerId);
    await t.db('auth.users').where({ id: globexUser.id }).update({ last_signed_in_at: new Date(Date.now() - 86_400_000) });
    await t.db('auth.users').where({ id: acmeUser.id }).update({ last_signed_in_at: new Date(Date.now() - 3_600_000) });
    expect(customerOf(await signInAs(email, FIXTURE_PASSWORD).expect(200))).toBe(acme.customerId);
    // That sign-in was recorded, so acme stays the most recent; disabled, it gives way to globex, which may sign in.
    expect(customerOf(await signInAs(email, FIXTURE_PASSWORD).expect(200))).toBe(acme.customerId);
    await t.db('auth.users').where({ id: acmeUser.id }).update({ status: 'INACTIVE' });
    expect(customerOf(await signInAs(email, FIXTURE_PASSWORD).expect(200))).toBe(globex.customerId);
  });

  it('answers the account state of the only account the password opens (contract 7.2)', async () => {
    const email = 'disabled@shared.test';
    await t.fixtures.user({ customerId: acme.customerId, email, status: 'INACTIVE' });
    await t.fixtures.user({ customerId: globex.customerId, email, password: 'a different passphrase' });
    expect((await signInAs(email, FIXTURE_PASSWORD).expect(400)).body.message).toBe('Your account has been disabled, Contact Support.');
    expect(customerOf(await signInAs(email, 'a different passphrase').expect(200))).toBe(globex.customerId);
  });

  it('keeps ADMIN accounts unique per email in the database', async () => {
    await t.fixtures.adminToken();
    const admin = await t.db('auth.users').where({ role: 'ADMIN' }).first();
    const copy = { ...admin, id: undefined, ext_auth_ref_id: undefined, created_at: undefined, updated_at: undefined };
    await expect(t.db('auth.users').insert({ ...copy, email: admin.email.toUpperCase() })).rejects.toMatchObject({ code: '23505' });
  });
});
