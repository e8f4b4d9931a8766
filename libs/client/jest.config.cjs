const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'client',
  rootDir: __dirname,
  // The client's tests talk to an in-process fake of the suite: no PostgreSQL or Redis to provision.
  globalSetup: undefined,
  globalTeardown: undefined,
};
