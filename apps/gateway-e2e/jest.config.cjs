const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'gateway-e2e',
  rootDir: __dirname,
  // Ten processes and nginx start before the journey; each step waits on workers.
  testTimeout: 180000,
};
