/**
 * What every area's test app is built on: a database and Redis prefix of the test file's own,
 * producer and worker connections, test keys, a silent logger and a movable clock.
 * @packageDocumentation
 */
export { startAreaHarness } from './area-harness';
export type { AreaHarness, TestClock } from './area-harness';
