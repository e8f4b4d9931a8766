import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

/**
 * Test files: tests, their support folders, the suite's journeys and checks, the gateway journey.
 * Only these (and the testing projects themselves) may import the testing projects (tag
 * `type:testing`: @kyb/testing, @kyb/area-testing) or a library's testing entry point
 * (`@kyb/<lib>/testing`: test keys, view stand-ins).
 */
const TEST_FILES = [
  '**/*.test.ts',
  '**/test-support/**/*.ts',
  'apps/suite/src/{erasure,faults,fuzz,graceful-stop,tenant-matrix,webhooks}/**/*.ts',
  'apps/gateway-e2e/**/*.ts',
];
const TESTING_PROJECTS = ['libs/testing/**/*.ts', 'libs/area-testing/**/*.ts', 'tools/bench/**/*.ts'];

/** Which projects a project's files may import, by tag; `allowTesting` in test files. */
function moduleBoundaries(allowTesting) {
  const extra = allowTesting ? ['type:testing'] : [];
  return [
    'error',
    {
      enforceBuildableLibDependency: false,
      allow: [],
      depConstraints: [
        { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib', ...extra] },
        { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib', ...extra] },
        { sourceTag: 'type:suite', onlyDependOnLibsWithTags: ['type:lib', ...extra] },
        { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:lib', 'type:testing'] },
      ],
    },
  ];
}

export default [
  { ignores: ['**/dist', '**/node_modules', '**/coverage', '.nx/**', '.suite/**', '**/*.cjs', '**/*.mjs'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': moduleBoundaries(false),
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@kyb/*/testing'], message: 'Testing entry points are for test files only.' }] },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: [...TEST_FILES, ...TESTING_PROJECTS],
    rules: { '@nx/enforce-module-boundaries': moduleBoundaries(true), 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/test-support/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
];
