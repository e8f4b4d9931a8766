const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'bench',
  rootDir: __dirname,
  testMatch: ['<rootDir>/*.test.ts', '<rootDir>/seed-scale/*.test.ts'],
};
