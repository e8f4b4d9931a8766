import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { circlesInOrder, expressOutsideEdge, featureFolders, importsAgainstOrder } from './feature-direction';

/** An area's source written to a fresh folder; removed after `check` ran. */
function withArea<T>(files: Record<string, string>, check: (srcDir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'feature-direction-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    return check(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const area = {
  'area.ts': "import { a } from './upper/a';\nimport express from 'express';\n",
  'config.ts': 'export const c = 1;\n',
  'upper/a.ts': "import { b } from '../lower/b';\nimport { c } from '../config';\nexport const a = b + c;\n",
  'upper/a.router.ts': "import type { Request } from 'express';\nimport { a } from './a';\n",
  'lower/b.ts': 'export const b = 1;\n',
  'lower/b.test.ts': "import { a } from '../upper/a';\nimport { t } from '../test-support/t';\n",
  'test-support/t.ts': "import { a } from '../upper/a';\nexport const t = a;\n",
  'migrations/index.ts': 'export const m = [];\n',
};
const order = { upper: ['lower'], lower: [] };

describe('feature direction', () => {
  it('finds nothing in an area whose production files follow its order (tests and test-support may reach anywhere)', () => {
    withArea(area, (dir) => {
      expect(importsAgainstOrder(dir, order)).toEqual([]);
      expect(expressOutsideEdge(dir)).toEqual([]);
      expect(featureFolders(dir)).toEqual(['lower', 'upper']);
    });
  });

  it('names each import against the order, of the wiring or of test-support, however it is written', () => {
    const wrong = {
      ...area,
      'lower/b.ts': "export { a } from '../upper/a';\n",
      'lower/deep/c.ts': "import type { A } from '../../upper/a';\nconst w = require('../../area');\n",
      'upper/d.ts': "import { t } from '../test-support/t';\n",
    };
    withArea(wrong, (dir) =>
      expect(importsAgainstOrder(dir, order).sort()).toEqual([
        path.join('lower', 'b.ts') + ' imports ' + path.join('upper', 'a.ts'),
        path.join('lower', 'deep', 'c.ts') + ' imports area.ts',
        path.join('lower', 'deep', 'c.ts') + ' imports ' + path.join('upper', 'a.ts'),
        path.join('upper', 'd.ts') + ' imports ' + path.join('test-support', 't.ts'),
      ]),
    );
  });

  it('finds Express in a service, but not in a router or the wiring', () => {
    withArea({ ...area, 'lower/b.service.ts': "import type { Request } from 'express';\n" }, (dir) =>
      expect(expressOutsideEdge(dir)).toEqual([path.join('lower', 'b.service.ts')]),
    );
  });

  it('finds circles in an order itself', () => {
    expect(circlesInOrder({ a: ['b'], b: ['c'], c: ['a'], d: [] })).toEqual([['a', 'b', 'c', 'a']]);
    expect(circlesInOrder(order)).toEqual([]);
  });
});
