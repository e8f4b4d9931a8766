/**
 * PostgreSQL through knex: connections, per-area in-code migrations, transactions.
 * @packageDocumentation
 */
export { checkDatabase, createDatabase, ensureDatabaseExists, withTransaction } from './database';
export type { CreateDatabaseOptions } from './database';
export { ensureSchemaCurrent, grantAppRole, migrateDownAll, migrateLatest, pendingMigrations, SchemaBehindError } from './migrations';
export type { AreaMigrations, Migration, SealedColumn } from './migrations';
export { idempotencyAnswersColumn } from './migrations';
export { lz4CompressionMigration, supportsLz4 } from './lz4-compression';
export type { Knex } from 'knex';
export { DependencyUnavailableError, ensureDatabaseReachable, ensurePostgresReachable } from './reachability';
export { containsPattern } from './search';
export { chainedInto, jsonRowsParts, runChained } from './json-rows';
export { jsonFieldsSource, jsonText } from './json-fields';
export type { JsonFieldsSource } from './json-fields';
export type { JsonRowsInsert, StatementPart } from './json-rows';
export { preparedRead, preparedShapes, queryPrepared } from './prepared';
export { plannedEachRun } from './statement-cache';
export type { ShapeValues } from './prepared';
export { pageWithTotal, totalCountColumn } from './page-total';
export { keysetAfter, keysetColumns, keysetOrderSql, keysetPageOf, keysetSqlKeys, keysetValues, readKeysetPage } from './keyset-page';
export type { KeysetKind, KeysetOrder, KeysetPageQuery, KeysetPosition, KeysetSqlKey } from './keyset-page';
export { listShapeOf } from './list-shape';
export type { ListShape, ShapedListQuery } from './list-shape';
export {
  AUDIT_OUTBOX_TABLE,
  auditInsertPart,
  auditOutboxMigration,
  auditOutboxRelayOrderMigration,
  EVENT_FEED_VIEW,
  EVENT_TYPE_NAMES,
  EVENT_TYPES,
  eventsInsertPart,
  isEventType,
  normalisedAct,
  outboxMigration,
  outboxTraceMigration,
  recordAudit,
  recordEvent,
  recordEvents,
  UnstorableAuditActError,
} from './outbox';
export type { AnyOutboxEvent, AuditAct, EventData, EventType, OutboxEvent } from './outbox';
export { isoTimestampSql } from './iso-timestamp';
export { dropErasureFunctionSql, erasureFunctionSql, replaceErasureFunction, tenantAnswersDeletedSql } from './erasure-function';
export type { ErasureFunctionName, RawRunner } from './erasure-function';
