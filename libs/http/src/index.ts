/**
 * The HTTP app factory, route definitions with 405 handling, logging and metrics.
 * @packageDocumentation
 */
export { createHttpApp } from './app';
export { createAreaApp } from './area-app';
export { createAreaProducers, defineArea, queuesOf, recoverySettingsOf, startArea } from './define-area';
export type { Area, AreaBaseDeps, AreaDefinition, AreaQueues, AreaRecovery, AreaSchedule, Closable, RecoverySettings, StartExtras } from './define-area';
export type { CreateHttpAppOptions, LargeBody, Mount, ReadinessCheck } from './app';
export { buildRouter } from './routes';
export { STANDARD_ERROR_STATUSES, standardErrors } from './standard-errors';
export type { ErrorAnswering, ErrorCases } from './standard-errors';
export type { BuildRouterOptions, HttpMethod, RouteAccess, RouteDefinition, RouteResponse } from './routes';
export { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, idempotencyGuard } from './idempotency/idempotency.guard';
export type { IdempotencyGuardOptions } from './idempotency/idempotency.guard';
export { IdempotencyAnswerErasedError, IdempotencyKeyInUseError, IdempotencyKeyReusedError, IdempotencyKeysUnavailableError } from './idempotency/idempotency.errors';
export { createRedisIdempotencyRegistry } from './idempotency/idempotency.registry';
export type { IdempotencyRegistry, RedisIdempotencyRegistryOptions, RegistryClaim } from './idempotency/idempotency.registry';
export { idempotencyKeysMigration } from './idempotency/idempotency-keys.migration';
export { createIdempotencyStore } from './idempotency/idempotency.store';
export type { IdempotencyStore } from './idempotency/idempotency.store';
export { codeName, defineRoute } from './typed-route';
export type { CodeName, RouteInput, TypedRouteDefinition } from './typed-route';
export { createLogger, REDACTED_PATHS, serializeError } from './logger';
export type { CreateLoggerOptions, Logger } from './logger';
export { createHttpMetrics } from './metrics';
export type { HttpMetrics } from './metrics';
export { assignRequestId } from './request-id';
export { serve } from './serve';
export { createShutdownState } from './shutdown-state';
export type { ShutdownState } from './shutdown-state';
export type { ServeOptions } from './serve';
export type { AreaModule, AreaRuntime, StartedArea, WorkerRuntime } from './area-module';
export { runAreas } from './run-areas';
export type { RunAreasOptions } from './run-areas';
export { requestedRole, runMain, settingsOf } from './run-main';
export { migrateAreas } from './run-migrate';
export type { MigrateAreasOptions } from './run-migrate';
export type { RunMainOptions } from './run-main';
