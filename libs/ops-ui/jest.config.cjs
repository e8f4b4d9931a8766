const path = require('node:path');
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'lib-ops-ui',
  rootDir: __dirname,
};
