/**
 * Operator pages served by the areas: the BullMQ queue dashboard for platform admins, the
 * Swagger UI reference of each area's OpenAPI document, and the gateway's index of the areas.
 * @packageDocumentation
 */
export { createQueueDashboard } from './queue-dashboard';
export type { QueueDashboard, QueueDashboardOptions } from './queue-dashboard';
export { InvalidAdminCredentialsError, requireAdmin } from './admin-guard';
export type { AdminGuardOptions, VerifyAdminPassword } from './admin-guard';
export { createApiReferenceRouter } from './api-reference';
export type { ApiReferenceOptions } from './api-reference';
export { renderAreaIndexPage } from './area-index-page';
export type { AreaLink } from './area-index-page';
export { API_REFERENCE_DIRECTIVES, dashboardDirectives, serializeCsp } from './content-security-policy';
export type { CspDirectives } from './content-security-policy';
