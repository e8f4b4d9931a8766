import express from 'express';
import request from 'supertest';
import { createHttpApp } from './app';
import { createLogger } from './logger';

/** An app whose one route answers the client address Express derived. */
function appTrusting(trustProxy?: boolean | number | string[], exposeMetrics?: boolean) {
  const router = express.Router();
  router.get('/ip', (req, res) => {
    res.json({ ip: req.ip });
  });
  return createHttpApp({
    service: 'test',
    logger: createLogger({ level: 'silent', name: 'test' }),
    mounts: [{ prefix: '/t', router }],
    trustProxy,
    exposeMetrics,
  });
}

describe('TRUST_PROXY', () => {
  it('believes no X-Forwarded-For when no proxy is trusted, not even from loopback', async () => {
    const res = await request(appTrusting()).get('/t/ip').set('X-Forwarded-For', '203.0.113.9').expect(200);
    expect(res.body.ip).toMatch(/127\.0\.0\.1|::1/);
  });

  it('takes the client address from X-Forwarded-For when the peer is a trusted proxy', async () => {
    const res = await request(appTrusting(['127.0.0.1/8', '::1'])).get('/t/ip').set('X-Forwarded-For', '203.0.113.9').expect(200);
    expect(res.body.ip).toBe('203.0.113.9');
  });

  it('with one trusted hop, takes the address the proxy saw, not one the client forged before it', async () => {
    const res = await request(appTrusting(1)).get('/t/ip').set('X-Forwarded-For', '198.51.100.1, 203.0.113.9').expect(200);
    expect(res.body.ip).toBe('203.0.113.9');
  });

  it('ignores X-Forwarded-For from a peer that is not in the trusted list', async () => {
    const res = await request(appTrusting(['10.0.0.0/8'])).get('/t/ip').set('X-Forwarded-For', '203.0.113.9').expect(200);
    expect(res.body.ip).toMatch(/127\.0\.0\.1|::1/);
  });
});

describe('exposeMetrics', () => {
  it('keeps /metrics off an app that does not expose it (api processes serve it on their metrics port)', async () => {
    await request(appTrusting(false, false)).get('/metrics').expect(404);
    await request(appTrusting(false)).get('/metrics').expect(200);
  });
});
