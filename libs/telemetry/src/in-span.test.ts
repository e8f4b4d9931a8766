import { SpanStatusCode, trace } from '@opentelemetry/api';
import { recordSpans } from './testing';
import { inSpan } from './in-span';

describe('inSpan', () => {
  const recorded = recordSpans();
  afterEach(() => recorded.clear());
  afterAll(() => recorded.stop());

  it('runs the work in a child of the active span, with its attributes, and ends it', async () => {
    const answer = await trace.getTracer('test').startActiveSpan('parent', async (parent) => {
      const inner = await inSpan('provider registry sandbox', { 'kyb.provider.adapter': 'sandbox' }, async (span) => {
        span.setAttribute('kyb.provider.outcome', 'ok');
        return 42;
      });
      parent.end();
      return inner;
    });
    expect(answer).toBe(42);
    const [child, parent] = recorded.spans();
    expect(child.name).toBe('provider registry sandbox');
    expect(child.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(child.attributes).toEqual({ 'kyb.provider.adapter': 'sandbox', 'kyb.provider.outcome': 'ok' });
    expect(child.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('marks a failure by its error type only, never its message, and rethrows it', async () => {
    class VendorDown extends Error {
      override name = 'VendorDown';
    }
    await expect(inSpan('provider tin vendor', {}, async () => Promise.reject(new VendorDown('TIN 123456789 refused')))).rejects.toThrow('TIN 123456789');
    const [span] = recorded.spans();
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes).toEqual({ 'error.type': 'VendorDown' });
    expect(JSON.stringify(span.events)).not.toContain('123456789');
    expect(span.ended).toBe(true);
  });
});
