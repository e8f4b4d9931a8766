import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createRedisIdempotencyRegistry } from '@kyb/http';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/** E12 and bulk with `Idempotency-Key`: a retried add stores one business, and a key is its tenant's alone. */
describe('E12 and bulk with Idempotency-Key', () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  const otherCustomerId = randomUUID();
  let owner: string;
  let otherOwner: string;

  beforeAll(async () => {
    t = await startCaseTestApp();
    for (const id of [customerId, otherCustomerId]) await t.customer({ id, features: { PAT_120_ADD_BUSINESS: true } });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['businesses:create', 'businesses:read'] });
    otherOwner = t.keys.tokenFor({ role: 'CUSTOMER', customerId: otherCustomerId, permissions: ['businesses:create', 'businesses:read'] });
  });
  afterAll(() => t.close());

  const add = (key: string, body: object, options: { token?: string; customer?: string; bulk?: boolean; query?: string } = {}) =>
    request(t.app)
      .post(`/case/api/v1/businesses/customers/${options.customer ?? customerId}${options.bulk ? '/bulk' : ''}${options.query ?? ''}`)
      .set('Authorization', `Bearer ${options.token ?? owner}`)
      .set('Idempotency-Key', key)
      .send(body);
  const businessesNamed = (name: string) => t.db('cases.businesses').where({ name }).count({ n: '*' }).first();

  it('a retried E12 answers the first answer, marked replayed, and stores one business', async () => {
    const key = randomUUID();
    const body = {
      name: 'Idempotent Dental',
      tin: '912345678',
      owner1_first_name: 'Ann',
      owner1_last_name: 'Lee',
      owner1_title: 'Owner',
      owner1_ssn: '123-45-6789',
      owner1_owner_type: 'CONTROL',
      owner1_ownership_percentage: 100,
    };
    const first = await add(key, body).expect(200);
    const again = await add(key, body).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await businessesNamed('Idempotent Dental')).toEqual({ n: '1' });
    // Stored as answered: the TIN and SSN masked, never in clear.
    const stored = await t.db('cases.idempotency_keys').where({ key }).first('scope', 'status', 'response_status', 'response_body');
    expect(stored).toMatchObject({ scope: `customer:${customerId}`, status: 'DONE', response_status: 200 });
    expect(stored.response_body).not.toContain('912345678');
    expect(stored.response_body).not.toContain('123-45-6789');

    const changed = await add(key, { ...body, name: 'Another Dental' }).expect(422);
    expect(changed.body.data.errorName).toBe('IdempotencyKeyReusedError');
    expect(await businessesNamed('Another Dental')).toEqual({ n: '0' });
  });

  it("another tenant presenting a customer's key on that customer's path is refused as not its tenant, never given the stored answer", async () => {
    const key = randomUUID();
    const body = { name: 'Guarded Bakery', tin: '912345679' };
    await add(key, body).expect(200);
    const hostile = await add(key, body, { token: otherOwner }).expect(403);
    expect(hostile.headers['idempotent-replayed']).toBeUndefined();
    expect(hostile.body).toEqual({
      status: 'fail',
      message: 'You are not allowed to access the data.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'AccessMiddlewareError' },
    });
    // The same key in its own tenant is its own.
    const own = await add(key, body, { token: otherOwner, customer: otherCustomerId }).expect(200);
    expect(own.headers['idempotent-replayed']).toBeUndefined();
    expect(await businessesNamed('Guarded Bakery')).toEqual({ n: '2' });
  });

  it('a retried bulk answers the first answer and stores its rows once', async () => {
    const key = randomUUID();
    const rows = [{ name: 'Bulk Once One', tin: '912345680' }, { name: 'Bulk Once Two', tin: '912345681' }];
    const first = await add(key, rows, { bulk: true });
    expect(first.status).toBeLessThan(300);
    const again = await add(key, rows, { bulk: true });
    expect(again.status).toBe(first.status);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await businessesNamed('Bulk Once One')).toEqual({ n: '1' });
    expect(await businessesNamed('Bulk Once Two')).toEqual({ n: '1' });
  });

  it.each([
    ['E12', false],
    ['bulk', true],
  ])('a dry run of %s with a key leaves the key to the real request, which then runs and is replayed', async (_route, bulk) => {
    const key = randomUUID();
    const name = `Dry First ${bulk ? 'Bulk' : 'Single'}`;
    const body = bulk ? [{ name }] : { name };
    await add(key, body, { bulk, query: '?dry_run=true' }).expect(200);
    expect(await businessesNamed(name)).toEqual({ n: '0' });
    const real = await add(key, body, { bulk }).expect(200);
    expect(real.headers['idempotent-replayed']).toBeUndefined();
    expect(await businessesNamed(name)).toEqual({ n: '1' });
    const again = await add(key, body, { bulk }).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(real.body);
    expect(await businessesNamed(name)).toEqual({ n: '1' });
  });

  it("a key the tenant used in another area answers 422 on E12 and bulk, and adds nothing", async () => {
    const key = randomUUID();
    // As another area's guard registers a request it runs (one registry, shared through Redis, per QUEUE_PREFIX).
    const registry = createRedisIdempotencyRegistry({ redis: t.redis, prefix: t.redisPrefix });
    const elsewhere = { scope: `customer:${customerId}`, key, fingerprint: 'a-request-of-another-area', claimId: randomUUID() };
    expect(await registry.hold(elsewhere, t.clock.now(), 3600_000)).toBe(true);
    for (const bulk of [false, true]) {
      const res = await add(key, bulk ? [{ name: 'Elsewhere Co' }] : { name: 'Elsewhere Co' }, { bulk }).expect(422);
      expect(res.body).toEqual({
        status: 'fail',
        message: 'This Idempotency-Key was used with a different request; use a new key for a new request',
        errorCode: 'INVALID',
        data: { errorName: 'IdempotencyKeyReusedError' },
      });
    }
    expect(await businessesNamed('Elsewhere Co')).toEqual({ n: '0' });
    expect(await t.db('cases.idempotency_keys').where({ key })).toEqual([]);
  });
});
