/**
 * The response envelope and the error model shared by every area.
 * @packageDocumentation
 */
export { success } from './envelope';
export type { SuccessBody } from './envelope';
export {
  AppError,
  DuplicateError,
  InternalError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  RouteNotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnsupportedMediaTypeError,
  ValidationError,
} from './errors';
export type { AppErrorInit, ErrorCode, FailureBody, RateLimitPolicy } from './errors';
export { createErrorHandler, toAppError } from './error-handler';
export { isOutage } from './outages';
export type { ErrorLogger } from './error-handler';
export { RawJson, stringifyJson } from './raw-json';
export { withSortedKeys } from './sorted-keys';
