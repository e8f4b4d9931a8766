import type { RequestHandler } from 'express';
import request from 'supertest';
import { NotFoundError } from '@kyb/envelope';
import { createRedisConnection, type Redis } from '@kyb/queues';
import { createTestDatabase, createTestRedis, type TestDatabase } from '@kyb/testing';
import { strictObject } from '@kyb/validation';
import { createHttpApp } from '../app';
import { createLogger } from '../logger';
import { buildRouter, type RouteDefinition } from '../routes';
import { idempotencyKeysMigration } from './idempotency-keys.migration';
import { idempotencyGuard } from './idempotency.guard';
import { createRedisIdempotencyRegistry, type IdempotencyRegistry } from './idempotency.registry';
import { createIdempotencyStore } from './idempotency.store';

const logger = createLogger({ level: 'silent', name: 'idempotency-areas-test' });
const AREAS = ['north', 'south'] as const;
type AreaName = (typeof AREAS)[number];

const testCaller: RequestHandler = (req, _res, next) => {
  req.auth = { role: 'CUSTOMER', customerId: 'c-1', userId: 'u-1', subrole: null, permissions: new Set(), tokenUse: 'access', businessIds: [], sessionId: 's' } as never;
  next();
};

const until = (redis: Redis) => (redis.status === 'ready' ? Promise.resolve() : new Promise<void>((resolve) => redis.once('ready', () => resolve())));

/** Two areas, each with its own table of keys (as every area has), sharing the tenant's registry of keys. */
describe('Idempotency-Key across areas', () => {
  const testRedis = createTestRedis();
  const redis = createRedisConnection(testRedis.url, 'producer');
  let database: TestDatabase;
  let registry: IdempotencyRegistry;
  let runs: Array<{ area: AreaName; name: string }>;
  const now = new Date('2026-12-02T10:00:00.000Z');

  const route = (area: AreaName): RouteDefinition => ({
    method: 'post',
    path: '/things',
    summary: 'Create a thing',
    tags: [],
    auth: true,
    idempotent: true,
    guards: [testCaller],
    schemas: { query: strictObject({ dry_run: { type: 'boolean', default: false } }), body: strictObject({ name: { type: 'string', minLength: 1 } }, ['name']) },
    responses: { 201: { description: 'Created' } },
    handler: async (req, res) => {
      const { name } = req.body as { name: string };
      runs.push({ area, name });
      if (name === 'missing') throw new NotFoundError('Thing not found');
      res.status(201).json({ status: 'success', message: 'Created', data: { area, name, run: runs.length } });
    },
  });

  const appWith = (registryOf: (area: AreaName) => IdempotencyRegistry) =>
    createHttpApp({
      service: 'test',
      logger,
      mounts: AREAS.map((area) => ({
        prefix: `/${area}/api/v1`,
        router: buildRouter([route(area)], { idempotency: idempotencyGuard({ store: createIdempotencyStore(database.db, area), registry: registryOf(area), logger, clock: () => now }) }),
      })),
    });
  let app: ReturnType<typeof appWith>;
  const post = (area: AreaName, key: string, name: string, query = '') => request(app).post(`/${area}/api/v1/things${query}`).set('Idempotency-Key', key).send({ name });

  beforeAll(async () => {
    database = await createTestDatabase(AREAS.map((area) => ({ schema: area, migrations: [idempotencyKeysMigration(area, '20261202_0001_idempotency_keys')] })));
    await until(redis);
    registry = createRedisIdempotencyRegistry({ redis, prefix: testRedis.prefix });
    app = appWith(() => registry);
  });
  afterAll(async () => {
    await testRedis.clean();
    redis.disconnect();
    await database.destroy();
  });
  beforeEach(() => {
    runs = [];
  });

  it('a key used on one area answers 422 on another area, and runs nothing there; the first area still replays its answer', async () => {
    const first = await post('north', 'k-across', 'one').expect(201);
    const elsewhere = await post('south', 'k-across', 'one').expect(422);
    expect(elsewhere.body).toEqual({
      status: 'fail',
      message: 'This Idempotency-Key was used with a different request; use a new key for a new request',
      errorCode: 'INVALID',
      data: { errorName: 'IdempotencyKeyReusedError' },
    });
    expect(runs).toEqual([{ area: 'north', name: 'one' }]);
    // Refused, the other area keeps nothing under the key.
    expect(await database.db('south.idempotency_keys').where({ key: 'k-across' })).toEqual([]);
    const again = await post('north', 'k-across', 'one').expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('an error answer frees the key in every area: the key then serves a request of another area', async () => {
    await post('north', 'k-freed', 'missing').expect(404);
    const other = await post('south', 'k-freed', 'found').expect(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    await post('north', 'k-freed', 'missing').expect(422);
    expect(runs).toEqual([{ area: 'north', name: 'missing' }, { area: 'south', name: 'found' }]);
  });

  it('of many requests with one key on two areas at once, exactly one runs, and the other area answers only 409 or 422', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(AREAS[i % 2], 'k-race', 'raced').then((res) => ({ area: AREAS[i % 2], res }))));
    expect(runs).toHaveLength(1);
    const winner = runs[0].area;
    for (const { area, res } of answers) {
      if (area === winner) expect([201, 409]).toContain(res.status);
      else expect([409, 422]).toContain(res.status);
    }
    expect(answers.filter(({ res }) => res.status === 201 && res.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
  });

  it('a dry run neither uses up nor checks a key: the real request then takes it, on any area', async () => {
    await post('north', 'k-dry', 'tried', '?dry_run=true').expect(201);
    await post('south', 'k-dry', 'tried elsewhere', '?dry_run=true').expect(201);
    const real = await post('north', 'k-dry', 'tried').expect(201);
    expect(real.headers['idempotent-replayed']).toBeUndefined();
    expect((await post('north', 'k-dry', 'tried').expect(201)).headers['idempotent-replayed']).toBe('true');
    // A dry run after it runs again (it stores nothing), and is never answered from the key.
    expect((await post('north', 'k-dry', 'tried', '?dry_run=true').expect(201)).headers['idempotent-replayed']).toBeUndefined();
    await post('south', 'k-dry', 'tried').expect(422);
    expect(runs.map((r) => r.area)).toEqual(['north', 'south', 'north', 'north']);
  });

  it('when Redis comes back empty, a key used before may serve one request of another area; no request ever runs twice', async () => {
    await post('north', 'k-lost', 'before').expect(201);
    await testRedis.clean();
    await post('south', 'k-lost', 'after').expect(201);
    expect((await post('north', 'k-lost', 'before').expect(201)).headers['idempotent-replayed']).toBe('true');
    expect((await post('south', 'k-lost', 'after').expect(201)).headers['idempotent-replayed']).toBe('true');
    await post('north', 'k-lost', 'third').expect(422);
    expect(runs).toEqual([{ area: 'north', name: 'before' }, { area: 'south', name: 'after' }]);
  });

  it('while the registry does not answer, a keyed request answers 503 and runs nothing, and its key stays free', async () => {
    const down = createRedisConnection('redis://127.0.0.1:1', 'producer');
    down.on('error', () => undefined);
    try {
      const broken = appWith(() => createRedisIdempotencyRegistry({ redis: down, prefix: testRedis.prefix }));
      const res = await request(broken).post('/north/api/v1/things').set('Idempotency-Key', 'k-down').send({ name: 'waiting' }).expect(503);
      expect(res.body).toEqual({
        status: 'error',
        message: 'Idempotency-Key cannot be checked right now. Try again shortly.',
        errorCode: 'UNKNOWN_ERROR',
        data: { errorName: 'ServiceUnavailableError' },
      });
      expect(runs).toEqual([]);
      expect(await database.db('north.idempotency_keys').where({ key: 'k-down' })).toEqual([]);
      // Without a key the request does not need the registry.
      await request(broken).post('/north/api/v1/things').send({ name: 'plain' }).expect(201);
    } finally {
      down.disconnect();
    }
    await post('north', 'k-down', 'waiting').expect(201);
  });

  it("the registry frees a key only for the claim that holds it, and holds another request's key only once it has expired", async () => {
    const claim = { scope: 'customer:c-9', key: 'k-claims', fingerprint: 'fp-1', claimId: 'first' };
    expect(await registry.hold(claim, now, 60_000)).toBe(true);
    // The same request's retry takes it over; the first claim can then no longer free it.
    expect(await registry.hold({ ...claim, claimId: 'retry' }, now, 60_000)).toBe(true);
    await registry.release(claim);
    expect(await registry.hold({ ...claim, fingerprint: 'fp-2', claimId: 'other' }, now, 60_000)).toBe(false);
    expect(await registry.hold({ ...claim, fingerprint: 'fp-2', claimId: 'other' }, new Date(now.getTime() + 60_000), 60_000)).toBe(true);
    // Another tenant's same key is its own.
    expect(await registry.hold({ ...claim, scope: 'customer:c-10', fingerprint: 'fp-3' }, now, 60_000)).toBe(true);
  });
});
