import type { RequestHandler } from 'express';
import type { Logger } from './logger';
import { assignRequestId, clientRequestIdOf } from './request-id';

/**
 * One log line per request, once its answer is sent (or the caller went away): our request id,
 * the caller's beside it, the method, the path without its query (query strings can carry
 * personal data: search[email]=...), the status and the time taken. Written with the process's
 * logger: no child logger is made per request, a cost the profile showed under load. The line
 * holds only what this function puts in it, none of it personal, so it skips the redaction every
 * other line goes through (its wildcard paths were a measurable part of a request).
 */
export function logRequests(logger: Logger): RequestHandler {
  const log = logger.child({}, { redact: [] });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const id = assignRequestId(req, res);
    (req as { id?: string }).id = id;
    const line = () => {
      const clientRequestId = clientRequestIdOf(req);
      return {
        req: { id, method: req.method, path: req.originalUrl.split('?')[0] },
        res: { statusCode: res.statusCode },
        responseTime: Number(process.hrtime.bigint() - started) / 1e6,
        ...(clientRequestId ? { clientRequestId } : {}),
      };
    };
    res.once('finish', () => {
      const status = res.statusCode;
      if (status >= 500) log.error(line(), 'request completed');
      else if (status >= 400) log.warn(line(), 'request completed');
      else log.info(line(), 'request completed');
    });
    res.once('close', () => {
      if (!res.writableFinished) log.warn(line(), 'request aborted');
    });
    next();
  };
}
