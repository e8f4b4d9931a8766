import request from 'supertest';
import { authMigrations } from '../migrations';
import { createTestDatabaseRole, databaseUrlOf } from '@kyb/testing';
import { createDatabase, grantAppRole } from '@kyb/db';
import { bearer, startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';
import { FIXTURE_PASSWORD } from '../test-support/auth-fixtures';

const denied = { status: 'fail', message: 'You are not allowed to access the data.', errorCode: 'UNAUTHORIZED', data: { errorName: 'AccessMiddlewareError' } };

describe('the audit log', () => {
  let t: AuthTestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startAuthTestApp();
    admin = await t.fixtures.adminToken();
  });
  afterAll(() => t.close());

  const events = (customerId: string, token: string, query = '') =>
    request(t.app).get(`/auth/api/v1/customers/${customerId}/audit-events${query}`).set('Authorization', bearer(token));
  const verify = (customerId: string, token: string) => request(t.app).get(`/auth/api/v1/customers/${customerId}/audit-events/verify`).set('Authorization', bearer(token));

  /** A customer whose owner signed in, created a user, changed it, and logged out. */
  async function busyCustomer() {
    const owner = await t.fixtures.ownerSession();
    const created = await request(t.app)
      .post(`/auth/api/v1/customers/${owner.customerId}/users`)
      .set('Authorization', bearer(owner.token))
      .set('X-Forwarded-For', '203.0.113.9')
      .send({ first_name: 'Bea', last_name: 'Cole', email: `bea.${Date.now()}@example.com`, subrole_code: 'user', temporary_password: 'Temporary-Passw0rd!' })
      .expect(200);
    await request(t.app)
      .patch(`/auth/api/v1/customers/${owner.customerId}/users/${created.body.data.id}`)
      .set('Authorization', bearer(owner.token))
      .send({ status: 'INACTIVE' })
      .expect(200);
    const again = await request(t.app).post('/auth/api/v1/customer/sign-in').send({ email: owner.user.email, password: FIXTURE_PASSWORD }).expect(200);
    return { ...owner, userId: created.body.data.id as string, second: again.body.data.data.id_token as string };
  }

  it("records sign-ins, user changes and logouts on the customer's chain, newest first, with actor, target, request and address", async () => {
    const c = await busyCustomer();
    await request(t.app).post('/auth/api/v1/customer/logout').set('Authorization', bearer(c.second)).send({}).expect(200);
    const other = await t.fixtures.ownerSession();
    const res = await events(c.customerId, admin).expect(200);
    expect(res.body.message).toBe('Success');
    const actions = res.body.data.records.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['session.revoked', 'sign_in.succeeded', 'user.updated', 'user.created', 'sign_in.succeeded']);
    expect(res.body.data).toMatchObject({ total_pages: 1, total_items: '5' });
    const [revoked, , updated, created, firstSignIn] = res.body.data.records;
    expect(created).toMatchObject({
      seq: 2,
      customer_id: c.customerId,
      actor: { id: c.user.id, role: 'CUSTOMER' },
      target: { type: 'user', id: c.userId },
      details: { status: 'ACTIVE', subrole: 'user' },
      request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      client_address: expect.any(String),
    });
    expect(updated.details).toEqual({ changed: 'status', status: 'INACTIVE', subrole: null });
    expect(firstSignIn).toMatchObject({ seq: 1, prev_hash: '0'.repeat(64), target: { type: 'user', id: c.user.id } });
    expect(created.prev_hash).toBe(firstSignIn.hash);
    expect(revoked).toMatchObject({ seq: 5, action: 'session.revoked', actor: { id: c.user.id } });
    // Nothing of another tenant, and no password or email in what is kept.
    expect(JSON.stringify(res.body)).not.toContain(other.user.id);
    const stored = JSON.stringify(await t.db('auth.audit_events').where({ customer_id: c.customerId }));
    expect(stored).not.toContain(FIXTURE_PASSWORD);
    expect(stored).not.toContain('Temporary-Passw0rd!');
    expect(stored).not.toContain(c.user.email);

    // The logout ended every session of the owner: the ADMIN reads on.
    const filtered = await events(c.customerId, admin, '?filter[action]=user.updated').expect(200);
    expect(filtered.body.data.records.map((e: { seq: number }) => e.seq)).toEqual([3]);
    const oldestFirst = await events(c.customerId, admin, '?sort[occurred_at]=asc&items_per_page=2&page=2').expect(200);
    expect(oldestFirst.body.data).toMatchObject({ total_pages: 3, total_items: '5' });
    expect(oldestFirst.body.data.records.map((e: { seq: number }) => e.seq)).toEqual([3, 4]);
  });

  it('verify walks the chain: valid with its length and head; an edited entry, a broken link and a deleted one are pointed at', async () => {
    const c = await busyCustomer();
    const head = (await events(c.customerId, c.token, '?items_per_page=1').expect(200)).body.data.records[0];
    expect((await verify(c.customerId, c.token).expect(200)).body.data).toEqual({ valid: true, entries: 4, head: head.hash });

    const [second] = await t.db('auth.audit_events').where({ customer_id: c.customerId, seq: 2 });
    await t.db('auth.audit_events').where({ id: second.id }).update({ details: { status: 'ACTIVE', subrole: 'owner' } });
    expect((await verify(c.customerId, admin).expect(200)).body.data).toEqual({ valid: false, entries: 1, broken: { id: second.id, seq: 2, reason: 'hash' } });
    await t.db('auth.audit_events').where({ id: second.id }).update({ details: second.details });
    expect((await verify(c.customerId, admin).expect(200)).body.data.valid).toBe(true);

    const [third] = await t.db('auth.audit_events').where({ customer_id: c.customerId, seq: 3 });
    await t.db('auth.audit_events').where({ id: third.id }).update({ prev_hash: 'f'.repeat(64) });
    expect((await verify(c.customerId, admin).expect(200)).body.data).toEqual({ valid: false, entries: 2, broken: { id: third.id, seq: 3, reason: 'link' } });
    await t.db('auth.audit_events').where({ id: third.id }).update({ prev_hash: third.prev_hash });

    await t.db('auth.audit_events').where({ id: second.id }).delete();
    expect((await verify(c.customerId, admin).expect(200)).body.data).toEqual({ valid: false, entries: 1, broken: { id: third.id, seq: 3, reason: 'sequence' } });
  });

  it('appends entries of one chain at once in order: numbered without gaps, and the chain verifies', async () => {
    const owner = await t.fixtures.ownerSession();
    const audit = t.area.audit;
    const origin = { clientAddress: '198.51.100.7', requestId: 'req-parallel' };
    await Promise.all(
      Array.from({ length: 12 }, (_v, n) => audit.record(origin, { id: owner.user.id, role: 'CUSTOMER' }, { customerId: owner.customerId, action: 'test.parallel', target: { type: 'thing', id: String(n) } })),
    );
    const seqs = await t.db('auth.audit_events').where({ customer_id: owner.customerId }).orderBy('seq').pluck('seq');
    expect(seqs.map(Number)).toEqual(Array.from({ length: 13 }, (_v, n) => n + 1));
    expect((await verify(owner.customerId, admin).expect(200)).body.data).toMatchObject({ valid: true, entries: 13 });
  });

  it("an id spelled in capitals joins the tenant's own chain, and the chain verifies", async () => {
    const id = (await request(t.app).post('/auth/api/v1/customers').set('Authorization', bearer(admin)).send({ name: 'Capitals Co' }).expect(200)).body.data.id as string;
    await request(t.app).patch(`/auth/api/v1/customers/${id.toUpperCase()}`).set('Authorization', bearer(admin)).send({ name: 'Capitals Co 2' }).expect(200);
    expect((await events(id, admin).expect(200)).body.data.records.map((e: { action: string }) => e.action)).toEqual(['customer.updated', 'customer.created']);
    expect((await verify(id, admin).expect(200)).body.data).toMatchObject({ valid: true, entries: 2 });
  });

  it('records refused sign-ins on the platform chain, without the email', async () => {
    const before = Number((await t.db('auth.audit_events').where({ chain: 'platform', action: 'sign_in.failed' }).count({ n: '*' }))[0].n);
    await request(t.app).post('/auth/api/v1/customer/sign-in').send({ email: 'nobody.here@example.com', password: 'wrong-password-1' }).expect(400);
    const rows = await t.db('auth.audit_events').where({ chain: 'platform', action: 'sign_in.failed' }).orderBy('seq');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ customer_id: null, actor_id: null, actor_role: 'CUSTOMER', target_type: 'user', target_id: null, details: { reason: 'SignInApiError' } });
    expect(JSON.stringify(rows)).not.toContain('nobody.here');
  });

  it('records customer creation and changes by the ADMIN on that customer\'s chain', async () => {
    const id = (await request(t.app).post('/auth/api/v1/customers').set('Authorization', bearer(admin)).send({ name: 'Audited Co' }).expect(200)).body.data.id;
    await request(t.app).patch(`/auth/api/v1/customers/${id}`).set('Authorization', bearer(admin)).send({ monthly_onboarding_limit: 5, features: { PAT_120_ADD_BUSINESS: true } }).expect(200);
    const records = (await events(id, admin).expect(200)).body.data.records;
    expect(records.map((e: { action: string; details: object; actor: { role: string } }) => [e.action, e.details, e.actor.role])).toEqual([
      ['customer.updated', { changed: 'features,monthly_onboarding_limit' }, 'ADMIN'],
      ['customer.created', {}, 'ADMIN'],
    ]);
  });

  it("is read by the customer's owners and the ADMIN only: a user subrole, another tenant and an unknown customer are refused", async () => {
    const c = await busyCustomer();
    const colleague = await t.fixtures.user({ customerId: c.customerId, subrole: 'user' });
    const colleagueToken = (await request(t.app).post('/auth/api/v1/customer/sign-in').send({ email: colleague.email, password: FIXTURE_PASSWORD }).expect(200)).body.data.data.id_token;
    expect((await events(c.customerId, colleagueToken).expect(403)).body).toEqual({
      status: 'fail',
      message: 'You do not have permission to perform this action.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'PermissionMiddlewareError', permission: 'profile:write' },
    });
    expect((await verify(c.customerId, colleagueToken).expect(403)).body.data.errorName).toBe('PermissionMiddlewareError');
    const stranger = await t.fixtures.ownerSession();
    expect((await events(c.customerId, stranger.token).expect(403)).body).toEqual(denied);
    expect((await verify(c.customerId, stranger.token).expect(403)).body).toEqual(denied);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await events(unknown, stranger.token).expect(403)).body).toEqual(denied);
    expect((await events(unknown, admin).expect(404)).body).toEqual({ status: 'fail', message: 'Customer not found', errorCode: 'NOT_FOUND', data: { errorName: 'CustomerApiError' } });
  });

  it("the application's database role may add entries and read them, never change or delete them", async () => {
    const role = await createTestDatabaseRole();
    await grantAppRole(t.db, authMigrations, role.name);
    const appDb = createDatabase({ url: role.urlFor(await databaseUrlOf(t.db)), applicationName: 'kyb-audit-test' });
    try {
      const c = await busyCustomer();
      const [row] = await appDb('auth.audit_events').where({ customer_id: c.customerId }).orderBy('seq').limit(1);
      expect(row.seq).toBe('1');
      await expect(appDb('auth.audit_events').where({ id: row.id }).update({ action: 'nothing.happened' })).rejects.toMatchObject({ code: '42501' });
      await expect(appDb('auth.audit_events').where({ id: row.id }).delete()).rejects.toMatchObject({ code: '42501' });
      await expect(appDb.raw('truncate auth.audit_events')).rejects.toMatchObject({ code: '42501' });
      const { hash, id: _id, ...copy } = row;
      await appDb('auth.audit_events').insert({ ...copy, seq: 1000, hash });
    } finally {
      await appDb.destroy();
      await t.db.raw('drop owned by ??', [role.name]);
      await role.destroy();
    }
  });
});
