import { Writable } from 'node:stream';
import { Router } from 'express';
import request from 'supertest';
import { RawJson, success } from '@kyb/envelope';
import { createHttpApp } from './app';
import { createLogger } from './logger';

function appAnswering(body: unknown) {
  const router = Router();
  router.get('/thing', (_req, res) => void res.json(body));
  router.post('/thing', (_req, res) => void res.status(201).json(body));
  router.get('/typed', (_req, res) => void res.type('application/vnd.kyb+json').json(body));
  const logger = createLogger({ level: 'silent', name: 'json', destination: new Writable({ write: (_c, _e, done) => done() }) });
  return createHttpApp({ service: 'json', logger, mounts: [{ prefix: '/api', router }] });
}

describe("the app's res.json", () => {
  const distribution = [{ code: 'A', factors: [{ value: 1.5, log: 'text with "quotes" and $& kept' }] }];

  it('answers RawJson text as it is, in the same bytes as the value it holds, with the ETag of those bytes', async () => {
    const raw = await request(appAnswering(success('Success', { id: 'x', score_distribution: new RawJson(JSON.stringify(distribution)) }))).get('/api/thing').expect(200);
    const parsed = await request(appAnswering(success('Success', { id: 'x', score_distribution: distribution }))).get('/api/thing').expect(200);
    expect(raw.text).toBe(parsed.text);
    expect(raw.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(raw.headers.etag).toBe(parsed.headers.etag);
    expect(raw.body.data.score_distribution).toEqual(distribution);
  });

  it("keeps a handler's Content-Type (with the charset added), answers 304 to the ETag and nothing for undefined", async () => {
    const app = appAnswering({ ok: 'é' });
    const typed = await request(app).get('/api/typed').expect(200);
    expect(typed.headers['content-type']).toBe('application/vnd.kyb+json; charset=utf-8');
    expect(JSON.parse(typed.text)).toEqual({ ok: 'é' });
    const plain = await request(app).get('/api/thing').expect(200);
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength('{"ok":"é"}')));
    await request(app).get('/api/thing').set('If-None-Match', plain.headers.etag).expect(304);
    const empty = await request(appAnswering(undefined)).get('/api/thing').expect(200);
    expect(empty.text).toBe('');
  });

  it('answers a POST with the same bytes, its length and status, and no ETag (no precondition applies to it)', async () => {
    const app = appAnswering({ ok: 'é', n: [1, 2] });
    const got = await request(app).get('/api/thing').expect(200);
    const posted = await request(app).post('/api/thing').expect(201);
    expect(posted.text).toBe(got.text);
    expect(posted.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(posted.headers['content-length']).toBe(String(Buffer.byteLength(got.text)));
    expect(got.headers.etag).toBeDefined();
    expect(posted.headers.etag).toBeUndefined();
  });
});
