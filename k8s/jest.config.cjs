// Renders the overlays with kubectl and validates what comes out: no PostgreSQL or Redis, so
// the preset's global set-up that provisions them is left out.
const { globalSetup: _setup, globalTeardown: _teardown, ...preset } = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'k8s',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.test.ts'],
};
