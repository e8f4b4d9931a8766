import { Writable } from 'node:stream';
import { Router } from 'express';
import request from 'supertest';
import { RawJson, success } from '@kyb/envelope';
import { createHttpApp } from './app';
import { createLogger } from './logger';

function appAnswering(body: unknown) {
  const router = Router();
  router.get('/thing', (_req, res) => void res.json(body));
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
});
