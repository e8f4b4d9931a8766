import { auditOutboxMigration, auditOutboxRelayOrderMigration, idempotencyAnswersColumn, outboxMigration, outboxTraceMigration, type AreaMigrations } from '@kyb/db';
import { idempotencyKeysMigration } from '@kyb/http';
import { reports } from './20261122_0001_reports';
import { recovery } from './20261123_0002_recovery';
import { erasureFunctions } from './20261202_0007_erasure_functions';

/** The report area's schema and migrations, in order. */
export const reportMigrations: AreaMigrations = {
  schema: 'reports',
  sourceDir: __dirname,
  migrations: [reports, recovery, idempotencyKeysMigration('reports', '20261125_0003_idempotency_keys'), outboxMigration('reports', '20261126_0004_outbox'), auditOutboxMigration('reports', '20261126_0005_audit_outbox'), auditOutboxRelayOrderMigration('reports', '20261127_0006_audit_outbox_relay_order'), erasureFunctions, outboxTraceMigration('reports', '20261210_0008_outbox_trace')],
  sealedColumns: [idempotencyAnswersColumn('reports')],
};
