import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Span } from '@opentelemetry/api';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { startNodeSdk } from '@opentelemetry/sdk-node';
import { outgoingUrl, redactQuery } from './redact-url';
import { serviceNameOf, tracesEnabled } from './telemetry-settings';

/** Paths a probe or a scraper calls every few seconds: never traced. */
const PROBES = /^\/(healthz|readyz|livez|metrics)(\/|\?|$)/;

/** What a started SDK is asked at the end: send what is left. */
export interface Telemetry {
  shutdown(): Promise<void>;
}

/*
 * Kept on the process, not in this module: every built bundle (the suite's main.js and each area's
 * area-module.js) carries its own copy of this library, and all must see the one SDK started first.
 */
const STARTED = Symbol.for('kyb.telemetry.started');
const state = globalThis as { [STARTED]?: Telemetry };

/** Sends what is left and stops (a process's shutdown awaits it; nothing when the SDK was not started). */
export async function stopTelemetry(): Promise<void> {
  const running = state[STARTED];
  state[STARTED] = undefined;
  await running?.shutdown().catch(() => undefined);
}

/** Whether this process started the SDK (BullMQ's telemetry is given to queues and workers only then). */
export function telemetryStarted(): boolean {
  return state[STARTED] !== undefined;
}

/** A span's URL attributes, their values redacted (no query value, no user info, no opaque path token); a request's span names its request id. */
function redactSpanUrl(span: Span, request: ClientRequest | IncomingMessage): void {
  if ('method' in request && typeof (request as IncomingMessage).url === 'string' && !('getHeader' in request)) {
    // The request id the suite gave the request (request-frame), on the request's own span.
    const id = (request as { id?: unknown }).id;
    if (typeof id === 'string') span.setAttribute('kyb.request_id', id);
    const url = (request as IncomingMessage).url as string;
    const at = url.indexOf('?');
    if (at >= 0) span.setAttribute('url.query', redactQuery(url.slice(at + 1)));
    return;
  }
  const client = request as ClientRequest;
  if (typeof client.path === 'string' && typeof client.host === 'string') span.setAttribute('url.full', outgoingUrl(client));
}

/**
 * Starts OpenTelemetry's Node SDK once, before the modules it instruments are loaded, when the
 * standard variables ask for traces (tracesEnabled): HTTP in and out (not probes, no query value,
 * no header), Express routes, PostgreSQL (statements as written, with placeholders; only within a
 * trace), Redis (the command's name only, within a trace) and pino (every line written within a
 * span carries trace_id and span_id). BullMQ is traced by the queues themselves (queueTelemetry),
 * so a job's trace continues the one that queued it. The exporter, its endpoint, protocol,
 * headers, sampler and batching are OTEL_*'s; metrics stay prom-client's and logs stay pino's.
 */
export function startTelemetry(env: NodeJS.ProcessEnv = process.env, entryPoint: string | undefined = process.argv[1]): Telemetry | undefined {
  if (state[STARTED] || !tracesEnabled(env)) return state[STARTED];
  const sdk = startNodeSdk({
    resourceAttributes: { 'service.name': serviceNameOf(env, entryPoint) },
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => PROBES.test(request.url ?? ''),
        applyCustomAttributesOnSpan: (span, request) => redactSpanUrl(span, request),
      }),
      new ExpressInstrumentation(),
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
      new PinoInstrumentation({ disableLogSending: true }),
    ],
  });
  const telemetry = { shutdown: () => sdk.shutdown() };
  state[STARTED] = telemetry;
  return telemetry;
}
