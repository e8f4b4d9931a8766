import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { bearer, startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

/** User creation with `Idempotency-Key`: one user, the same answer, and its one-time link never kept in clear. */
describe('creating a user with Idempotency-Key', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await startAuthTestApp();
  });
  afterAll(() => t.close());

  it('a retry answers the first answer with its set-up link, creates one user, and keeps the answer sealed', async () => {
    const owner = await t.fixtures.ownerSession();
    const key = randomUUID();
    const email = `kept.${Date.now()}@example.com`;
    const create = () =>
      request(t.app)
        .post(`/auth/api/v1/customers/${owner.customerId}/users`)
        .set('Authorization', bearer(owner.token))
        .set('Idempotency-Key', key)
        .send({ first_name: 'Kim', last_name: 'Park', email, subrole_code: 'user' });
    const first = await create().expect(200);
    const link: string = first.body.data.invitation_url;
    expect(link).toMatch(/^http/);
    const again = await create().expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await t.db('auth.users').where({ email })).toHaveLength(1);

    const kept = await t.db('auth.idempotency_keys').where({ key }).first('response_body');
    const token = new URL(link).searchParams.values().next().value as string;
    expect(kept.response_body).not.toContain(email);
    expect(kept.response_body).not.toContain(token);
    expect(kept.response_body).not.toContain('Kim');
  });
});
