import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCall, createOwnerTenants, createProcessGroup, createTestDatabase, eventually, freePort, repoRoot, type Call, type TestDatabase, type Tenant } from '@kyb/testing';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks/webhook-receiver';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver';

/*
 * Traces (issue 47): the built suite in an api process and a worker process, each sending its
 * spans by OTLP/HTTP (JSON) to a receiver in this test, configured by the standard OTEL_*
 * variables only. Adding a business (E12) is one trace from the api's request through the jobs
 * the worker runs for it and, across the outbox, the webhook delivery of its score to the
 * customer's endpoint, with the request id on the request's span and in its log line, and no
 * personal data in any attribute.
 */
const SUITE = join(repoRoot(), 'dist/apps/suite/main.js');
const ADMIN = { email: 'traces.admin@example.com', password: 'traces admin passphrase' };
const PASSWORD = 'traces passphrase 2026';
const WAIT = 60_000;
const STEP = 120_000;

describe('one trace across the api and worker processes', () => {
  const processes = createProcessGroup();
  let database: TestDatabase;
  let receiver: OtlpReceiver;
  let endpoint: WebhookReceiver;
  let call: Call;
  let base: string;
  let tenant: Tenant;
  let api: ReturnType<typeof processes.start>;
  let opsBase: string;

  beforeAll(async () => {
    [database, receiver, endpoint] = await Promise.all([createTestDatabase(), startOtlpReceiver(), startWebhookReceiver()]);
    const common = {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.KYB_TEST_REDIS_URL,
      QUEUE_PREFIX: `kyb-traces-${randomBytes(4).toString('hex')}`,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      SUITE_STATE_DIR: mkdtempSync(join(tmpdir(), 'kyb-traces-')),
      SCREENING_SANDBOX_DELAY_MS: '100',
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_DISPATCH_EVERY_MS: '200',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      LOG_LEVEL: 'warn',
    };
    const migrate = processes.start(SUITE, { ...common, ROLE: 'migrate' });
    expect(await migrate.exited).toBe(0);
    const port = await freePort();
    const opsPort = await freePort();
    opsBase = `http://127.0.0.1:${opsPort}`;
    api = processes.start(SUITE, { ...common, ROLE: 'api', PORT: String(port), METRICS_PORT: String(opsPort), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, OTEL_SERVICE_NAME: 'kyb-api', LOG_LEVEL: 'info' });
    const worker = processes.start(SUITE, { ...common, ROLE: 'worker', METRICS_PORT: String(await freePort()), OTEL_SERVICE_NAME: 'kyb-worker' });
    await Promise.all([api.waitFor(/Press Ctrl-C to stop/, 90_000), worker.waitFor(/Press Ctrl-C to stop/, 90_000)]);
    base = `http://127.0.0.1:${port}`;
    call = createCall(base);
    [tenant] = await createOwnerTenants(call, { admin: ADMIN, prefix: 'traces', password: PASSWORD }, ['A']);
    const hook = await fetch(`${base}/integration/api/v1/customers/${tenant.customerId}/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: endpoint.url, events: ['score.computed'] }),
    });
    expect(hook.status).toBe(200);
    endpoint.trust(((await hook.json()) as { data: { secret: string } }).data.secret);
  }, STEP);

  afterAll(async () => {
    await processes.stopAll();
    await receiver?.close();
    await endpoint?.close();
    await database?.destroy();
  });

  /** The chain of parents from `span` up to its trace's root, in the spans received. */
  const ancestry = (span: ReceivedSpan): ReceivedSpan[] => {
    const chain = [span];
    for (let at = span; at.parentSpanId; ) {
      const parent = receiver.spans.find((s) => s.traceId === at.traceId && s.spanId === at.parentSpanId);
      if (!parent) break;
      chain.push(parent);
      at = parent;
    }
    return chain;
  };

  it('follows E12 from the request through the enrichment job to the score and its webhook, across both processes, with the request id on the request', async () => {
    const name = `Traced ${randomBytes(3).toString('hex')} LLC`;
    const tin = `9${String(randomInt(10_000_000, 99_999_999))}`;
    const res = await fetch(`${base}/case/api/v1/businesses/customers/${tenant.customerId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, tin, address_line_1: '1234 Testing Blvd.', address_city: 'Longwood', address_state: 'FL', address_postal_code: '32850' }),
    });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id') as string;

    // The request's span names the request id the answer gave.
    const request = await eventually(async () => receiver.spans.find((s) => s.service === 'kyb-api' && s.kind === 2 && s.attributes['kyb.request_id'] === requestId), WAIT);
    expect(request).toMatchObject({ scope: '@opentelemetry/instrumentation-http', parentSpanId: '', name: 'POST /case/api/v1/businesses/customers/:customerID' });
    expect(request.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.response.status_code': 200, 'http.route': '/case/api/v1/businesses/customers/:customerID' });
    const inTrace = (service: string, pattern: RegExp) => receiver.spans.find((s) => s.traceId === request.traceId && s.service === service && pattern.test(s.name));

    // The api queued the enrichment within the request; the worker ran it, and the score after it, in the same trace.
    const queued = await eventually(async () => inTrace('kyb-api', /^add business-enrichment/), WAIT);
    const enriched = await eventually(async () => inTrace('kyb-worker', /^process business-enrichment$/), WAIT);
    const scored = await eventually(async () => inTrace('kyb-worker', /^process enrichment-completed$/), WAIT);
    const scoreWrite = await eventually(
      async () => receiver.spans.find((s) => s.traceId === request.traceId && s.service === 'kyb-worker' && /insert into "?scores"?\."?scores"?/i.test(String(s.attributes['db.query.text'] ?? ''))),
      WAIT,
    );
    for (const span of [queued, enriched, scored, scoreWrite]) expect(ancestry(span).at(-1)?.spanId).toBe(request.spanId);
    expect(ancestry(enriched).map((s) => s.service)).toEqual(expect.arrayContaining(['kyb-worker', 'kyb-api']));
    expect(ancestry(scoreWrite)).toContain(scored);
    // Every provider call of the enrichment, the sandboxes' too, is a span under the enrichment job.
    const providers = await eventually(async () => {
      const found = receiver.spans.filter((s) => s.traceId === request.traceId && s.service === 'kyb-worker' && /^provider /.test(s.name));
      return found.length >= 5 ? found : undefined;
    }, WAIT);
    expect(new Set(providers.map((s) => s.name))).toEqual(
      new Set(['provider public_records sandbox', 'provider financials sandbox', 'provider tin sandbox', 'provider registry sandbox', 'provider address sandbox']),
    );
    for (const span of providers) expect([ancestry(span).includes(enriched), span.attributes['kyb.provider.outcome']]).toEqual([true, 'ok']);
    // Across the outbox: the score's webhook is posted to the endpoint within the same trace, by the worker.
    await eventually(async () => endpoint.received.find((r) => r.event?.type === 'score.computed' && r.answered === 200), WAIT);
    const deliver = await eventually(async () => inTrace('kyb-worker', /^webhook deliver$/), WAIT);
    const post = await eventually(
      async () => receiver.spans.find((s) => s.traceId === request.traceId && s.kind === 3 && s.parentSpanId === deliver.spanId && String(s.attributes['url.full'] ?? '').startsWith(endpoint.url)),
      WAIT,
    );
    expect(deliver.attributes).toMatchObject({ 'kyb.webhook.event_type': 'score.computed', 'kyb.webhook.attempt': 1, 'http.response.status_code': 200, 'kyb.webhook.outcome': 'succeeded' });
    expect(post.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.response.status_code': 200 });
    expect(ancestry(post).at(-1)?.spanId).toBe(request.spanId);
    expect(ancestry(deliver).some((s) => s.spanId === scored.spanId)).toBe(true);
    // PostgreSQL and Redis within the request are its children, Redis by command name only.
    expect(receiver.spans.some((s) => s.traceId === request.traceId && s.service === 'kyb-api' && s.attributes['db.system.name'] === 'postgresql')).toBe(true);
    for (const span of receiver.spans.filter((s) => s.attributes['db.system.name'] === 'redis')) expect(String(span.attributes['db.query.text'])).toMatch(/^[a-z]+$/);

    // The request's log line carries the trace and the request id: either finds the other.
    const line = api
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string; trace_id?: string; span_id?: string; req?: { id?: string } })
      .find((l) => l.msg === 'request completed' && l.req?.id === requestId);
    expect(line?.trace_id).toBe(request.traceId);
    expect(line?.span_id).toMatch(/^[0-9a-f]{16}$/);

    // No personal data or secret in anything exported.
    const exported = receiver.bodies.join('\n');
    for (const secret of [tin, name, PASSWORD, ADMIN.password, tenant.token]) expect(exported).not.toContain(secret);
    expect(exported).not.toMatch(/example\.com/);
  }, STEP);

  it('sends no span of a probe, nor of BullMQ housekeeping, and no query value', async () => {
    for (const probe of [`${base}/healthz`, `${opsBase}/healthz`, `${opsBase}/readyz`, `${opsBase}/metrics`]) expect((await fetch(probe)).status).toBe(200);
    const search = `needle-${randomBytes(3).toString('hex')}`;
    const listed = await fetch(`${base}/case/api/v1/businesses/customers/${tenant.customerId}?search=${search}&page=1`, { headers: { authorization: `Bearer ${tenant.token}` } });
    expect(listed.status).toBeLessThan(500);
    const span = await eventually(async () => receiver.spans.find((s) => s.kind === 2 && s.attributes['kyb.request_id'] === listed.headers.get('x-request-id')), WAIT);
    expect(span.attributes['url.query']).toBe('search=REDACTED&page=REDACTED');
    expect(receiver.bodies.join('\n')).not.toContain(search);
    expect(receiver.spans.filter((s) => /^\/(healthz|readyz|metrics)/.test(String(s.attributes['url.path'] ?? '')))).toEqual([]);
    expect(receiver.spans.filter((s) => /^(startStalledCheckTimer|moveStalledJobsToWait) /.test(s.name))).toEqual([]);
  }, STEP);
});
