/**
 * Traces (issue 47): OpenTelemetry in every process, configured by the standard OTEL_* variables
 * only and off when they are unset. Entry points import `@kyb/telemetry/register` first.
 * @packageDocumentation
 */
export { queueTelemetry } from './queue-telemetry';
export { REDACTED, redactPath, redactQuery, redactUrl } from './redact-url';
export { startTelemetry, stopTelemetry, telemetryStarted, type Telemetry } from './start-telemetry';
export { serviceNameOf, tracesEnabled } from './telemetry-settings';
export { currentTraceIds, tagRequestSpan } from './request-span';
export { inSpan } from './in-span';
export { inContinuedSpan, traceCarrier, type TraceCarrier } from './trace-carrier';
