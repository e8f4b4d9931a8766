/**
 * The deployment checks: compose, Dockerfile, the settings compose and k8s/ set, and the nginx
 * gateway. They need the built entry points (the test target builds them first) and nginx, but
 * neither PostgreSQL nor Redis, so the preset's provisioning global set-up is left out.
 */
const preset = require('../jest.preset.cjs');

const { globalSetup: _setup, globalTeardown: _teardown, ...base } = preset;

module.exports = {
  ...base,
  displayName: 'docker',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 60000,
};
