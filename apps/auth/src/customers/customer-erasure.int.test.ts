import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { createDataKeys, DataKeyDestroyedError, dataKeyScope } from '@kyb/area-views';
import { createMasterKeyring, type MasterKeyring } from '@kyb/secrets';
import { createPgDataKeyStore } from '../data-keys/data-keys.store';
import { FIXTURE_PASSWORD } from '../test-support/auth-fixtures';
import { createCustomersService } from './customers.service';
import { createPgCustomerStore } from './customers.store';
import { bearer, startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

/*
 * An ADMIN erases a whole tenant by destroying its data key (issue 11): what was sealed for it
 * opens nowhere (a fresh reader at once, a caching one within a second), nothing new can be sealed
 * for it, the customer is disabled and its users' sessions end, and the act is in its audit log.
 */
const BASE = '/auth/api/v1/customers';
/** What sealing for an erased tenant throws (the areas answer it as 410 CustomerErasedError). */
const erased = expect.objectContaining({ httpStatus: 410, errorCode: 'GONE', errorName: 'CustomerErasedError', constructor: DataKeyDestroyedError });
/** Every route that names an erased customer answers this (docs/adr/0043). */
const gone = {
  status: 'fail',
  message: "This customer was erased: its data key was destroyed and its personal data deleted, so nothing of it can be read or done any more.",
  errorCode: 'GONE',
  data: { errorName: 'CustomerErasedError' },
};
const validation = (message: string) => ({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('erasing a customer (POST /customers/{customerID}/erase)', () => {
  let t: AuthTestApp;
  let admin: string;
  let keyring: MasterKeyring;
  beforeAll(async () => {
    t = await startAuthTestApp();
    admin = await t.fixtures.adminToken();
    keyring = createMasterKeyring(t.config.DATA_ENCRYPTION_KEY);
  });
  afterAll(() => t.close());

  const erase = (customerId: string, token = admin, body: object = { confirm_customer_id: customerId }) =>
    request(t.app).post(`${BASE}/${customerId}/erase`).set('Authorization', bearer(token)).send(body);
  const keyOf = (customerId: string) => t.db('auth.data_keys').where({ scope: dataKeyScope(customerId) }).first();
  const statusOf = async (customerId: string) => (await t.db('auth.customers').where({ id: customerId }).first()).status as string;
  const auditActions = async (customerId: string) =>
    (await request(t.app).get(`${BASE}/${customerId}/audit-events`).set('Authorization', bearer(admin)).expect(200)).body.data.records as Array<{
      action: string;
      actor: { id: string; role: string };
      target: unknown;
      details: unknown;
    }>;

  it("destroys the tenant's data key: its values open nowhere, nothing can be sealed for it, and other tenants' values still open", async () => {
    const tenant = await t.fixtures.customer();
    const neighbour = await t.fixtures.customer();
    const caching = createDataKeys(t.db, keyring);
    const sealed = await caching.seal(dataKeyScope(tenant), '123-45-6789');
    const neighbours = await caching.seal(dataKeyScope(neighbour), '987-65-4321');
    expect(await caching.open(sealed)).toBe('123-45-6789');
    expect(await createDataKeys(t.db, keyring).open(sealed)).toBe('123-45-6789');

    const res = await erase(tenant).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Customer data erased successfully',
      data: { customer_id: tenant, erased_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), data_key_destroyed: true },
    });
    expect(await keyOf(tenant)).toMatchObject({ wrapped: null, master_id: null, destroyed_at: new Date(res.body.data.erased_at) });

    const fresh = createDataKeys(t.db, keyring);
    await expect(fresh.open(sealed)).rejects.toBeInstanceOf(DataKeyDestroyedError);
    await expect(createDataKeys(t.db, keyring, { cacheMs: 0 }).open(sealed)).rejects.toBeInstanceOf(DataKeyDestroyedError);
    await expect(fresh.seal(dataKeyScope(tenant), 'new')).rejects.toEqual(erased);
    // The reader that had the key keeps it at most a second.
    await sleep(1100);
    await expect(caching.open(sealed)).rejects.toBeInstanceOf(DataKeyDestroyedError);
    await expect(caching.seal(dataKeyScope(tenant), 'new')).rejects.toEqual(erased);
    expect(await caching.open(neighbours)).toBe('987-65-4321');
    expect(await fresh.open(neighbours)).toBe('987-65-4321');
    expect(await keyOf(neighbour)).toMatchObject({ wrapped: expect.stringMatching(/^w1\./), destroyed_at: null });
  });

  it('a tenant that never had a data key gets a destroyed one, so none can ever be made for it', async () => {
    const tenant = await t.fixtures.customer();
    expect(await keyOf(tenant)).toBeUndefined();
    const res = await erase(tenant).expect(200);
    expect(await keyOf(tenant)).toMatchObject({ wrapped: null, master_id: null, destroyed_at: new Date(res.body.data.erased_at) });

    const offered = keyring.wrap(Buffer.alloc(32, 7));
    const { rows } = await t.db.raw('select * from auth.ensure_data_key(?, ?, ?, ?)', [randomUUID(), dataKeyScope(tenant), offered.wrapped, offered.masterId]);
    expect(rows).toEqual([expect.objectContaining({ wrapped: null, master_id: null, destroyed_at: new Date(res.body.data.erased_at) })]);
    await expect(createDataKeys(t.db, keyring, { cacheMs: 0 }).boxFor(dataKeyScope(tenant))).rejects.toEqual(erased);
    // The customer's own row was overwritten (its name): one row erased in the auth area.
    expect((await auditActions(tenant))[0]?.details).toEqual({ data_key: 'none-made', status_before: 'ACTIVE', status: 'DISABLED', rows_erased: 1 });
  });

  it("disables the customer and ends its users' sessions: the owner can no longer sign in, its token and refresh token are refused", async () => {
    const owner = await t.fixtures.ownerSession();
    const users = () => request(t.app).get(`${BASE}/${owner.customerId}/users`).set('Authorization', bearer(owner.token));
    await users().expect(200);

    await erase(owner.customerId).expect(200);
    expect(await statusOf(owner.customerId)).toBe('DISABLED');
    // Even to the ADMIN, the erased customer is gone.
    expect((await request(t.app).get(`${BASE}/${owner.customerId}`).set('Authorization', bearer(admin)).expect(410)).body).toEqual(gone);
    expect((await users().expect(401)).body).toEqual({ status: 'fail', message: 'User Session Expired', errorCode: 'UNAUTHENTICATED', data: { errorName: 'TokenExpiredError' } });
    const signIn = await request(t.app).post('/auth/api/v1/customer/sign-in').send({ email: owner.user.email, password: FIXTURE_PASSWORD }).expect(400);
    // The user's email was erased with the tenant: the address is unknown now, as any other.
    expect(signIn.body).toEqual({ status: 'fail', message: 'Incorrect username or password.', errorCode: 'INVALID', data: { errorName: 'SignInApiError' } });
    const refresh = await request(t.app).post('/auth/api/v1/refresh-token/customer').send({ refresh_token: owner.refreshToken }).expect(401);
    expect(refresh.body.data.errorName).toBe('SignInApiError');
    expect(await t.db('auth.refresh_tokens').where({ user_id: owner.user.id }).whereNull('revoked_at')).toEqual([]);
  });

  it("records customer.erased on the tenant's chain, which still verifies; a repeat answers the first erased_at and records nothing", async () => {
    const owner = await t.fixtures.ownerSession();
    await createDataKeys(t.db, keyring).seal(dataKeyScope(owner.customerId), 'secret');
    const first = (await erase(owner.customerId).expect(200)).body.data;

    const [entry] = await auditActions(owner.customerId);
    expect(entry).toMatchObject({
      action: 'customer.erased',
      actor: { id: (jwt.decode(admin) as jwt.JwtPayload).sub, role: 'ADMIN' },
      target: { type: 'customer', id: owner.customerId },
      details: { data_key: 'destroyed', status_before: 'ACTIVE', status: 'DISABLED' },
    });
    const entries = (await auditActions(owner.customerId)).length;
    const verify = () => request(t.app).get(`${BASE}/${owner.customerId}/audit-events/verify`).set('Authorization', bearer(admin)).expect(200);
    expect((await verify()).body.data).toMatchObject({ valid: true, entries });

    await t.clock.advance(60_000);
    const again = await erase(owner.customerId).expect(200);
    expect(again.body.data).toEqual(first);
    expect(await auditActions(owner.customerId)).toHaveLength(entries);
    expect((await verify()).body.data).toMatchObject({ valid: true, entries });
  });

  it('two erasures at once: one destroys, both answer the same erased_at, one entry is recorded', async () => {
    const tenant = await t.fixtures.customer();
    const answers = await Promise.all([erase(tenant).expect(200), erase(tenant).expect(200)]);
    expect(answers[0].body.data).toEqual(answers[1].body.data);
    expect((await auditActions(tenant)).filter((e) => e.action === 'customer.erased')).toHaveLength(1);
  });

  it('an erased customer answers 410 to every change, re-activation too; one made active by hand is disabled again by a repeat, which records that', async () => {
    const tenant = await t.fixtures.customer();
    const first = (await erase(tenant).expect(200)).body.data;
    for (const body of [{ status: 'ACTIVE' }, { name: 'Erased Co' }]) {
      expect((await request(t.app).patch(`${BASE}/${tenant}`).set('Authorization', bearer(admin)).send(body).expect(410)).body).toEqual(gone);
    }
    expect(await statusOf(tenant)).toBe('DISABLED');
    await t.db('auth.customers').where({ id: tenant }).update({ status: 'ACTIVE' });
    expect((await erase(tenant).expect(200)).body.data).toEqual(first);
    expect(await statusOf(tenant)).toBe('DISABLED');
    const actions = (await auditActions(tenant)).filter((e) => e.action === 'customer.erased');
    expect(actions.map((e) => e.details)).toEqual([
      { data_key: 'destroyed-before', status_before: 'ACTIVE', status: 'DISABLED', rows_erased: 0 },
      { data_key: 'none-made', status_before: 'ACTIVE', status: 'DISABLED', rows_erased: 1 },
    ]);
  });

  it('a re-activation that raced the erasure (past the gate before it committed) is refused under the lock: 409 CustomerErasedError', async () => {
    const tenant = await t.fixtures.customer();
    await erase(tenant).expect(200);
    const service = createCustomersService({
      db: t.db,
      customers: createPgCustomerStore(t.db),
      dataKeys: createPgDataKeyStore(t.db),
      clock: () => new Date(),
      endSessions: async () => undefined,
    });
    await expect(service.update(tenant, { status: 'ACTIVE' }, randomUUID())).rejects.toMatchObject({
      httpStatus: 409,
      errorCode: 'NOT_ALLOWED',
      errorName: 'CustomerErasedError',
      message: 'This customer was erased: its data key was destroyed and its personal data deleted in every area, so it cannot be made active again.',
    });
    expect(await statusOf(tenant)).toBe('DISABLED');
  });

  it("overwrites what the auth area keeps of the tenant in clear: its name, its users' names, emails and phones, their passwords; their sessions end", async () => {
    const owner = await t.fixtures.ownerSession();
    const before = await t.db('auth.users').where({ id: owner.user.id }).first();
    expect(before.password_hash).not.toBeNull();
    await erase(owner.customerId).expect(200);
    const users = await t.db('auth.users').where({ customer_id: owner.customerId });
    expect(users.length).toBeGreaterThan(0);
    for (const user of users) {
      expect(user).toMatchObject({ first_name: '[erased]', last_name: '[erased]', email: `erased-${user.id}@erased.invalid`, mobile: null, password_hash: null, status: 'INACTIVE' });
    }
    expect(JSON.stringify(users)).not.toContain(before.email);
    expect(await t.db('auth.refresh_tokens').where({ user_id: owner.user.id }).whereNull('revoked_at')).toEqual([]);
    expect((await t.db('auth.customers').where({ id: owner.customerId }).first()).name).toBe('[erased]');
  });

  it('erases in one transaction with its audit entry: when the entry cannot be written, nothing is erased and no session ends', async () => {
    const owner = await t.fixtures.ownerSession();
    const sealed = await createDataKeys(t.db, keyring).seal(dataKeyScope(owner.customerId), 'kept');
    const ended: string[][] = [];
    const service = createCustomersService({
      db: t.db,
      customers: createPgCustomerStore(t.db),
      dataKeys: createPgDataKeyStore(t.db),
      clock: () => new Date(),
      endSessions: async (userIds) => void ended.push([...userIds]),
    });
    const input = { customerId: owner.customerId, confirmCustomerId: owner.customerId, actorId: owner.user.id };
    await expect(service.erase({ ...input, record: async () => Promise.reject(new Error('audit log unavailable')) })).rejects.toThrow('audit log unavailable');
    expect(await createDataKeys(t.db, keyring, { cacheMs: 0 }).open(sealed)).toBe('kept');
    expect(await statusOf(owner.customerId)).toBe('ACTIVE');
    expect(ended).toEqual([]);
    await service.erase({ ...input, record: async () => undefined });
    expect(ended).toEqual([[owner.user.id]]);
  });

  it('reads the path as PostgreSQL does: an id in capitals erases the same customer', async () => {
    const tenant = await t.fixtures.customer();
    const res = await erase(tenant.toUpperCase(), admin, { confirm_customer_id: tenant }).expect(200);
    expect(res.body.data.customer_id).toBe(tenant);
    expect(await keyOf(tenant)).toMatchObject({ wrapped: null });
  });

  it('refuses a CUSTOMER (its own tenant too), and leaves everything as it was', async () => {
    const owner = await t.fixtures.ownerSession();
    const sealed = await createDataKeys(t.db, keyring).seal(dataKeyScope(owner.customerId), 'kept');
    expect((await erase(owner.customerId, owner.token).expect(401)).body).toEqual({
      status: 'fail',
      message: 'Role Not Allowed',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'RoleMiddlewareError' },
    });
    expect(await createDataKeys(t.db, keyring, { cacheMs: 0 }).open(sealed)).toBe('kept');
    expect(await statusOf(owner.customerId)).toBe('ACTIVE');
    await request(t.app).post(`${BASE}/${owner.customerId}/erase`).send({ confirm_customer_id: owner.customerId }).expect(401);
  });

  it('answers 404 for a customer that does not exist, and makes no key for it', async () => {
    const missing = randomUUID();
    expect((await erase(missing).expect(404)).body).toEqual({ status: 'fail', message: 'Customer not found', errorCode: 'NOT_FOUND', data: { errorName: 'CustomerApiError' } });
    expect(await keyOf(missing)).toBeUndefined();
  });

  it('refuses a confirmation that is not the customer of the path, and erases nothing', async () => {
    const tenant = await t.fixtures.customer();
    const other = await t.fixtures.customer();
    const sealed = await createDataKeys(t.db, keyring).seal(dataKeyScope(tenant), 'kept');
    expect((await erase(tenant, admin, { confirm_customer_id: other }).expect(400)).body).toEqual({
      status: 'fail',
      message: 'confirm_customer_id must be the same customer id as the path; nothing was erased.',
      errorCode: 'INVALID',
      data: { errorName: 'ErasureConfirmationError' },
    });
    expect(await createDataKeys(t.db, keyring, { cacheMs: 0 }).open(sealed)).toBe('kept');
    expect(await keyOf(other)).toBeUndefined();
    expect(await statusOf(tenant)).toBe('ACTIVE');
    expect(await statusOf(other)).toBe('ACTIVE');
    expect((await auditActions(tenant)).map((e) => e.action)).not.toContain('customer.erased');
  });

  it.each([
    ['no confirmation', {}, "body must have required property 'confirm_customer_id'"],
    ['a confirmation that is no UUID', { confirm_customer_id: 'yes' }, 'body.confirm_customer_id must match format "uuid"'],
    ['another property', { confirm_customer_id: '00000000-0000-4000-8000-000000000000', force: true }, "body must NOT have additional properties: 'force'"],
  ])('refuses %s as invalid input', async (_case, body, message) => {
    const tenant = await t.fixtures.customer();
    expect((await erase(tenant, admin, body).expect(400)).body).toEqual(validation(message));
    expect(await keyOf(tenant)).toBeUndefined();
  });

  it('refuses a path id that is no UUID', async () => {
    const res = await request(t.app).post(`${BASE}/not-a-uuid/erase`).set('Authorization', bearer(admin)).send({ confirm_customer_id: 'not-a-uuid' }).expect(400);
    expect(res.body.data.errorName).toBe('ValidationMiddlewareError');
    expect(res.body.message).toMatch(/^params\.customerID must match format "uuid"/);
  });

  it('honours Idempotency-Key: a retry with the key gets the first answer again', async () => {
    const tenant = await t.fixtures.customer();
    const key = randomUUID();
    const send = () => erase(tenant).set('Idempotency-Key', key);
    const first = await send().expect(200);
    const again = await send().expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('waits for rotate-data-keys on a database that may still hold values sealed before data keys: 409, nothing erased', async () => {
    const tenant = await t.fixtures.customer();
    await t.db('auth.data_key_state').update({ legacy_values_converted_at: null });
    try {
      const res = await erase(tenant).expect(409);
      expect(res.body).toEqual({
        status: 'fail',
        message: "Values sealed before data keys may still hold this customer's data: run rotate-data-keys once (docs/adr/0023), then erase it. Nothing was erased.",
        errorCode: 'NOT_ALLOWED',
        data: { errorName: 'SealedValuesNotConvertedError' },
      });
      expect(await t.db('auth.data_keys').where({ scope: `customer:${tenant}` })).toEqual([]);
      expect(await statusOf(tenant)).toBe('ACTIVE');
    } finally {
      await t.db('auth.data_key_state').update({ legacy_values_converted_at: new Date() });
    }
  });

  it('is described in the OpenAPI document: ADMIN only, the confirmation body, and its answers', async () => {
    const doc = (await request(t.app).get('/auth/api/v1/openapi.json').expect(200)).body;
    const operation = doc.paths['/customers/{customerID}/erase'].post;
    expect(operation['x-roles']).toEqual(['ADMIN']);
    expect(operation.requestBody.content['application/json'].schema).toMatchObject({ required: ['confirm_customer_id'], additionalProperties: false });
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '404', '409', '410', '422', '503']);
    expect(operation.responses['400'].description).toContain('ErasureConfirmationError');
    expect(JSON.stringify(operation.responses['200'])).toContain('Customer data erased successfully');
  });
});
