/**
 * Stand-ins of the areas' published views, for tests only: tables with each view's contract (name
 * and columns), so an area's tests run without the owning area's migrations. The owning area's own
 * tests check that its real views have these shapes. Production code cannot import this entry
 * point (the lint rules allow testing entry points in test files only).
 * @packageDocumentation
 */
export { createAuditLogStandIn, createCustomerDirectoryStandIn, createDataKeyStandIn, createInvitationAcceptancesStandIn, createReviewerDirectoryStandIn } from './auth.stand-ins';
export { createBusinessDirectoryStandIn, createInvitationDirectoryStandIn, createMonitoringSettingsStandIn, createTinDirectoryStandIn } from './case.stand-ins';
export type { StandInBusiness } from './case.stand-ins';
export { createCaseDecisionDirectoryStandIn } from './case-decision.stand-ins';
export type { StandInCase, StandInCaseMove } from './case-decision.stand-ins';
export { createEnrichmentTaskDirectoryStandIn, createIntegrationDirectoryStandIn, createMatchScreeningDirectoryStandIn, createVerificationDirectoryStandIn, createWatchlistHitDirectoryStandIn } from './integration.stand-ins';
export type { StandInWatchlistHit } from './integration.stand-ins';
export { createScoreDirectoryStandIn } from './score.stand-ins';
export { createEventFeedStandIns } from './events.stand-ins';
export { createDecisionContestDirectoryStandIn } from './decision-contests.stand-ins';
export type { StandInDecisionContest } from './decision-contests.stand-ins';
