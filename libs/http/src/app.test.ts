import { Writable } from 'node:stream';
import request from 'supertest';
import { AppError } from '@kyb/envelope';
import { strictObject } from '@kyb/validation';
import { createHttpApp } from './app';
import { createLogger } from './logger';
import { buildRouter, type RouteDefinition } from './routes';

function captureLogs() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'info', name: 'test', destination }) };
}

const routes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/items/:id',
    summary: 'Read an item',
    tags: ['items'],
    auth: false,
    responses: { 200: { description: 'OK' } },
    handler: (req, res) => {
      res.json({ status: 'success', message: 'Success', data: { id: req.params.id } });
    },
  },
  {
    method: 'post',
    path: '/items',
    summary: 'Create an item',
    tags: ['items'],
    auth: false,
    schemas: { body: strictObject({ name: { type: 'string' }, password: { type: 'string' } }, ['name']) },
    responses: { 200: { description: 'OK' } },
    handler: (req, res) => {
      if (req.body.name === 'boom') throw new Error('database said: password=hunter2 at /srv/x.ts:10');
      if (req.body.name === 'teapot') {
        throw new AppError({ message: 'No coffee', httpStatus: 418, errorCode: 'INVALID', errorName: 'TeapotError' });
      }
      res.json({ status: 'success', message: 'Created', data: { name: req.body.name } });
    },
  },
];

function buildTestApp(ready = true) {
  const logs = captureLogs();
  const app = createHttpApp({
    service: 'test',
    logger: logs.logger,
    mounts: [{ prefix: '/test/api/v1', router: buildRouter(routes) }],
    bodyLimit: '1kb',
    readiness: [
      {
        name: 'postgres',
        check: async () => {
          if (!ready) throw new Error('down');
        },
      },
    ],
  });
  return { app, logs };
}

describe('large bodies', () => {
  it('lets listed paths take larger JSON and CSV bodies while others keep the default limit', async () => {
    const router = buildRouter([
      {
        method: 'post',
        path: '/bulk',
        summary: 'bulk',
        tags: [],
        auth: false,
        responses: { 200: { description: 'OK' } },
        handler: (req, res) => {
          res.json({ kind: typeof req.body, size: JSON.stringify(req.body).length });
        },
      },
      ...routes,
    ]);
    const app = createHttpApp({
      service: 'test',
      logger: captureLogs().logger,
      mounts: [{ prefix: '/t', router }],
      bodyLimit: '1kb',
      largeBodies: [{ path: /^\/t\/bulk$/, limit: '1mb' }],
    });
    const big = [{ name: 'x'.repeat(5000) }];
    expect((await request(app).post('/t/bulk').send(big).expect(200)).body.kind).toBe('object');
    expect((await request(app).post('/t/bulk').set('Content-Type', 'text/csv').send('name\n' + 'y'.repeat(5000)).expect(200)).body.kind).toBe('string');
    await request(app).post('/t/items').send({ name: 'x'.repeat(5000) }).expect(413);
  });
});

describe('createHttpApp', () => {
  it('sends the security headers and an ETag, and answers 304 to a matching If-None-Match', async () => {
    const { app } = buildTestApp();
    const first = await request(app).get('/test/api/v1/items/42').expect(200);
    expect(first.headers['content-security-policy']).toContain("default-src 'none'");
    expect(first.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(first.headers['x-frame-options']).toBe('DENY');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    expect(first.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(first.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(first.headers['x-powered-by']).toBeUndefined();
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"/);
    const second = await request(app).get('/test/api/v1/items/42').set('If-None-Match', etag).expect(304);
    expect(second.text).toBe('');
  });

  it('always answers its own request id, and logs a safe caller id beside it (never instead of it)', async () => {
    const { app, logs } = buildTestApp();
    const given = await request(app).get('/test/api/v1/items/1').set('X-Request-Id', 'gw-123');
    expect(given.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const line = JSON.parse(logs.lines.find((l) => l.includes('gw-123')) as string) as { req: { id: string }; clientRequestId: string };
    expect(line.req.id).toBe(given.headers['x-request-id']);
    expect(line.clientRequestId).toBe('gw-123');
    const forged = await request(app).get('/test/api/v1/items/2').set('X-Request-Id', given.headers['x-request-id']);
    expect(forged.headers['x-request-id']).not.toBe(given.headers['x-request-id']);
    const unsafe = await request(app).get('/test/api/v1/items/3').set('X-Request-Id', 'bad id with spaces');
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(logs.lines.join('\n')).not.toContain('bad id with spaces');
  });

  it('logs one line per request: level by status, the path without its query, the status and the time taken', async () => {
    const { app, logs } = buildTestApp();
    const ok = await request(app).get('/test/api/v1/items/7?search[email]=someone@example.com').expect(200);
    await request(app).get('/nowhere').expect(404);
    await request(app).post('/test/api/v1/items').send({ name: 'boom' }).expect(500);
    const completed = logs.lines
      .map((l) => JSON.parse(l) as { level: number; msg: string; req?: { id: string; method: string; path: string }; res?: { statusCode: number }; responseTime?: number })
      .filter((l) => l.msg === 'request completed');
    expect(completed.map((l) => [l.level, l.req?.method, l.req?.path, l.res?.statusCode])).toEqual([
      [30, 'GET', '/test/api/v1/items/7', 200],
      [40, 'GET', '/nowhere', 404],
      [50, 'POST', '/test/api/v1/items', 500],
    ]);
    expect(completed[0].req?.id).toBe(ok.headers['x-request-id']);
    expect(completed.every((l) => typeof l.responseTime === 'number' && l.responseTime >= 0)).toBe(true);
    expect(logs.lines.join('\n')).not.toContain('someone@example.com');
  });

  it('answers 404 NOT_FOUND in the envelope for an unknown path', async () => {
    const { app } = buildTestApp();
    const res = await request(app).get('/nowhere').expect(404);
    expect(res.body).toEqual({
      status: 'fail',
      message: 'Route not found',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'RouteNotFoundError' },
    });
  });

  it('answers 405 with Allow for a known path asked with another method, and 204 to OPTIONS', async () => {
    const { app } = buildTestApp();
    const res = await request(app).delete('/test/api/v1/items/42').expect(405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(res.body).toEqual({
      status: 'fail',
      message: 'Method Not Allowed',
      errorCode: 'NOT_ALLOWED',
      data: { errorName: 'MethodNotAllowedError' },
    });
    const options = await request(app).options('/test/api/v1/items').expect(204);
    expect(options.headers.allow).toBe('POST, OPTIONS');
  });

  it.each([
    ['malformed JSON', '{"name": ', 'application/json', 400, 'Malformed JSON in request body', 'ValidationMiddlewareError'],
    ['an oversized body', JSON.stringify({ name: 'x'.repeat(2000) }), 'application/json', 413, 'Request body is larger than the limit of 1kb', 'PayloadTooLargeError'],
    ['a body that is not JSON', 'name=x', 'text/plain', 400, "body must have required property 'name'", 'ValidationMiddlewareError'],
  ])('answers %s with the envelope, never HTML', async (_case, body, type, status, message, errorName) => {
    const { app } = buildTestApp();
    const res = await request(app).post('/test/api/v1/items').set('Content-Type', type).send(body).expect(status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ status: 'fail', message, errorCode: 'INVALID', data: { errorName } });
  });

  it('answers a path that does not decode and a body that does not decompress with 400, not 500', async () => {
    const { app } = buildTestApp();
    const path = await request(app).get('/test/api/v1/items/%E0%A4%A').expect(400);
    expect(path.body).toEqual({
      status: 'fail',
      message: 'The request path is not validly encoded',
      errorCode: 'INVALID',
      data: { errorName: 'BadRequestError' },
    });
    const body = await request(app)
      .post('/test/api/v1/items')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send('not gzip at all')
      .expect(400);
    expect(body.body).toEqual({ status: 'fail', message: 'The request could not be read', errorCode: 'INVALID', data: { errorName: 'BadRequestError' } });
  });

  it('answers an AppError with its own status and body', async () => {
    const { app } = buildTestApp();
    const res = await request(app).post('/test/api/v1/items').send({ name: 'teapot' }).expect(418);
    expect(res.body).toEqual({ status: 'fail', message: 'No coffee', errorCode: 'INVALID', data: { errorName: 'TeapotError' } });
  });

  it('answers an unexpected failure with a safe 500 and logs the cause without secrets', async () => {
    const { app, logs } = buildTestApp();
    const res = await request(app).post('/test/api/v1/items').send({ name: 'boom', password: 'hunter2' }).expect(500);
    expect(res.body).toEqual({
      status: 'error',
      message: 'Something went wrong. Please try again later.',
      errorCode: 'UNKNOWN_ERROR',
      data: { errorName: 'InternalServerError' },
    });
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
    const failure = logs.lines.find((line) => line.includes('request failed'));
    expect(failure).toContain('database said');
    expect(logs.lines.join('\n')).not.toMatch(/"password":"hunter2"/);
  });

  it('never logs the Authorization header or the query string', async () => {
    const { app, logs } = buildTestApp();
    await request(app).get('/test/api/v1/items/1?search[email]=jane@example.com').set('Authorization', 'Bearer secret-token-value');
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(logs.lines.join('\n')).toContain('"path":"/test/api/v1/items/1"');
    expect(logs.lines.join('\n')).not.toContain('secret-token-value');
    expect(logs.lines.join('\n')).not.toContain('jane@example.com');
  });

  it('logs errors without the row values PostgreSQL puts in detail', () => {
    const logs = captureLogs();
    const err = Object.assign(new Error('duplicate key value violates unique constraint "users_role_email"'), {
      code: '23505',
      detail: 'Key (role, lower(email))=(CUSTOMER, jane@example.com) already exists.',
    });
    logs.logger.error({ err }, 'failed');
    expect(logs.lines.join('\n')).toContain('23505');
    expect(logs.lines.join('\n')).not.toContain('jane@example.com');
  });

  it('serves /healthz, /readyz and /metrics', async () => {
    const { app } = buildTestApp();
    expect((await request(app).get('/healthz').expect(200)).body.data).toEqual({ status: 'alive' });
    expect((await request(app).get('/readyz').expect(200)).body.data).toEqual({ checks: ['postgres'] });
    await request(app).get('/test/api/v1/items/7');
    const metrics = await request(app).get('/metrics').expect(200);
    expect(metrics.text).toContain('http_requests_total{method="GET",route="/test/api/v1/items/:id",status="200",service="test"}');
  });

  it('answers 503 from /readyz when a dependency does not answer', async () => {
    const { app } = buildTestApp(false);
    const res = await request(app).get('/readyz').expect(503);
    expect(res.body).toEqual({
      status: 'error',
      message: 'Not ready: postgres did not answer',
      errorCode: 'UNKNOWN_ERROR',
      data: { errorName: 'ServiceUnavailableError', failed: ['postgres'] },
    });
  });
});
