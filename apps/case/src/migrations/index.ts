import { auditOutboxMigration, auditOutboxRelayOrderMigration, idempotencyAnswersColumn, outboxMigration, type AreaMigrations } from '@kyb/db';
import { idempotencyKeysMigration } from '@kyb/http';
import { businesses } from './20261122_0001_businesses';
import { onboardingRuns } from './20261122_0002_onboarding_runs';
import { asyncRuns } from './20261122_0003_async_runs';
import { invitations } from './20261122_0004_invitations';
import { mailOutbox } from './20261122_0005_mail_outbox';
import { invitationDirectory } from './20261122_0006_invitation_directory';
import { businessDirectory } from './20261122_0007_business_directory';
import { recovery } from './20261123_0009_recovery';
import { industries } from './20261123_0010_industries';
import { ownerErasure } from './20261126_0014_owner_erasure';
import { monitoringSettings } from './20261127_0015_monitoring_settings';
import { presentedParts } from './20261127_0017_presented_parts';
import { ownerTitleApart } from './20261127_0018_owner_title_apart';
import { businessesCreatedWhole } from './20261127_0019_businesses_created_whole';
import { businessListsPresented } from './20261128_0020_business_lists_presented';
import { onboardingUsageWithin } from './20261128_0021_onboarding_usage_within';
import { erasureFunctions } from './20261202_0022_erasure_functions';
import { watchlistSubjects } from './20261206_0023_watchlist_subjects';
import { casePolicies } from './20261207_0024_case_policies';
import { caseDecisions } from './20261207_0025_case_decisions';
import { caseReviews } from './20261207_0026_case_reviews';
import { caseDecisionDirectory } from './20261208_0027_case_decision_directory';
import { caseDecisionContests } from './20261208_0028_case_decision_contests';
import { caseReviewWork } from './20261208_0029_case_review_work';
import { awaitingConfirmationPublished } from './20261209_0030_awaiting_confirmation_published';
import { tracesCarried } from './20261210_0031_traces_carried';
import { businessListIndexes } from './20261210_0032_business_list_indexes';
import { businessCounts } from './20261210_0033_business_counts';

/** The case area's schema and migrations, in order. */
export const caseMigrations: AreaMigrations = {
  schema: 'cases',
  sourceDir: __dirname,
  migrations: [businesses, onboardingRuns, asyncRuns, invitations, mailOutbox, invitationDirectory, businessDirectory, recovery, industries, idempotencyKeysMigration('cases', '20261125_0011_idempotency_keys'), outboxMigration('cases', '20261126_0012_outbox'), auditOutboxMigration('cases', '20261126_0013_audit_outbox'), ownerErasure, monitoringSettings, auditOutboxRelayOrderMigration('cases', '20261127_0016_audit_outbox_relay_order'), presentedParts, ownerTitleApart, businessesCreatedWhole, businessListsPresented, onboardingUsageWithin, erasureFunctions, watchlistSubjects, casePolicies, caseDecisions, caseReviews, caseDecisionDirectory, caseDecisionContests, caseReviewWork, awaitingConfirmationPublished, tracesCarried, businessListIndexes, businessCounts],
  sealedColumns: [
    { table: 'cases.businesses', column: 'tin_sealed', scope: `'customer:' || t.customer_id`, lookup: 'tin_lookup' },
    { table: 'cases.owners', column: 'ssn_sealed', scope: `(select 'customer:' || b.customer_id from cases.businesses b where b.id = t.business_id)` },
    { table: 'cases.onboarding_runs', column: 'rows_sealed', scope: `'customer:' || t.customer_id` },
    idempotencyAnswersColumn('cases'),
  ],
};
