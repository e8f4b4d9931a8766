import { SpanKind, context, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { recordSpans } from './testing';
import { inContinuedSpan, traceCarrier } from './trace-carrier';

describe('a trace carried through a stored row', () => {
  const recorded = recordSpans();
  afterEach(() => recorded.clear());
  afterAll(() => recorded.stop());

  const tracer = () => trace.getTracer('test');

  it('has no carrier where nothing is traced', () => {
    expect(traceCarrier()).toBeNull();
  });

  it("stores the active span's traceparent, and a span continued from it is its child, linked to the span that picked it up", async () => {
    const carrier = tracer().startActiveSpan('request', (span) => {
      const stored = traceCarrier();
      span.end();
      return stored;
    });
    const [request] = recorded.spans();
    expect(carrier).toEqual({ traceparent: `00-${request.spanContext().traceId}-${request.spanContext().spanId}-01` });

    const answer = await tracer().startActiveSpan('job', async (job) => {
      const inner = await inContinuedSpan(carrier, 'webhook deliver', { 'kyb.webhook.event_type': 'score.completed' }, async () => 'sent');
      job.end();
      return inner;
    });
    expect(answer).toBe('sent');
    const deliver = recorded.spans().find((s) => s.name === 'webhook deliver');
    const job = recorded.spans().find((s) => s.name === 'job');
    expect(deliver?.spanContext().traceId).toBe(request.spanContext().traceId);
    expect(deliver?.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(deliver?.kind).toBe(SpanKind.CONSUMER);
    expect(deliver?.links.map((l) => l.context.spanId)).toEqual([job?.spanContext().spanId]);
    expect(deliver?.attributes).toEqual({ 'kyb.webhook.event_type': 'score.completed' });
  });

  it('keeps tracestate and never baggage', async () => {
    const remote = propagation.setBaggage(
      trace.setSpanContext(ROOT_CONTEXT, { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: 1, isRemote: true, traceState: undefined }),
      propagation.createBaggage({ email: { value: 'someone@example.com' } }),
    );
    const carrier = context.with(remote, () => tracer().startActiveSpan('s', (span) => (span.end(), traceCarrier())));
    expect(JSON.stringify(carrier)).not.toContain('example.com');
    expect(carrier?.traceparent).toMatch(/^00-a{32}-[0-9a-f]{16}-01$/);
    const withState = { ...carrier, tracestate: 'vendor=x1' };
    await inContinuedSpan(withState, 'continued', {}, async () => undefined);
    expect(recorded.spans().find((s) => s.name === 'continued')?.spanContext().traceState?.get('vendor')).toBe('x1');
  });

  it('starts a trace of its own, under the active span, from a missing or malformed carrier', async () => {
    for (const carrier of [null, undefined, 'text', {}, { traceparent: 'not-a-traceparent' }, { traceparent: 42 }]) {
      recorded.clear();
      await tracer().startActiveSpan('job', async (job) => {
        await inContinuedSpan(carrier, 'alone', {}, async () => undefined);
        job.end();
      });
      const alone = recorded.spans().find((s) => s.name === 'alone');
      const job = recorded.spans().find((s) => s.name === 'job');
      expect(alone?.parentSpanContext?.spanId).toBe(job?.spanContext().spanId);
      expect(alone?.links).toEqual([]);
    }
  });

  it('rethrows what the work throws, the span marked as failed', async () => {
    const carrier = tracer().startActiveSpan('request', (span) => (span.end(), traceCarrier()));
    await expect(inContinuedSpan(carrier, 'failing', {}, async () => Promise.reject(new TypeError('boom')))).rejects.toThrow('boom');
    expect(recorded.spans().find((s) => s.name === 'failing')?.attributes).toEqual({ 'error.type': 'TypeError' });
  });
});
