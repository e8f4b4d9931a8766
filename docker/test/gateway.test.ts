/**
 * The nginx gateway: the template and its substitution, `nginx -t`, and its behaviour in front
 * of stand-in areas (routing, forwarded headers, request ids, limits, error envelopes).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MethodNotAllowedError, PayloadTooLargeError, RouteNotFoundError, success, toAppError } from '@kyb/envelope';
import { AREAS, PLACEHOLDERS, TEMPLATE_PATH, renderGatewayConfig, renderTemplate } from '../gateway/render-gateway.cjs';
import {
  STUB_NOT_READY,
  findNginx,
  freePort,
  send,
  startNginx,
  startStubArea,
  type Answer,
  type RunningNginx,
  type StubArea,
} from './support/gateway-harness';
import { loadCompose } from './support/manifests';
import { composeEnvironment } from './support/settings-check';

const template = readFileSync(TEMPLATE_PATH, 'utf8');
const json = (answer: Answer): unknown => JSON.parse(answer.text);
const gatewayError = (status: 502 | 503 | 504, area: string) => {
  const [errorName, verb] = {
    502: ['BadGatewayError', 'is unavailable'],
    503: ['ServiceUnavailableError', 'is unavailable'],
    504: ['GatewayTimeoutError', 'did not answer in time'],
  }[status];
  return { status: 'error', message: `The ${area} service ${verb}`, errorCode: 'UNKNOWN_ERROR', data: { errorName } };
};

/** What envsubst does with a SHELL-FORMAT list: `$NAME` and `${NAME}` for the listed names only. */
function envsubst(text: string, names: readonly string[], env: Record<string, string>): string {
  return text.replace(/\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g, (whole, braced?: string, bare?: string) => {
    const name = braced ?? bare ?? '';
    return names.includes(name) ? (env[name] ?? '') : whole;
  });
}

describe('the gateway template', () => {
  it('uses exactly the documented placeholders, always braced', () => {
    const used = new Set([...template.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1]));
    expect([...used].sort()).toEqual([...PLACEHOLDERS].sort());
    for (const name of PLACEHOLDERS) expect(template).not.toMatch(new RegExp(`\\$${name}\\b`));
  });

  it('keeps nginx variables through the substitution', () => {
    const values = Object.fromEntries(PLACEHOLDERS.map((name) => [name, name === 'GATEWAY_PORT' ? '8080' : name === 'GATEWAY_ROOT' ? '/srv/gw' : 'h:1']));
    const rendered = renderTemplate(template, values);
    expect(rendered).not.toContain('${');
    for (const variable of ['$remote_addr', '$proxy_add_x_forwarded_for', '$request_id', '$http_x_request_id', '$kyb_request_id', '$scheme', '$host']) {
      expect(rendered).toContain(variable);
    }
    expect(() => renderTemplate(`${template}\n# \${OTHER}\n`, values)).toThrow('unknown placeholders: OTHER');
  });

  it('is rendered identically by the official image in compose: NGINX_ENVSUBST_FILTER picks our names only', () => {
    const gateway = (loadCompose().services as Record<string, Record<string, unknown>>).gateway;
    const env = composeEnvironment(gateway);
    // The image's own variables besides ours, as its entrypoint's awk sees them.
    const containerEnv: Record<string, string> = {
      ...env,
      PATH: '/usr/local/sbin:/usr/bin',
      HOSTNAME: 'gateway',
      HOME: '/root',
      NGINX_VERSION: '1.27.5',
      NJS_VERSION: '0.8.10',
      NJS_RELEASE: '1',
      PKG_RELEASE: '1',
      DYNPKG_RELEASE: '1',
    };
    const filter = new RegExp(env.NGINX_ENVSUBST_FILTER);
    const picked = Object.keys(containerEnv).filter((name) => filter.test(name));
    expect(picked.sort()).toEqual([...PLACEHOLDERS].sort());
    expect(envsubst(template, picked, containerEnv)).toBe(renderTemplate(template, env));
  });

  it('renderGatewayConfig refuses incomplete or malformed options', () => {
    const runtimeDir = join(tmpdir(), 'kyb-gateway-never-written');
    const upstreams = { auth: 1, case: 2, integration: 3, score: 4, report: 5 };
    expect(() => renderGatewayConfig({ port: 0, upstreams, runtimeDir })).toThrow('port must be a port number');
    expect(() => renderGatewayConfig({ port: 8080, upstreams: { ...upstreams, case: 'case-api' }, runtimeDir })).toThrow('upstreams.case must be "host:port"');
    const { report: _report, ...four } = upstreams;
    expect(() => renderGatewayConfig({ port: 8080, upstreams: four as typeof upstreams, runtimeDir })).toThrow('upstreams needs report');
    expect(() => renderGatewayConfig({ port: 8080, upstreams, runtimeDir: 'relative/dir' })).toThrow('runtimeDir must be an absolute path');
  });
});

describe('the gateway under nginx', () => {
  let nginx: string;
  let runtimeDir: string;
  let stubs: Record<string, StubArea>;
  let port: number;
  let running: RunningNginx | undefined;
  const bulkPath = '/case/api/v1/businesses/customers/c-1/bulk';

  beforeAll(async () => {
    // Not skipped when nginx is missing: CI must install it (apt-get install -y nginx-light).
    nginx = findNginx();
    runtimeDir = mkdtempSync(join(tmpdir(), 'kyb-gateway-'));
    // report is down: nothing listens on its port.
    stubs = Object.fromEntries(await Promise.all(['auth', 'case', 'integration', 'score'].map(async (area) => [area, await startStubArea(area)])));
    const down = await freePort();
    port = await freePort();
    const conf = renderGatewayConfig({
      port,
      upstreams: { auth: stubs.auth.port, case: `127.0.0.1:${stubs.case.port}`, integration: stubs.integration.port, score: stubs.score.port, report: down },
      runtimeDir,
    });
    running = await startNginx(nginx, runtimeDir, conf, port);
  });

  afterAll(async () => {
    await running?.stop();
    await Promise.all(Object.values(stubs ?? {}).map((stub) => stub.close()));
    if (runtimeDir) rmSync(runtimeDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    for (const stub of Object.values(stubs)) stub.seen.length = 0;
  });

  it('passes nginx -t', () => {
    const test = spawnSync(nginx, ['-t', '-p', runtimeDir, '-c', join(runtimeDir, 'nginx.conf'), '-e', 'stderr'], { encoding: 'utf8' });
    expect({ status: test.status, stderr: test.stderr }).toEqual({ status: 0, stderr: expect.stringContaining('test is successful') });
  });

  it.each(['auth', 'case', 'integration', 'score'])('routes /%s/api/v1 to its area with the forwarded headers', async (area) => {
    const answer = await send(port, { path: `/${area}/api/v1/some/path?x=1`, headers: { 'X-Request-Id': `given-${area}.1` } });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-stub-area']).toBe(area);
    expect(stubs[area].seen).toHaveLength(1);
    const seen = stubs[area].seen[0];
    expect(seen.url).toBe(`/${area}/api/v1/some/path?x=1`);
    expect(seen.headers).toMatchObject({
      'x-forwarded-for': '127.0.0.1',
      'x-real-ip': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': '127.0.0.1',
      'x-request-id': `given-${area}.1`,
    });
    expect(answer.headers['x-request-id']).toBe(`given-${area}.1`);
    for (const stub of Object.values(stubs)) if (stub.area !== area) expect(stub.seen).toHaveLength(0);
  });

  it('routes the bare prefix and appends the client to a given X-Forwarded-For', async () => {
    const answer = await send(port, { path: '/auth/api/v1', headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(answer.status).toBe(200);
    expect(stubs.auth.seen[0].url).toBe('/auth/api/v1');
    expect(stubs.auth.seen[0].headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
  });

  it('passes the W3C trace context on to the area, and sends none when none is given', async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    for (const stub of Object.values(stubs)) stub.seen.length = 0;
    await send(port, { path: '/integration/api/v1/webhooks', headers: { traceparent, tracestate: 'vendor=abc' } });
    expect(stubs.integration.seen[0].headers).toMatchObject({ traceparent, tracestate: 'vendor=abc' });
    await send(port, { path: '/integration/api/v1/webhooks' });
    expect(stubs.integration.seen[1].headers).not.toHaveProperty('traceparent');
    expect(stubs.integration.seen[1].headers).not.toHaveProperty('tracestate');
  });

  it('generates a request id when none (or an unusable one) is given, sends it on and returns it once', async () => {
    for (const given of [undefined, 'not a safe id!']) {
      for (const stub of Object.values(stubs)) stub.seen.length = 0;
      const answer = await send(port, { path: '/case/api/v1/businesses/b-1', headers: given ? { 'X-Request-Id': given } : {} });
      const sent = stubs.case.seen[0].headers['x-request-id'];
      expect(sent).toMatch(/^[0-9a-f]{32}$/);
      expect(answer.headers['x-request-id']).toBe(sent);
    }
  });

  it('logs each request as one JSON line with its request id and no query string', async () => {
    await send(port, { path: '/score/api/v1/score/business/b-1?search[email]=a@b.c', headers: { 'X-Request-Id': 'log-check-1' } });
    let line: Record<string, unknown> | undefined;
    for (let i = 0; i < 40 && !line; i += 1) {
      line = readFileSync(join(runtimeDir, 'access.log'), 'utf8')
        .split('\n')
        .filter((l) => l.includes('log-check-1'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)[0];
      if (!line) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(line).toMatchObject({ request_id: 'log-check-1', method: 'GET', path: '/score/api/v1/score/business/b-1', status: 200 });
  });

  it.each(['/nope', '/authx/api/v1/x', '/auth/api/v2/users', '/case/api', '/metrics', '/case/api/v1/metrics', '/report/api/v1/metrics/'])(
    'answers %s (an unknown prefix, or metrics) with the apps own 404 envelope',
    async (path) => {
      const answer = await send(port, { path });
      expect(answer.status).toBe(404);
      expect(answer.headers['content-type']).toBe('application/json');
      expect(json(answer)).toEqual(new RouteNotFoundError().toBody());
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
      for (const stub of Object.values(stubs)) expect(stub.seen).toHaveLength(0);
    },
  );

  it('answers a down upstream with 502 in the envelope, naming the area', async () => {
    const answer = await send(port, { path: '/report/api/v1/reports/r-1' });
    expect(answer.status).toBe(502);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(json(answer)).toEqual(gatewayError(502, 'report'));
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it("passes the app's own 503 from /readyz through unchanged", async () => {
    const answer = await send(port, { path: '/score/api/v1/readyz' });
    expect(answer.status).toBe(503);
    expect(answer.headers['x-stub-area']).toBe('score');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json(answer)).toEqual(STUB_NOT_READY);
  });

  it.each([400, 404, 500, 502, 504])("passes the app's own %i envelope through unchanged", async (status) => {
    const answer = await send(port, { path: `/integration/api/v1/status/${status}` });
    expect(answer.status).toBe(status);
    expect(answer.headers['x-stub-area']).toBe('integration');
    expect(json(answer)).toMatchObject({ message: `integration says ${status}`, data: { errorName: 'StubError' } });
  });

  it('takes a 2 MB body on the bulk route only, answering 413 in the envelope elsewhere', async () => {
    const body = Buffer.alloc(2 * 1024 * 1024, 'a');
    const headers = { 'Content-Type': 'text/csv' };
    const bulk = await send(port, { method: 'POST', path: bulkPath, headers, body });
    expect(bulk.status).toBe(200);
    expect(stubs.case.seen[0]).toMatchObject({ method: 'POST', url: bulkPath, bodyLength: body.length });

    stubs.case.seen.length = 0;
    const single = await send(port, { method: 'POST', path: '/case/api/v1/businesses/customers/c-1', headers, body });
    expect(single.status).toBe(413);
    expect(single.headers['content-type']).toBe('application/json');
    expect(json(single)).toEqual(new PayloadTooLargeError('100kb').toBody());
    expect(stubs.case.seen).toHaveLength(0);
  });

  it('answers a body over 5 MB on the bulk route with 413 naming that limit', async () => {
    const answer = await send(port, { method: 'POST', path: bulkPath, headers: { 'Content-Type': 'text/csv' }, body: Buffer.alloc(5 * 1024 * 1024 + 1, 'a') });
    expect(answer.status).toBe(413);
    expect(json(answer)).toEqual(new PayloadTooLargeError('5mb').toBody());
    expect(stubs.case.seen).toHaveLength(0);
  });

  it('passes a body just under 100 kB to any route', async () => {
    const answer = await send(port, { method: 'POST', path: '/auth/api/v1/customer/sign-in', headers: { 'Content-Type': 'application/json' }, body: Buffer.alloc(100 * 1024 - 1, 'a') });
    expect(answer.status).toBe(200);
    expect(stubs.auth.seen[0].bodyLength).toBe(100 * 1024 - 1);
  });

  it('serves the index page on / listing every area with its API reference and OpenAPI document', async () => {
    const answer = await send(port, { path: '/' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const area of AREAS) {
      expect(answer.text).toContain(`href="/${area}/api/v1/docs/"`);
      expect(answer.text).toContain(`href="/${area}/api/v1/openapi.json"`);
    }
    expect(answer.text).not.toMatch(/<script/i);
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers another method on / with the 405 envelope', async () => {
    const answer = await send(port, { method: 'POST', path: '/', body: '{}' });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(json(answer)).toEqual(new MethodNotAllowedError(['GET', 'HEAD']).toBody());
  });

  it('answers a malformed request with the 400 envelope', async () => {
    const answer = await send(port, { path: '/auth/api/v1/x', headers: { Host: 'bad host name with spaces' } });
    expect(answer.status).toBe(400);
    expect(json(answer)).toEqual(toAppError(Object.assign(new Error('bad request'), { status: 400 })).toBody());
  });

  it('answers its own /healthz and hides its version', async () => {
    const answer = await send(port, { path: '/healthz' });
    expect(answer.status).toBe(200);
    expect(json(answer)).toEqual(success('OK', { status: 'alive' }));
    expect(answer.headers.server).toBe('nginx');
  });
});

describe('the gateway under nginx, with an upstream that never answers', () => {
  let runtimeDir: string;
  let running: RunningNginx | undefined;
  let port: number;
  const sockets: Socket[] = [];
  const silent = createTcpServer((socket) => {
    sockets.push(socket);
  });

  beforeAll(async () => {
    const nginx = findNginx();
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as { port: number }).port;
    runtimeDir = mkdtempSync(join(tmpdir(), 'kyb-gateway-slow-'));
    port = await freePort();
    const conf = renderGatewayConfig({ port, upstreams: { auth: silentPort, case: silentPort, integration: silentPort, score: silentPort, report: silentPort }, runtimeDir });
    // The real read time-out is 60 s; the same configuration with 1 s shows what happens when it runs out.
    const gatewayConf = join(runtimeDir, 'gateway.conf');
    const rendered = readFileSync(gatewayConf, 'utf8');
    expect(rendered).toContain('proxy_read_timeout 60s;');
    writeFileSync(gatewayConf, rendered.replace('proxy_read_timeout 60s;', 'proxy_read_timeout 1s;'));
    running = await startNginx(nginx, runtimeDir, conf, port);
  });

  afterAll(async () => {
    await running?.stop();
    sockets.forEach((socket) => socket.destroy());
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    if (runtimeDir) rmSync(runtimeDir, { recursive: true, force: true });
  });

  it('answers 504 in the envelope, naming the area', async () => {
    const answer = await send(port, { path: '/integration/api/v1/business/b-1/public-records' });
    expect(answer.status).toBe(504);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(json(answer)).toEqual(gatewayError(504, 'integration'));
  });
});
