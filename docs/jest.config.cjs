// Checks the repository's Markdown: reads files only, no PostgreSQL or Redis, so the preset's
// global set-up that provisions them is left out.
const { globalSetup: _setup, globalTeardown: _teardown, ...preset } = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'docs',
  rootDir: __dirname,
  testMatch: ['<rootDir>/links/**/*.test.ts'],
};
