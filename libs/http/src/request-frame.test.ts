import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import express from 'express';
import request from 'supertest';
import { createLogger } from './logger';
import { createHttpMetrics } from './metrics';
import { requestFrame } from './request-frame';
import { createShutdownState } from './shutdown-state';

function setUp() {
  const lines: Array<{ msg: string; level: number; req: { path: string }; res: { statusCode: number } }> = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const metrics = createHttpMetrics({ service: 'frame', collectProcessMetrics: false });
  const shutdown = createShutdownState();
  const app = express();
  app.use(requestFrame({ logger: createLogger({ level: 'info', name: 'frame', destination }), metrics, shutdown }));
  app.get('/things/:id', (_req, res) => void res.json({ ok: true }));
  app.post('/things', (_req, res) => void res.status(201).json({ ok: true }));
  // Answers only after the caller has gone.
  app.get('/slow', (req, res) => req.once('close', () => setTimeout(() => res.json({ late: true }), 20)));
  return { app, lines, metrics, shutdown };
}

describe('requestFrame', () => {
  it('sets our request id and Cache-Control by method', async () => {
    const { app } = setUp();
    const read = await request(app).get('/things/1').expect(200);
    expect(read.headers['cache-control']).toBe('private, no-cache');
    expect(read.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await request(app).post('/things').expect(201)).headers['cache-control']).toBe('no-store');
  });

  it('asks keep-alive clients to close their connection once the process is stopping', async () => {
    const { app, shutdown } = setUp();
    expect((await request(app).get('/things/1').set('Connection', 'keep-alive')).headers.connection).not.toBe('close');
    shutdown.begin();
    expect((await request(app).get('/things/1').set('Connection', 'keep-alive')).headers.connection).toBe('close');
  });

  it('counts and times each answered request by its route pattern, and logs it once', async () => {
    const { app, lines, metrics } = setUp();
    await request(app).get('/things/1');
    await request(app).get('/things/2');
    await request(app).get('/nowhere');
    const text = await metrics.registry.metrics();
    expect(text).toContain('http_requests_total{method="GET",route="/things/:id",status="200",service="frame"} 2');
    expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404",service="frame"} 1');
    expect(text).toContain('http_request_duration_seconds_count{service="frame",method="GET",route="/things/:id"} 2');
    expect(lines.filter((l) => l.msg === 'request completed').map((l) => [l.req.path, l.res.statusCode, l.level])).toEqual([
      ['/things/1', 200, 30],
      ['/things/2', 200, 30],
      ['/nowhere', 404, 40],
    ]);
  });

  it('logs a request whose caller went away before the answer as aborted, and does not count it as answered', async () => {
    const { app, lines, metrics } = setUp();
    const server = app.listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const arrived = new Promise((resolve) => server.once('request', resolve));
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
      // The caller goes away once the server has its request (no sleep to guess when).
      await arrived;
      socket.destroy();
      for (let i = 0; i < 500 && !lines.some((l) => l.msg === 'request aborted'); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(lines.map((l) => [l.msg, l.req.path])).toEqual([['request aborted', '/slow']]);
      expect(await metrics.registry.metrics()).not.toContain('route="/slow"');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
