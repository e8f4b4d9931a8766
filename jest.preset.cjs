/**
 * Shared Jest settings. Each project's jest.config.cjs spreads this and adds its own
 * displayName and, for integration tests, the global set-up that provisions Postgres and Redis.
 */
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias}$`,
    path.join(__dirname, target),
  ]),
);

module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transform: {
    // Type checking is the typecheck target's job; tests are transpiled only.
    '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.base.json') }],
  },
  moduleNameMapper,
  globalSetup: path.join(__dirname, 'libs/testing/src/global-setup.ts'),
  globalTeardown: path.join(__dirname, 'libs/testing/src/global-teardown.ts'),
  maxWorkers: 2,
  testTimeout: 30000,
};
