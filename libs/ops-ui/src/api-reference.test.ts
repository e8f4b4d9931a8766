import request from 'supertest';
import { createApiReferenceRouter } from './api-reference';
import { appWith, parseCsp, referencedUrls } from './test-support/test-app';

const DOCS = '/case/api/v1/docs';
const app = appWith(DOCS, createApiReferenceRouter({ title: 'Case API <v1> & "co"', specUrl: '../openapi.json' }));

describe('API reference', () => {
  it('redirects the bare path to the page with a trailing slash, relative to it', async () => {
    const res = await request(app).get(`${DOCS}?tag=businesses`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('docs/?tag=businesses');
  });

  it('serves a Swagger UI page that references only its own assets', async () => {
    const res = await request(app).get(`${DOCS}/`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<title>Case API &lt;v1&gt; &amp; &quot;co&quot;</title>');
    expect(referencedUrls(res.text)).toEqual([
      'swagger-ui.css',
      'index.css',
      'favicon-32x32.png',
      'favicon-16x16.png',
      'swagger-ui-bundle.js',
      'api-reference.js',
    ]);
    expect(res.text).not.toMatch(/<script>|<style|style=|https?:|\/\//);
  });

  // Under Cache-Control: no-cache too, through @kyb/http's app (libs/http/src/conditional-get.test.ts).
  it('answers 304 to a matching If-None-Match on the page and its assets', async () => {
    for (const file of ['', 'swagger-ui.css', 'favicon-16x16.png']) {
      const first = await request(app).get(`${DOCS}/${file}`);
      expect([file, first.status, typeof first.headers.etag]).toEqual([file, 200, 'string']);
      const again = await request(app).get(`${DOCS}/${file}`).set('If-None-Match', first.headers.etag);
      expect([file, again.status]).toEqual([file, 304]);
    }
  });

  it('sets a CSP that allows this origin only', async () => {
    const res = await request(app).get(`${DOCS}/`);
    const header = res.headers['content-security-policy'];
    const csp = parseCsp(header);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(header).not.toMatch(/https?:|\*|'unsafe-/);
  });

  it('serves the initializer, which loads the area document and nothing else', async () => {
    const res = await request(app).get(`${DOCS}/api-reference.js`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.text).toContain('url: new URL("../openapi.json", document.baseURI).href');
    expect(res.text).toContain('validatorUrl: null');
    expect(res.text).toContain('queryConfigEnabled: false');
    expect(res.text).not.toMatch(/petstore|https?:/);
  });

  it('serves the Swagger UI bundle and stylesheet from swagger-ui-dist', async () => {
    const bundle = await request(app).get(`${DOCS}/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect(bundle.text.length).toBeGreaterThan(100_000);
    expect(bundle.text).toContain('SwaggerUIBundle');
    const css = await request(app).get(`${DOCS}/swagger-ui.css`);
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it("does not serve swagger-ui-dist's demo page, its petstore initializer or other files", async () => {
    for (const file of ['index.html', 'swagger-initializer.js', 'package.json', 'swagger-ui-bundle.js.map', '..%2Fpackage.json']) {
      const res = await request(app).get(`${DOCS}/${file}`);
      expect([file, res.status, res.body.errorCode]).toEqual([file, 404, 'NOT_FOUND']);
    }
  });

  it('writes an absolute spec path as given, escaped for a script', async () => {
    const other = appWith('/docs', createApiReferenceRouter({ title: 'x', specUrl: '/case/api/v1/openapi.json?v=</script>' }));
    const res = await request(other).get('/docs/api-reference.js');
    expect(res.text).toContain('new URL("/case/api/v1/openapi.json?v=\\u003c/script>", document.baseURI)');
  });

  it('refuses a spec on another host', () => {
    for (const specUrl of ['https://petstore.swagger.io/v2/swagger.json', '//evil.example/openapi.json', 'javascript:alert(1)', '\\\\evil.example/x']) {
      expect(() => createApiReferenceRouter({ title: 'x', specUrl })).toThrow(/specUrl must be a path on this origin/);
    }
  });
});
