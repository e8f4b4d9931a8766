const path = require('node:path');
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'lib-area-views',
  rootDir: __dirname,
};
