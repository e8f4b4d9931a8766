import type { RequestHandler } from 'express';
import request from 'supertest';
import { AppError, NotFoundError } from '@kyb/envelope';
import { createRedisConnection } from '@kyb/queues';
import { createTestDatabase, createTestRedis, type TestDatabase } from '@kyb/testing';
import { strictObject } from '@kyb/validation';
import { createHttpApp } from '../app';
import { createLogger } from '../logger';
import { buildRouter, type RouteDefinition } from '../routes';
import { idempotencyKeysMigration } from './idempotency-keys.migration';
import { idempotencyGuard } from './idempotency.guard';
import { createRedisIdempotencyRegistry } from './idempotency.registry';
import { createIdempotencyStore, type IdempotencyStore } from './idempotency.store';

const logger = createLogger({ level: 'silent', name: 'idempotency-test' });
const HOUR = 3600 * 1000;

/** The caller named by `x-test-caller` (`CUSTOMER:<customer>:<user>` or `ADMIN::<user>`), as authentication would set it. */
const testCaller: RequestHandler = (req, _res, next) => {
  const [role, customerId, userId] = String(req.headers['x-test-caller'] ?? 'CUSTOMER:c-1:u-1').split(':');
  req.auth = { role: role as 'CUSTOMER', customerId: customerId || null, userId, subrole: null, permissions: new Set(), tokenUse: 'access', businessIds: [], sessionId: 's' } as never;
  next();
};

describe('Idempotency-Key', () => {
  const testRedis = createTestRedis();
  const redis = createRedisConnection(testRedis.url, 'producer');
  const registry = createRedisIdempotencyRegistry({ redis, prefix: testRedis.prefix });
  let database: TestDatabase;
  let store: IdempotencyStore;
  let now: Date;
  let runs: Array<Record<string, unknown>>;
  let gate: Promise<void> | undefined;

  const routes: RouteDefinition[] = [
    {
      method: 'post',
      path: '/things/:group',
      summary: 'Create a thing',
      tags: [],
      auth: true,
      idempotent: true,
      guards: [testCaller],
      schemas: { body: strictObject({ name: { type: 'string', minLength: 1 }, size: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } }, ['name']) },
      responses: { 201: { description: 'Created' } },
      handler: async (req, res) => {
        runs.push(req.body as Record<string, unknown>);
        if (gate) await gate;
        const { name } = req.body as { name: string };
        if (name === 'missing') throw new NotFoundError('Thing not found');
        if (name === 'crash') throw new AppError({ message: 'Internal', httpStatus: 500, errorCode: 'UNKNOWN_ERROR', errorName: 'InternalError' });
        res.status(201).json({ status: 'success', message: 'Created', data: { name, run: runs.length } });
      },
    },
  ];

  beforeAll(async () => {
    database = await createTestDatabase([{ schema: 'things', migrations: [idempotencyKeysMigration('things', '20261125_0001_idempotency_keys')] }]);
    store = createIdempotencyStore(database.db, 'things');
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  });
  afterAll(async () => {
    await testRedis.clean();
    redis.disconnect();
    await database.destroy();
  });
  beforeEach(() => {
    now = new Date('2026-11-25T10:00:00.000Z');
    runs = [];
    gate = undefined;
  });

  const app = () =>
    createHttpApp({
      service: 'test',
      logger,
      mounts: [{ prefix: '/test/api/v1', router: buildRouter(routes, { idempotency: idempotencyGuard({ store, registry, logger, clock: () => now }) }) }],
    });
  const post = (key: string | undefined, body: object, options: { caller?: string; group?: string } = {}) => {
    const req = request(app())
      .post(`/test/api/v1/things/${options.group ?? 'a'}`)
      .set('x-test-caller', options.caller ?? 'CUSTOMER:c-1:u-1');
    return key === undefined ? req.send(body) : req.set('Idempotency-Key', key).send(body);
  };

  it('without a key, every request runs', async () => {
    await post(undefined, { name: 'plain' }).expect(201);
    await post(undefined, { name: 'plain' }).expect(201);
    expect(runs).toHaveLength(2);
  });

  it('a repeat of the same request gets the first answer again, marked replayed, and runs nothing; the body may order its keys otherwise', async () => {
    const first = await post('k-same', { name: 'one', size: 2, tags: ['x'] }).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await request(app())
      .post('/test/api/v1/things/a')
      .set('x-test-caller', 'CUSTOMER:c-1:u-1')
      .set('Idempotency-Key', 'k-same')
      .set('Content-Type', 'application/json')
      .send('{"tags":["x"],"size":2,"name":"one"}')
      .expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toEqual(first.body);
    expect(runs).toHaveLength(1);
  });

  it('the key with another body or another path answers 422, and runs nothing', async () => {
    await post('k-other', { name: 'one' }).expect(201);
    const otherBody = await post('k-other', { name: 'two' }).expect(422);
    expect(otherBody.body).toEqual({
      status: 'fail',
      message: 'This Idempotency-Key was used with a different request; use a new key for a new request',
      errorCode: 'INVALID',
      data: { errorName: 'IdempotencyKeyReusedError' },
    });
    await post('k-other', { name: 'one' }, { group: 'b' }).expect(422);
    expect(runs).toHaveLength(1);
  });

  it('a repeat while the first still runs answers 409 with Retry-After, then the first answer once it is stored', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const first = post('k-busy', { name: 'slow' }).then((res) => res);
    while (runs.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const busy = await post('k-busy', { name: 'slow' }).expect(409);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.body).toEqual({
      status: 'fail',
      message: 'A request with this Idempotency-Key is still being processed; retry it later for its answer',
      errorCode: 'DUPLICATE',
      data: { errorName: 'IdempotencyKeyInUseError' },
    });
    open();
    expect((await first).status).toBe(201);
    const replayed = await post('k-busy', { name: 'slow' }).expect(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toEqual((await first).body);
    expect(runs).toHaveLength(1);
  });

  it("keys are the tenant's: another customer's same key and body runs its own request; the same tenant's other user gets the tenant's answer", async () => {
    const ours = await post('k-tenant', { name: 'shared' }).expect(201);
    const theirs = await post('k-tenant', { name: 'shared' }, { caller: 'CUSTOMER:c-2:u-9' }).expect(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toHaveLength(2);
    const colleague = await post('k-tenant', { name: 'shared' }, { caller: 'CUSTOMER:c-1:u-2' }).expect(201);
    expect(colleague.headers['idempotent-replayed']).toBe('true');
    expect(colleague.body).toEqual(ours.body);
    // An ADMIN's keys are the ADMIN's own.
    await post('k-tenant', { name: 'shared' }, { caller: 'ADMIN::a-1' }).expect(201);
    expect(runs).toHaveLength(3);
  });

  it('a malformed key is refused as invalid input; a quoted key (a structured-field string) is the same key', async () => {
    for (const key of ['x'.repeat(256), 'two words', 'clé', '""']) {
      const res = await post(key, { name: 'bad key' }).expect(400);
      expect(res.body).toMatchObject({ errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
      expect(res.body.message).toBe('headers.Idempotency-Key must be 1 to 255 visible ASCII characters (one key)');
    }
    expect(runs).toHaveLength(0);
    await post('k-quoted', { name: 'q' }).expect(201);
    expect((await post('"k-quoted"', { name: 'q' }).expect(201)).headers['idempotent-replayed']).toBe('true');
    expect(runs).toHaveLength(1);
  });

  it('an error answer did nothing and frees the key (a 404 as a 500), so a retry runs again', async () => {
    await post('k-404', { name: 'missing' }).expect(404);
    const again = await post('k-404', { name: 'missing' }).expect(404);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toHaveLength(2);
    expect(await database.db('things.idempotency_keys').where({ key: 'k-404' })).toEqual([]);

    await post('k-500', { name: 'crash' }).expect(500);
    const retried = await post('k-500', { name: 'crash' }).expect(500);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toHaveLength(4);
    expect(await database.db('things.idempotency_keys').where({ key: 'k-500' })).toEqual([]);
  });

  it('a request its schema refuses stores nothing: the key then serves the corrected request', async () => {
    await post('k-fixed', { name: '' }).expect(400);
    await post('k-fixed', { name: 'fixed' }).expect(201);
    expect(runs).toEqual([{ name: 'fixed' }]);
  });

  it('an answer is kept for 24 hours; a claim left by a stopped request is taken over by its retry after the lock, not by another request', async () => {
    await post('k-day', { name: 'daily' }).expect(201);
    now = new Date(now.getTime() + 23 * HOUR);
    expect((await post('k-day', { name: 'daily' }).expect(201)).headers['idempotent-replayed']).toBe('true');
    now = new Date(now.getTime() + 2 * HOUR);
    expect((await post('k-day', { name: 'daily' }).expect(201)).headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toHaveLength(2);

    // A claim whose request stopped (RUNNING, its lock of 5 minutes passed).
    const claim = await store.claim({ scope: 'customer:c-1', key: 'k-stopped', fingerprint: 'elsewhere', now, lockMs: 5 * 60_000, ttlMs: 24 * HOUR });
    expect(claim).toEqual({ claimed: true, claimId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const { fingerprint } = await database.db('things.idempotency_keys').where({ key: 'k-day' }).first('fingerprint');
    await database.db('things.idempotency_keys').where({ key: 'k-stopped' }).update({ fingerprint });
    expect((await post('k-stopped', { name: 'daily' }).expect(409)).body.data.errorName).toBe('IdempotencyKeyInUseError');
    now = new Date(now.getTime() + 6 * 60_000);
    await post('k-stopped', { name: 'late' }).expect(422);
    expect((await post('k-stopped', { name: 'daily' }).expect(201)).headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toHaveLength(3);
    expect((await post('k-stopped', { name: 'daily' }).expect(201)).headers['idempotent-replayed']).toBe('true');
  });

  it('a caller that goes away does not free its key: the request runs on, and the retry gets its answer, never a second run', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const server = app().listen(0);
    try {
      const port = (server.address() as { port: number }).port;
      const aborted = new AbortController();
      const first = fetch(`http://127.0.0.1:${port}/test/api/v1/things/a`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'k-gone', 'x-test-caller': 'CUSTOMER:c-1:u-1' },
        body: JSON.stringify({ name: 'gone' }),
        signal: aborted.signal,
      }).then(
        () => 'answered',
        (err: Error) => err.name,
      );
      while (runs.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      aborted.abort();
      expect(await first).toBe('AbortError');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await post('k-gone', { name: 'gone' }).expect(409)).body.data.errorName).toBe('IdempotencyKeyInUseError');
      open();
      const retried = await (async () => {
        for (;;) {
          const res = await post('k-gone', { name: 'gone' });
          if (res.status !== 409) return res;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      expect(retried.status).toBe(201);
      expect(retried.headers['idempotent-replayed']).toBe('true');
      expect(runs).toHaveLength(1);
    } finally {
      server.close();
    }
  });

  it('of many requests with one key at once, exactly one runs; the others answer 409 or, once it is kept, its answer', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('k-race', { name: 'raced' })));
    expect(runs).toHaveLength(1);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const ran = answers.filter((a) => a.status === 201 && a.headers['idempotent-replayed'] === undefined);
    expect(ran).toHaveLength(1);
  });

  it('a request taken over after its lock can no longer store or free the key', async () => {
    const scope = 'customer:c-9';
    const first = await store.claim({ scope, key: 'k-owner', fingerprint: 'f', now, lockMs: 1000, ttlMs: HOUR });
    const later = new Date(now.getTime() + 2000);
    const second = await store.claim({ scope, key: 'k-owner', fingerprint: 'f', now: later, lockMs: 1000, ttlMs: HOUR });
    if (!first.claimed || !second.claimed) throw new Error('both claims should hold: the second after the first lock');
    await store.complete({ scope, key: 'k-owner', claimId: first.claimId }, { status: 201, body: '{"stale":true}' });
    await store.release({ scope, key: 'k-owner', claimId: first.claimId });
    expect(await database.db('things.idempotency_keys').where({ scope, key: 'k-owner' }).first('status', 'claim_id')).toEqual({ status: 'RUNNING', claim_id: second.claimId });
    await store.complete({ scope, key: 'k-owner', claimId: second.claimId }, { status: 201, body: '{"fresh":true}' });
    expect(await database.db('things.idempotency_keys').where({ scope, key: 'k-owner' }).first('status', 'response_body')).toEqual({ status: 'DONE', response_body: '{"fresh":true}' });
  });

  it('a body nested deeper than the stack is refused as input, not a 500', async () => {
    let body = '1';
    for (let depth = 0; depth < 20_000; depth += 1) body = `{"a":${body}}`;
    const res = await request(createHttpApp({ service: 'test', logger, bodyLimit: '1mb', mounts: [{ prefix: '/test/api/v1', router: buildRouter([{ ...routes[0], schemas: undefined }], { idempotency: idempotencyGuard({ store, registry, logger, clock: () => now }) }) }] }))
      .post('/test/api/v1/things/a')
      .set('x-test-caller', 'CUSTOMER:c-1:u-1')
      .set('Idempotency-Key', 'k-deep')
      .set('Content-Type', 'application/json')
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'fail', message: 'body is nested too deeply', errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
    expect(runs).toHaveLength(0);
  });

  it('with a seal, kept answers are sealed at rest and replayed opened', async () => {
    const scopes: string[] = [];
    const seal = {
      seal: async (scope: string, text: string) => (scopes.push(scope), `sealed:${Buffer.from(text).toString('base64')}`),
      open: async (sealed: string) => Buffer.from(sealed.slice(7), 'base64').toString(),
    };
    const sealedApp = createHttpApp({ service: 'test', logger, mounts: [{ prefix: '/test/api/v1', router: buildRouter(routes, { idempotency: idempotencyGuard({ store, registry, logger, clock: () => now, seal }) }) }] });
    const send = () => request(sealedApp).post('/test/api/v1/things/a').set('x-test-caller', 'CUSTOMER:c-1:u-1').set('Idempotency-Key', 'k-sealed').send({ name: 'secret-ish' });
    const first = await send().expect(201);
    const kept = await database.db('things.idempotency_keys').where({ key: 'k-sealed' }).first('response_body');
    expect(kept.response_body).toMatch(/^sealed:/);
    expect(kept.response_body).not.toContain('secret-ish');
    const again = await send().expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    // Sealed for the caller's scope: the tenant's data key (ADR 0023).
    expect(scopes).toEqual(['customer:c-1']);
  });

  it('a kept answer erased with personal data answers 410, and the request is not done again', async () => {
    await post('k-erased', { name: 'owner data' }).expect(201);
    await database.db('things.idempotency_keys').where({ key: 'k-erased' }).update({ response_body: null });
    const ran = runs.length;
    const res = await post('k-erased', { name: 'owner data' }).expect(410);
    expect(runs).toHaveLength(ran);
    expect(res.body).toMatchObject({ status: 'fail', errorCode: 'NOT_ALLOWED', data: { errorName: 'IdempotencyAnswerErasedError' } });
  });

  it('expired keys are deleted', async () => {
    await post('k-purge', { name: 'old' }).expect(201);
    await store.purgeExpired(new Date(now.getTime() + 23 * HOUR));
    expect(await database.db('things.idempotency_keys').where({ key: 'k-purge' })).toHaveLength(1);
    expect(await store.purgeExpired(new Date(now.getTime() + 25 * HOUR))).toBeGreaterThanOrEqual(1);
    expect(await database.db('things.idempotency_keys').where({ key: 'k-purge' })).toEqual([]);
  });

});

describe('idempotent routes', () => {
  const base = { summary: 's', tags: [], responses: { 200: { description: 'ok' } }, handler: () => undefined };
  const guard: RequestHandler = (_req, _res, next) => next();

  it('are authenticated POSTs of an area that keeps an idempotency store', () => {
    expect(() => buildRouter([{ ...base, method: 'get', path: '/x', auth: true, idempotent: true }], { idempotency: guard })).toThrow('GET /x: only an authenticated POST can be idempotent');
    expect(() => buildRouter([{ ...base, method: 'post', path: '/x', auth: false, idempotent: true }], { idempotency: guard })).toThrow('POST /x: only an authenticated POST can be idempotent');
    expect(() => buildRouter([{ ...base, method: 'post', path: '/x', auth: true, idempotent: true }])).toThrow('POST /x is idempotent, but its area keeps no idempotency store');
    expect(() => buildRouter([{ ...base, method: 'post', path: '/x', auth: true, idempotent: true }], { idempotency: guard })).not.toThrow();
  });
});
