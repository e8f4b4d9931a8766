import { spawnSync } from 'node:child_process';
import path from 'node:path';

const workspaceRoot = path.resolve(__dirname, '../../..');

/** Imports of each kind of test-only code. */
const TEST_ONLY_IMPORTS = [
  "import { createTestKeys } from '@kyb/auth/testing';",
  "import { createBusinessDirectoryStandIn } from '@kyb/area-views/testing';",
  "import { eventually } from '@kyb/testing';",
];

/**
 * The lint messages for a file at `relativePath` whose text imports `importLine`, from the ESLint
 * command itself (the workspace's config is an ES module, which Jest's module loader cannot import).
 */
function lintImport(relativePath: string, importLine: string): string[] {
  const text = `${importLine}\nexport const used = [${importLine.match(/\{ (\w+) \}/)?.[1]}];\n`;
  const eslint = path.join(workspaceRoot, 'node_modules/.bin/eslint');
  const run = spawnSync(eslint, ['--stdin', '--stdin-filename', relativePath, '--format', 'json'], { cwd: workspaceRoot, input: text, encoding: 'utf8' });
  const [result] = JSON.parse(run.stdout) as Array<{ messages: Array<{ ruleId: string; message: string }> }>;
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('test-only code', () => {
  it.each(TEST_ONLY_IMPORTS)('is refused in production code: %s', (importLine) => {
    for (const file of ['apps/score/src/scores/probe.ts', 'libs/http/src/probe.ts', 'apps/suite/src/probe.ts']) {
      const messages = lintImport(file, importLine);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(/^(no-restricted-imports: .*test files only|@nx\/enforce-module-boundaries: .*can only depend on libs tagged with "type:lib")/);
    }
  }, 60_000);

  it.each(TEST_ONLY_IMPORTS)('is allowed in tests and their support files: %s', (importLine) => {
    for (const file of ['apps/score/src/scores/probe.int.test.ts', 'apps/case/src/test-support/probe.ts', 'apps/suite/src/fuzz/probe.ts']) {
      expect(lintImport(file, importLine)).toEqual([]);
    }
  }, 60_000);
});
