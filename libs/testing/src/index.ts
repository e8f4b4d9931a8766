/**
 * Test infrastructure: a database per test file cloned from a migrated template, a Redis key
 * prefix per file, and (re-exported from the auth library) signed tokens for any caller.
 * @packageDocumentation
 */
export { createTestDatabase } from './database';
export type { TestDatabase } from './database';
export { createTestRedis } from './redis';
export type { TestRedis } from './redis';
export { createTestKeys, TEST_AUDIENCE, TEST_ISSUER } from '@kyb/auth/testing';
export type { TestKeys } from '@kyb/auth/testing';
export { expectSameShape } from './same-shape';
export type { ShapeAllowances } from './same-shape';
export { bundleScript, databaseUrlOf } from './child-process';
export type { BundledScript } from './child-process';
export { eventually } from './eventually';
export { metricSamples } from './metric-samples';
export { firstQueryOf, queryPlanOf } from './query-plan';
export { createProcessGroup, freePort } from './processes';
export type { ProcessGroup, StartedProcess } from './processes';
export { createTestDatabaseRole } from './database-role';
export type { TestDatabaseRole } from './database-role';
export { disableReaperWhenAbsent, startOrRemove, startPostgresContainer, startRedisContainer } from './service-containers';
export type { ServiceContainerOptions, StartedServiceContainer } from './service-containers';
export { operationGaps, operationsOf, type ExpectedOperation, type ExpectedParameter, type OpenApiDocumentLike } from './openapi-operations';
export { anAuditAct } from './audit-acts';
export { extractPdfText, repoRoot } from './pdf-text';
export type { PdfText } from './pdf-text';
export { circlesInOrder, describeFeatureDirection, expressOutsideEdge, featureFolders, importsAgainstOrder } from './feature-direction';
export type { FeatureOrder } from './feature-direction';
export { createCall, dataOf } from './suite-journey/suite-http';
export type { Answer, Call, CallOptions, Envelope } from './suite-journey/suite-http';
export { createOwnerTenants, startJourneySuite } from './suite-journey/journey-suite';
export type { OwnerTenantOptions, Tenant } from './suite-journey/journey-suite';
