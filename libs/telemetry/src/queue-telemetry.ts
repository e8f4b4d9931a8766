import { INVALID_SPAN_CONTEXT, trace } from '@opentelemetry/api';
import { BullMQOtel, BullMQOTelSpan } from 'bullmq-otel';
import { telemetryStarted } from './start-telemetry';

/** BullMQ's own housekeeping, every few seconds per queue, traced as roots of nothing: not sent. */
export const UNTRACED_QUEUE_OPERATIONS = ['startStalledCheckTimer', 'moveStalledJobsToWait'];

const TELEMETRY = Symbol.for('kyb.telemetry.bullmq');
/** One add-on per process, whichever bundle asks first (every bundle carries this library: see start-telemetry). */
const state = globalThis as { [TELEMETRY]?: BullMQOtel };

/** The add-on, its housekeeping spans made non-recording (BullMQ names a span `<operation> <queue>`). */
function withoutHousekeeping(telemetry: BullMQOtel): BullMQOtel {
  const startSpan = telemetry.tracer.startSpan.bind(telemetry.tracer);
  telemetry.tracer.startSpan = (name, options, context) =>
    UNTRACED_QUEUE_OPERATIONS.includes(name.split(' ')[0]) ? new BullMQOTelSpan(trace.wrapSpanContext(INVALID_SPAN_CONTEXT)) : startSpan(name, options, context);
  return telemetry;
}

/**
 * BullMQ's OpenTelemetry add-on, for every Queue and Worker of a process that traces: adding a job
 * records a producer span and carries its trace context inside the job, and the worker's span of
 * that job continues the trace (so one trace runs from a request through every job it queued).
 * Undefined when the process does not trace: BullMQ then does no tracing work at all.
 */
export function queueTelemetry(): BullMQOtel | undefined {
  if (!telemetryStarted()) return undefined;
  state[TELEMETRY] ??= withoutHousekeeping(new BullMQOtel('kyb-queues'));
  return state[TELEMETRY];
}
