import { ROOT_CONTEXT, SpanKind, context, defaultTextMapGetter, defaultTextMapSetter, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { inSpan } from './in-span';

/**
 * A trace's W3C context as stored with a row that hands work on (an outbox event, a webhook
 * delivery, a case marked for evaluation): `traceparent` and, when present, `tracestate`. Never
 * baggage, which a caller may fill with anything.
 */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string;
}

const w3c = new W3CTraceContextPropagator();

/** The active span's context as a carrier to store, or null when nothing is traced (no SDK, or no span). */
export function traceCarrier(): TraceCarrier | null {
  const carrier: Record<string, string> = {};
  w3c.inject(context.active(), carrier, defaultTextMapSetter);
  if (typeof carrier['traceparent'] !== 'string') return null;
  return carrier['tracestate'] ? { traceparent: carrier['traceparent'], tracestate: carrier['tracestate'] } : { traceparent: carrier['traceparent'] };
}

/** The context a stored carrier names (ROOT_CONTEXT when it is missing or malformed). */
function contextOf(carrier: unknown): Context {
  if (!carrier || typeof carrier !== 'object') return ROOT_CONTEXT;
  const { traceparent, tracestate } = carrier as Record<string, unknown>;
  if (typeof traceparent !== 'string') return ROOT_CONTEXT;
  const headers: Record<string, string> = typeof tracestate === 'string' ? { traceparent, tracestate } : { traceparent };
  return w3c.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
}

/**
 * Runs `work` in a span (see `inSpan`) that continues the trace `carrier` names (read from a row
 * another process wrote), linked to the span active here (the job or round that picked the row
 * up), so a trace runs across a hop through the database. Without a carrier (written untraced,
 * or before traces were stored) the span starts a trace of its own. Without an SDK it is a no-op.
 */
export async function inContinuedSpan<T>(carrier: unknown, name: string, attributes: Attributes, work: (span: Span) => Promise<T>): Promise<T> {
  const here = trace.getActiveSpan()?.spanContext();
  const parent = contextOf(carrier);
  if (!trace.getSpanContext(parent)) return inSpan(name, attributes, work);
  return context.with(parent, () => inSpan(name, attributes, work, { kind: SpanKind.CONSUMER, links: here ? [{ context: here }] : [] }));
}
