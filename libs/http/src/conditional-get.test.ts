import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import request from 'supertest';
import { createApiReferenceRouter } from '@kyb/ops-ui';
import { createHttpApp } from './app';
import { isNotModified, strongEtag, weaklyMatches } from './conditional-get';
import { createLogger } from './logger';
import { buildRouter } from './routes';

const LAST_MODIFIED = 'Mon, 23 Nov 2026 10:00:00 GMT';

function buildApp() {
  const logger = createLogger({ level: 'silent', name: 'test', destination: new Writable({ write: (_c, _e, done) => done() }) });
  const router = buildRouter([
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
      method: 'get',
      path: '/dated',
      summary: 'Read a dated item',
      tags: ['items'],
      auth: false,
      responses: { 200: { description: 'OK' } },
      handler: (_req, res) => {
        res.set('Last-Modified', LAST_MODIFIED).json({ status: 'success', message: 'Success', data: { dated: true } });
      },
    },
    {
      method: 'post',
      path: '/items',
      summary: 'Create an item',
      tags: ['items'],
      auth: false,
      responses: { 200: { description: 'OK' } },
      handler: (_req, res) => {
        res.json({ status: 'success', message: 'Created', data: { id: '42' } });
      },
    },
  ]);
  return createHttpApp({ service: 'test', logger, mounts: [{ prefix: '/t', router }] });
}

describe('isNotModified', () => {
  it('compares If-None-Match weakly, lists included, and treats * as matching a current representation', () => {
    expect(weaklyMatches('W/"a"', '"a"')).toBe(true);
    expect(weaklyMatches('"a"', 'W/"a"')).toBe(true);
    expect(weaklyMatches('"a"', '"b"')).toBe(false);
    expect(isNotModified({ ifNoneMatch: '"a"', etag: '"a"' })).toBe(true);
    expect(isNotModified({ ifNoneMatch: 'W/"a"', etag: '"a"' })).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"x", W/"a" ,"y"', etag: '"a"' })).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"b"', etag: '"a"' })).toBe(false);
    expect(isNotModified({ ifNoneMatch: '"a"' })).toBe(false);
    expect(isNotModified({ ifNoneMatch: '*', etag: '"a"' })).toBe(true);
    expect(isNotModified({ ifNoneMatch: '', etag: '"a"' })).toBe(false);
  });

  it('lets If-None-Match take precedence over If-Modified-Since, and uses the date only without it', () => {
    const later = 'Tue, 24 Nov 2026 10:00:00 GMT';
    const earlier = 'Sun, 22 Nov 2026 10:00:00 GMT';
    expect(isNotModified({ ifNoneMatch: '"b"', etag: '"a"', ifModifiedSince: later, lastModified: LAST_MODIFIED })).toBe(false);
    expect(isNotModified({ ifNoneMatch: '"a"', etag: '"a"', ifModifiedSince: earlier, lastModified: LAST_MODIFIED })).toBe(true);
    expect(isNotModified({ ifModifiedSince: later, lastModified: LAST_MODIFIED })).toBe(true);
    expect(isNotModified({ ifModifiedSince: LAST_MODIFIED, lastModified: LAST_MODIFIED })).toBe(true);
    expect(isNotModified({ ifModifiedSince: earlier, lastModified: LAST_MODIFIED })).toBe(false);
    expect(isNotModified({ ifModifiedSince: 'not a date', lastModified: LAST_MODIFIED })).toBe(false);
    expect(isNotModified({ ifModifiedSince: later })).toBe(false);
    expect(isNotModified({})).toBe(false);
  });
});

describe('conditional GET through createHttpApp', () => {
  const app = buildApp();

  it('answers 304 to a matching If-None-Match also with Cache-Control: no-cache, and 200 to a stale one', async () => {
    const first = await request(app).get('/t/items/42').expect(200);
    const etag = first.headers.etag as string;
    const weak = await request(app).get('/t/items/42').set('If-None-Match', `W/${etag}`).set('Cache-Control', 'no-cache').expect(304);
    expect(weak.text).toBe('');
    expect(weak.headers.etag).toBe(etag);
    await request(app).get('/t/items/42').set('If-None-Match', etag).set('Cache-Control', 'max-age=0, no-cache').expect(304);
    await request(app).get('/t/items/42').set('If-None-Match', '*').set('Cache-Control', 'no-cache').expect(304);
    const stale = await request(app).get('/t/items/43').set('If-None-Match', etag).set('Cache-Control', 'no-cache').expect(200);
    expect(stale.body.data).toEqual({ id: '43' });
  });

  it('ignores If-Modified-Since when If-None-Match is present, and honours it alone', async () => {
    const { headers } = await request(app).get('/t/dated').expect(200);
    const later = 'Tue, 24 Nov 2026 10:00:00 GMT';
    await request(app).get('/t/dated').set('If-None-Match', '"other"').set('If-Modified-Since', later).expect(200);
    await request(app).get('/t/dated').set('If-None-Match', headers.etag as string).set('If-Modified-Since', 'Sun, 22 Nov 2026 10:00:00 GMT').expect(304);
    await request(app).get('/t/dated').set('If-Modified-Since', later).set('Cache-Control', 'no-cache').expect(304);
  });

  it('never answers 304 to other methods or to errors', async () => {
    await request(app).post('/t/items').set('If-None-Match', '*').expect(200);
    await request(app).get('/t/nowhere').set('If-None-Match', '*').expect(404);
  });

  it('answers 304 to a fetch() revalidation, which adds Cache-Control: no-cache', async () => {
    const server: Server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/t/items/7`;
      const first = await fetch(url);
      expect(first.status).toBe(200);
      await first.text();
      const again = await fetch(url, { headers: { 'If-None-Match': first.headers.get('etag') as string } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers 304 under no-cache also for the API reference page and its Swagger UI assets', async () => {
    const logger = createLogger({ level: 'silent', name: 'test', destination: new Writable({ write: (_c, _e, done) => done() }) });
    const docs = createHttpApp({
      service: 'test',
      logger,
      mounts: [{ prefix: '/t/docs', router: createApiReferenceRouter({ title: 'Test API', specUrl: '../openapi.json' }) }],
    });
    for (const file of ['', 'swagger-ui-bundle.js', 'favicon-32x32.png']) {
      const first = await request(docs).get(`/t/docs/${file}`);
      expect([file, first.status, typeof first.headers.etag]).toEqual([file, 200, 'string']);
      const again = await request(docs).get(`/t/docs/${file}`).set('If-None-Match', first.headers.etag).set('Cache-Control', 'no-cache');
      expect([file, again.status]).toEqual([file, 304]);
    }
  });
});

describe('strongEtag', () => {
  it("gives the tag Express's strong ETag gives, for bytes and text alike", () => {
    // Express's `etag: 'strong'` is the etag package over the body's bytes.
    const expressTag = (bytes: Buffer) => (require('etag') as (entity: Buffer) => string)(bytes);
    for (const text of ['', '{}', 'ü🦷'.repeat(1000), JSON.stringify({ records: Array.from({ length: 200 }, (_r, n) => ({ n, name: `Business ${n}` })) })]) {
      const bytes = Buffer.from(text, 'utf8');
      expect(strongEtag(bytes)).toBe(expressTag(bytes));
      expect(strongEtag(text, 'utf8')).toBe(expressTag(bytes));
    }
  });
});
