import type { RequestHandler } from 'express';
import { tagRequestSpan } from '@kyb/telemetry';
import type { Logger } from './logger';
import type { HttpMetrics } from './metrics';
import { assignRequestId, clientRequestIdOf } from './request-id';
import type { ShutdownState } from './shutdown-state';

/** What {@link requestFrame} needs. */
export interface RequestFrameOptions {
  logger: Logger;
  metrics: HttpMetrics;
  /** Once stopping, every response asks the client to close its keep-alive connection. */
  shutdown?: ShutdownState;
}

/**
 * What every request gets before the routes and once it is answered, in one middleware with one
 * listener (the profile showed each middleware layer and each listener as a cost of every request):
 * - our request id in `X-Request-Id` (the caller's is logged beside it, never used instead);
 * - `Cache-Control`: `private, no-cache` for GET and HEAD (revalidate with the ETag), else `no-store`;
 * - `Connection: close` while the process is stopping, so a keep-alive client goes elsewhere;
 * - once answered: the request's count and duration by route pattern (metrics), and one log line
 *   with our id, the caller's, the method, the path without its query (query strings can carry
 *   personal data: search[email]=...), the status and the time taken, at a level by status. A
 *   request whose caller went away first is logged as aborted.
 * The line holds only what this function puts in it, none of it personal, so it is written by a
 * child logger without the redaction every other line goes through (its wildcard paths were a
 * measurable part of each request).
 */
export function requestFrame(options: RequestFrameOptions): RequestHandler {
  const log = options.logger.child({}, { redact: [] });
  const { metrics, shutdown } = options;
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const id = assignRequestId(req, res);
    (req as { id?: string }).id = id;
    // Traced: the span carries the request id, and the request's line the span's ids.
    const traced = tagRequestSpan(id);
    res.setHeader('Cache-Control', req.method === 'GET' || req.method === 'HEAD' ? 'private, no-cache' : 'no-store');
    if (shutdown?.stopping) res.setHeader('Connection', 'close');
    // 'close' follows 'finish' for an answered request, and comes alone when the caller went away.
    res.once('close', () => {
      const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
      const status = res.statusCode;
      const clientRequestId = clientRequestIdOf(req);
      const line = {
        req: { id, method: req.method, path: req.originalUrl.split('?')[0] },
        res: { statusCode: status },
        responseTime: elapsedMs,
        ...(clientRequestId ? { clientRequestId } : {}),
        ...traced,
      };
      if (!res.writableFinished) {
        log.warn(line, 'request aborted');
        return;
      }
      // The matched route pattern, never the raw path: ids would explode the label set.
      const pattern = (req.route as { path?: string } | undefined)?.path;
      metrics.record(req.method, pattern ? `${req.baseUrl}${pattern}` : 'unmatched', status, elapsedMs / 1000);
      if (status >= 500) log.error(line, 'request completed');
      else if (status >= 400) log.warn(line, 'request completed');
      else log.info(line, 'request completed');
    });
    next();
  };
}
