const path = require('node:path');
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'lib-telemetry',
  rootDir: __dirname,
};
