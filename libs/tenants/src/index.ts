/**
 * What areas other than auth may read of customers (tenants): the auth area's directory view.
 * @packageDocumentation
 */
export { createCustomerDirectory, CUSTOMER_DIRECTORY_VIEW } from './customer-directory';
export type { CustomerDirectory, CustomerEntry } from './customer-directory';
export { CustomerNotFoundError } from './customer.errors';
export { createCustomerDirectoryStandIn } from './directory-stand-in';
export { createInvitationDirectory, createInvitationDirectoryStandIn, INVITATION_DIRECTORY_VIEW } from './invitation-directory';
export type { InvitationDirectory, InvitationEntry } from './invitation-directory';
export { createInvitationAcceptances, createInvitationAcceptancesStandIn, INVITATION_ACCEPTANCES_VIEW } from './invitation-acceptances';
export type { InvitationAcceptances } from './invitation-acceptances';
export {
  BUSINESS_DIRECTORY_VIEW,
  BUSINESS_OWNER_DIRECTORY_VIEW,
  createBusinessDirectory,
  createBusinessDirectoryStandIn,
} from './business-directory';
export type { BusinessDirectory, BusinessEntry, BusinessOwnerEntry, StandInBusiness } from './business-directory';
export {
  BJL_RECORD_DIRECTORY_VIEW,
  createIntegrationDirectory,
  createIntegrationDirectoryStandIn,
  FINANCIAL_PROFILE_DIRECTORY_VIEW,
  PUBLIC_RECORDS_DIRECTORY_VIEW,
} from './integration-directory';
export type {
  BjlEntry,
  CreditBureauReport,
  FinancialProfileEntry,
  FinancialStatement,
  IntegrationDirectory,
  PublicRecordsEntry,
  PublicRecordsSummaryView,
} from './integration-directory';
export { BusinessNotFoundError, findAccessibleBusiness } from './business-access';
export { createScoreDirectory, createScoreDirectoryStandIn, SCORE_DIRECTORY_VIEW } from './score-directory';
export type { ScoreCategoryView, ScoreDirectory, ScoreEntry } from './score-directory';
export { summariseBjl } from './bjl-summary';
export type { BjlKindSummary } from './bjl-summary';
export { createEnrichmentTaskDirectoryStandIn, ENRICHMENT_TASK_DIRECTORY_COLUMNS, ENRICHMENT_TASK_DIRECTORY_VIEW } from './enrichment-task-directory';
export {
  CLASSIFICATION_DIRECTORY_VIEW,
  createVerificationDirectory,
  createVerificationDirectoryStandIn,
  VERIFICATION_CHECK_CODES,
  VERIFICATION_DIRECTORY_VIEW,
} from './verification-directory';
export type {
  ClassificationEntry,
  VerificationCheck,
  VerificationCheckCode,
  VerificationCheckResult,
  VerificationDirectory,
  VerificationEntry,
} from './verification-directory';
export { createTinDirectory, createTinDirectoryStandIn, TIN_DIRECTORY_VIEW } from './tin-directory';
export type { TinDirectory } from './tin-directory';
