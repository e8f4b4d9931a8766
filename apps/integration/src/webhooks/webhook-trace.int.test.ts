import { randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import request from 'supertest';
import { recordSpans } from '@kyb/telemetry/testing';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { startTestReceiver, type TestReceiver } from './testing/test-receiver';

/*
 * Traces across the webhook hop (issue 47): a delivery keeps the trace of the event it delivers,
 * and each attempt runs in a span continuing it, so the POST to the customer's endpoint belongs to
 * the trace of the change that announced the event (E12's, a score's). The trace never reaches the
 * delivery's answers.
 */
describe('webhook deliveries continue the trace of their event', () => {
  let t: IntegrationTestApp;
  let receiver: TestReceiver;
  const customerId = randomUUID();
  let owner: string;
  const recorded = recordSpans();

  beforeAll(async () => {
    t = await startIntegrationTestApp({ webhooks: { allowPrivateUrls: true, retryDelaysMs: [100], dispatchEveryMs: 100 } });
    receiver = await startTestReceiver();
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' });
    await t.customer(customerId);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await recorded.stop();
  });

  const api = (method: 'get' | 'post', path: string) => request(t.app)[method](`/integration/api/v1/customers/${customerId}/webhooks${path}`).set('Authorization', `Bearer ${owner}`);
  const delivered = (eventId: string) =>
    eventually(async () => {
      const [delivery] = await t.db('integration.webhook_deliveries').where({ event_id: eventId, status: 'SUCCEEDED' });
      return delivery;
    });

  it("delivers a traced event's attempts in its trace, and keeps the trace out of the API's answers", async () => {
    const { id } = (await api('post', '').send({ url: receiver.url, events: ['score.computed'] }).expect(200)).body.data;
    const businessId = randomUUID();
    const scoreJob = await trace.getTracer('test').startActiveSpan('process enrichment-completed', async (span) => {
      const eventId = await t.emit('scores', { type: 'score.computed', customerId, data: { business_id: businessId, score_id: randomUUID(), risk_level: 'LOW' } });
      span.end();
      return { eventId, context: span.spanContext() };
    });
    const delivery = await delivered(scoreJob.eventId);
    expect(delivery.trace).toEqual({ traceparent: `00-${scoreJob.context.traceId}-${scoreJob.context.spanId}-01` });
    const attempt = await eventually(async () => recorded.spans().find((s) => s.name === 'webhook deliver' && s.spanContext().traceId === scoreJob.context.traceId));
    expect(attempt.parentSpanContext?.spanId).toBe(scoreJob.context.spanId);
    expect(attempt.attributes).toEqual({ 'kyb.webhook.event_type': 'score.computed', 'kyb.webhook.attempt': 1, 'http.response.status_code': 200, 'kyb.webhook.outcome': 'succeeded' });
    expect(recorded.spans().filter((s) => s.spanContext().traceId === scoreJob.context.traceId).map((s) => s.name)).toEqual(['process enrichment-completed', 'webhook deliver']);

    const listed = await api('get', `/${id}/deliveries`).expect(200);
    const detail = await api('get', `/${id}/deliveries/${delivery.id}`).expect(200);
    for (const body of [listed.body, detail.body]) expect(JSON.stringify(body)).not.toContain(scoreJob.context.traceId);
  });

  it('delivers an untraced event in a trace of its own', async () => {
    await api('post', '').send({ url: receiver.url, events: ['business.created'] }).expect(200);
    const eventId = await t.emit('cases', { type: 'business.created', customerId, data: { business_id: randomUUID() } });
    const delivery = await delivered(eventId);
    expect(delivery.trace).toBeNull();
    const attempt = await eventually(async () => recorded.spans().find((s) => s.name === 'webhook deliver' && s.attributes['kyb.webhook.event_type'] === 'business.created'));
    expect(attempt.parentSpanContext).toBeUndefined();
    expect(attempt.links).toEqual([]);
  });
});
