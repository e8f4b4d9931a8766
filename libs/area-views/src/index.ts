/**
 * What an area may read of another: readers of the views each area publishes (ADR 0004), one folder
 * per owning area (auth: customers and invitation acceptances; case: businesses, invitations,
 * sealed TINs, contested case decisions and the business access check; integration: public records, BJL, financials,
 * verification, classification, enrichment tasks, sanctions hits and MATCH screenings; score: scores). Test stand-ins of these
 * views are in the `@kyb/area-views/testing` entry point.
 * @packageDocumentation
 */
export { createCustomerDirectory, CUSTOMER_DIRECTORY_VIEW } from './auth/customer-directory';
export type { CustomerDirectory, CustomerEntry } from './auth/customer-directory';
export { CustomerNotFoundError } from './auth/customer.errors';
export { createReviewerDirectory, REVIEWER_DIRECTORY_VIEW } from './auth/reviewer-directory';
export type { ReviewerDirectory } from './auth/reviewer-directory';
export { createInvitationDirectory, INVITATION_DIRECTORY_VIEW } from './case/invitation-directory';
export type { InvitationDirectory, InvitationEntry } from './case/invitation-directory';
export { createInvitationAcceptances, INVITATION_ACCEPTANCES_VIEW } from './auth/invitation-acceptances';
export type { InvitationAcceptances } from './auth/invitation-acceptances';
export {
  BUSINESS_DIRECTORY_VIEW,
  BUSINESS_OWNER_DIRECTORY_VIEW,
  createBusinessDirectory,
} from './case/business-directory';
export type { BusinessDirectory, BusinessEntry, BusinessOwnerEntry } from './case/business-directory';
export { CASE_DECISION_DIRECTORY_VIEW, CASE_TRANSITION_DIRECTORY_VIEW, createCaseDecisionDirectory, toAwaitingConfirmation, toCaseOutcome } from './case/case-decision-directory';
export type { AwaitingConfirmationEntry, CaseDecisionDirectory, CaseDecisionEntry, CaseFactEntry, CaseOutcomeEntry, CaseTransitionEntry } from './case/case-decision-directory';
export { BUSINESS_NAME_DIRECTORY_VIEW, createWatchlistSubjectsDirectory } from './case/watchlist-subjects-directory';
export { CONTESTED_WITH, createDecisionContestDirectory, DECISION_CONTEST_DIRECTORY_VIEW } from './case/decision-contest-directory';
export type { DecisionContestDirectory, DecisionContestEntry } from './case/decision-contest-directory';
export type { WatchlistSubjectsDirectory, WatchlistSubjectsEntry } from './case/watchlist-subjects-directory';
export {
  BJL_RECORD_DIRECTORY_VIEW,
  createIntegrationDirectory,
  FINANCIAL_PROFILE_DIRECTORY_VIEW,
  PUBLIC_RECORDS_DIRECTORY_VIEW,
} from './integration/integration-directory';
export type {
  BjlEntry,
  CreditBureauReport,
  FinancialProfileEntry,
  FinancialStatement,
  IntegrationDirectory,
  PublicRecordsEntry,
  PublicRecordsSummaryView,
} from './integration/integration-directory';
export { BusinessNotFoundError, findAccessibleBusiness } from './case/business-access';
export { createScoreDirectory, SCORE_DIRECTORY_VIEW, SCORE_RISK_LEVELS } from './score/score-directory';
export type { ScoreCategoryView, ScoreDirectory, ScoreEntry, ScoreReasonView } from './score/score-directory';
export { FACTOR_VALUE_KINDS, factorValueKind, WEIGHTAGE_FACTOR_DIRECTORY_VIEW } from './score/factor-units';
export type { FactorUnit, FactorValueKind } from './score/factor-units';
export { ALERT_DIRECTORY_VIEW, CONTESTED_DECISION_ALERT_RULE, createAlertDirectory } from './score/alert-directory';
export type { AlertDirectory, AlertEntry } from './score/alert-directory';
export { summariseBjl } from './integration/bjl-summary';
export type { BjlKindSummary } from './integration/bjl-summary';
export { ENRICHMENT_TASK_DIRECTORY_COLUMNS, ENRICHMENT_TASK_DIRECTORY_VIEW } from './integration/enrichment-task-directory';
export {
  CLASSIFICATION_DIRECTORY_VIEW,
  createVerificationDirectory,
  VERIFICATION_CHECK_CODES,
  VERIFICATION_DIRECTORY_VIEW,
} from './integration/verification-directory';
export type {
  ClassificationEntry,
  VerificationCheck,
  VerificationCheckCode,
  VerificationCheckResult,
  VerificationDirectory,
  VerificationEntry,
} from './integration/verification-directory';
export { createTinDirectory, TIN_DIRECTORY_VIEW } from './case/tin-directory';
export { createWatchlistHitDirectory, WATCHLIST_HIT_DIRECTORY_VIEW } from './integration/watchlist-hit-directory';
export { createMatchScreeningDirectory, MATCH_RESULTS, MATCH_SCREENING_DIRECTORY_VIEW } from './integration/match-screening-directory';
export type {
  MatchedMerchantEntry,
  MatchFieldComparison,
  MatchResultWord,
  MatchScreeningDirectory,
  MatchScreeningEntry,
  MatchScreeningFact,
} from './integration/match-screening-directory';
export type { WatchlistHitDirectory, WatchlistHitEntry } from './integration/watchlist-hit-directory';
export {
  createMonitoringSettingsDirectory,
  DEFAULT_MONITORING_SETTINGS,
  MONITORING_FREQUENCIES,
  MONITORING_SETTINGS_DIRECTORY_VIEW,
} from './case/monitoring-settings-directory';
export type { MonitoringFrequency, MonitoringSettings, MonitoringSettingsDirectory } from './case/monitoring-settings-directory';
export type { TinDirectory } from './case/tin-directory';
export { assertBusinessAccess, businessScopedRead, SCOPED_BUSINESS_ID } from './case/business-scoped-read';
export type { BusinessScope, ScopedRows } from './case/business-scoped-read';
export { createEventFeeds, EVENT_SOURCES, FEED_START } from './events/event-feeds';
export { readFeedAtCursor } from './events/feed-cursor';
export type { EventFeeds, EventSource, FeedEvent, FeedPosition } from './events/event-feeds';
export { actOfRow, canonicalForm, chainOf, contentHash, entryHash, GENESIS_HASH } from './auth/audit-chain';
export type { AuditActRow, EntryContent } from './auth/audit-chain';
export { APPEND_AUDIT_CALL, appendAudit, appendAuditBindings, appendAudits, relayAudit } from './auth/audit-log';
export type { RelayOptions } from './auth/audit-log';
export { createDataKeys, DATA_KEY_DIRECTORY_VIEW, DataKeyDestroyedError, dataKeyScope } from './auth/data-keys';
export type { DataKeys } from './auth/data-keys';
export { idempotencyAnswerSeal } from './auth/answer-seal';
export { ERASED_VALUE, rotateDataKeys } from './auth/rotate-data-keys';
export type { RotationOutcome } from './auth/rotate-data-keys';
export { CUSTOMER_ERASED_MESSAGE, CustomerErasedError } from './erasure/customer-erased.error';
export { createErasedCustomers, noteCustomerErased } from './erasure/erased-customers';
export type { ErasedCustomers } from './erasure/erased-customers';
export { erasedCount, eraseLateWrites, LATE_WRITES_WINDOW_MS, runErasureFunctions } from './erasure/erasure-functions';
export type { ErasureFunction } from './erasure/erasure-functions';
export { businessParam, customerParam, ERASED_TENANT_RESPONSE, rowTenant, tenantGoneGate, withErasedTenantAnswer } from './erasure/tenant-gone-gate';
export type { DocumentedRoute, TenantOfId, TenantResolver } from './erasure/tenant-gone-gate';
