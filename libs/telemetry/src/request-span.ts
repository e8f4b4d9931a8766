import { isSpanContextValid, trace } from '@opentelemetry/api';

/** The active span's trace and span ids, as log lines carry them; empty when nothing is traced. */
export function currentTraceIds(): { trace_id?: string; span_id?: string } {
  const context = trace.getActiveSpan()?.spanContext();
  return context && isSpanContextValid(context) ? { trace_id: context.traceId, span_id: context.spanId } : {};
}

/**
 * The request's trace ids for its log line, the request id (the one the error envelope and
 * X-Request-Id answer) being put on the request's HTTP span when it ends (startTelemetry reads it
 * from the request): a trace is found from a request id, and a request id from a trace. Empty when
 * the process does not trace.
 */
export function tagRequestSpan(requestId: string): { trace_id?: string; span_id?: string } {
  trace.getActiveSpan()?.setAttribute('kyb.request_id', requestId);
  return currentTraceIds();
}
