import { SpanStatusCode, trace, type Attributes, type Span, type SpanOptions } from '@opentelemetry/api';

const tracer = () => trace.getTracer('kyb');

/**
 * Runs `work` inside a span of its own, a child of the active one (the request's or the job's):
 * ended when `work` settles, marked as an error (its type only, never its message, which may quote
 * a vendor's answer) when it throws. Attributes must hold no personal data. Without an SDK the span
 * is a no-op. `options` adds a kind or links to the span.
 */
export async function inSpan<T>(name: string, attributes: Attributes, work: (span: Span) => Promise<T>, options: Omit<SpanOptions, 'attributes'> = {}): Promise<T> {
  return tracer().startActiveSpan(name, { ...options, attributes }, async (span) => {
    try {
      return await work(span);
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute('error.type', err instanceof Error ? err.name : typeof err);
      throw err;
    } finally {
      span.end();
    }
  });
}
