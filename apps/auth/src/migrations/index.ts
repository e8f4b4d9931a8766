import { idempotencyAnswersColumn, outboxMigration, outboxTraceMigration, type AreaMigrations } from '@kyb/db';
import { idempotencyKeysMigration } from '@kyb/http';
import { auditEvents } from './20261125_0010_audit_events';
import { dataKeys } from './20261126_0012_data_keys';
import { dataKeyState } from './20261126_0013_data_key_state';
import { auditEventBatches } from './20261127_0014_audit_event_batches';
import { authBase } from './20261122_0001_auth_base';
import { permissionsAndSubroles } from './20261122_0002_permissions_and_subroles';
import { customerDirectory } from './20261122_0003_customer_directory';
import { acceptedInvitations } from './20261122_0004_accepted_invitations';
import { invitationAcceptances } from './20261122_0005_invitation_acceptances';
import { customerStatus } from './20261123_0006_customer_status';
import { applicantEmailProof } from './20261123_0007_applicant_email_proof';
import { customerUserEmailPerTenant } from './20261123_0008_customer_user_email_per_tenant';
import { erasureFunctions } from './20261202_0015_erasure_functions';
import { caseReview } from './20261207_0016_case_review';
import { reviewerDirectory } from './20261208_0017_reviewer_directory';

/** The auth area's schema and migrations, in order. */
export const authMigrations: AreaMigrations = {
  schema: 'auth',
  sourceDir: __dirname,
  migrations: [authBase, permissionsAndSubroles, customerDirectory, acceptedInvitations, invitationAcceptances, customerStatus, applicantEmailProof, customerUserEmailPerTenant, idempotencyKeysMigration('auth', '20261125_0009_idempotency_keys'), auditEvents, outboxMigration('auth', '20261126_0011_outbox'), dataKeys, dataKeyState, auditEventBatches, erasureFunctions, caseReview, reviewerDirectory, outboxTraceMigration('auth', '20261210_0018_outbox_trace')],
  // The audit log: the application's role may add to it, never change or remove what it holds.
  appendOnlyTables: ['audit_events'],
  sealedColumns: [{ table: 'auth.signing_keys', column: 'private_key_sealed', scope: `'platform'` }, idempotencyAnswersColumn('auth')],
};
