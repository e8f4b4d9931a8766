const path = require('node:path');
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'lib-mail',
  rootDir: __dirname,
};
