import type { ErrorRequestHandler } from 'express';
import {
  AppError,
  InternalError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from './errors';
import { isOutage } from './outages';

/** The slice of a logger the error handler needs (pino satisfies it). */
export interface ErrorLogger {
  error(obj: object, msg: string): void;
}

interface BodyParserError {
  type?: string;
  status?: number;
  limit?: number;
}

function bodyParserFailure(err: unknown): AppError | undefined {
  const type = (err as BodyParserError | undefined)?.type;
  switch (type) {
    case 'entity.parse.failed':
      return new ValidationError('Malformed JSON in request body');
    case 'entity.too.large':
      return new PayloadTooLargeError(formatBytes((err as BodyParserError).limit));
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new UnsupportedMediaTypeError('Unsupported request body encoding');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new ValidationError('The request body could not be read');
    default:
      return undefined;
  }
}

function formatBytes(limit: number | undefined): string {
  if (!limit) return 'the configured size';
  return limit >= 1024 * 1024 ? `${Math.round(limit / (1024 * 1024))}mb` : `${Math.round(limit / 1024)}kb`;
}

/**
 * Another client error raised by Express, its router or body-parser (a path that does not
 * decode, a body that does not decompress): a 4xx with a safe message, never a 500.
 */
function otherClientError(err: unknown): AppError | undefined {
  const status = (err as { status?: unknown; statusCode?: unknown } | undefined)?.status ?? (err as { statusCode?: unknown } | undefined)?.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  const message = err instanceof URIError ? 'The request path is not validly encoded' : 'The request could not be read';
  return new AppError({ message, httpStatus: status, errorCode: 'INVALID', errorName: 'BadRequestError', cause: err });
}

/** Turns any thrown value into the AppError that is sent for it. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return bodyParserFailure(err) ?? otherClientError(err) ?? outage(err) ?? new InternalError(err);
}

/** A dropped PostgreSQL or Redis connection: a 503 the client may retry in a second, never a 500. */
function outage(err: unknown): AppError | undefined {
  if (!isOutage(err)) return undefined;
  return new AppError({
    message: 'The service is briefly unavailable, retry shortly.',
    httpStatus: 503,
    errorCode: 'UNKNOWN_ERROR',
    errorName: 'ServiceUnavailableError',
    headers: { 'Retry-After': '1' },
    cause: err,
  });
}

/**
 * The suite's only error handler: writes the envelope (`fail` for 4xx, `error` for 5xx) and logs
 * every 5xx with its cause and request id. Never an empty body, never a stack in the body.
 */
export function createErrorHandler(logger: ErrorLogger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const appError = toAppError(err);
    if (appError.httpStatus >= 500) {
      const cause = appError instanceof InternalError ? err : (appError.cause ?? err);
      logger.error({ err: cause, requestId: res.getHeader('x-request-id'), method: req.method, path: req.path }, 'request failed');
    }
    res.status(appError.httpStatus).set(appError.headers).json(appError.toBody());
  };
}
