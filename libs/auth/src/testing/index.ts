/**
 * Signing material for tests of any area: an ES256 key pair, its JWKS and a token factory. Test
 * files only: the module-boundary rule keeps production code from importing a testing entry point.
 * @packageDocumentation
 */
export { createTestKeys, TEST_AUDIENCE, TEST_ISSUER } from './test-keys';
export type { TestKeys } from './test-keys';
export { testActor, testCaller } from './test-callers';
