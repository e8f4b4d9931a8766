import { auditOutboxMigration, auditOutboxRelayOrderMigration, lz4CompressionMigration, outboxMigration, outboxTraceMigration, type AreaMigrations } from '@kyb/db';
import { idempotencyKeysMigration } from '@kyb/http';
import { scores } from './20261122_0001_scores';
import { recovery } from './20261123_0002_recovery';
import { verificationRule } from './20261123_0003_verification_rule';
import { reproducibleScores } from './20261127_0006_reproducible_scores';
import { reportViews } from './20261127_0009_report_views';
import { alerts } from './20261127_0007_alerts';
import { erasureFunctions } from './20261202_0012_erasure_functions';
import { weightageFactorDirectory } from './20261207_0013_weightage_factor_directory';
import { caseDecisionAlerts } from './20261208_0014_case_decision_alerts';
import { newestSuccessScoreIndex } from './20261209_0015_newest_success_score_index';

/** The score area's schema and migrations, in order. */
export const scoreMigrations: AreaMigrations = {
  schema: 'scores',
  sourceDir: __dirname,
  migrations: [scores, recovery, verificationRule, idempotencyKeysMigration('scores', '20261125_0004_idempotency_keys'), outboxMigration('scores', '20261126_0005_outbox'), reproducibleScores, alerts, auditOutboxMigration('scores', '20261127_0008_audit_outbox'), reportViews, auditOutboxRelayOrderMigration('scores', '20261127_0010_audit_outbox_relay_order'), lz4CompressionMigration('20261127_0011_lz4_large_json', { 'scores.scores': ['score_distribution', 'inputs', 'reason_codes', 'decision_log'] }), erasureFunctions, weightageFactorDirectory, caseDecisionAlerts, newestSuccessScoreIndex, outboxTraceMigration('scores', '20261210_0016_outbox_trace')],
};
