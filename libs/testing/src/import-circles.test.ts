import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compilerOptionsOf, findImportCircles, importGraph, typeScriptFilesUnder } from './import-circles';

const workspaceRoot = path.resolve(__dirname, '../../..');
const workspaceOptions = compilerOptionsOf(path.join(workspaceRoot, 'tsconfig.base.json'));

/** The circles among files written to a fresh folder, named relative to it. */
function circlesAmong(files: Record<string, string>): string[][] {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-circles-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    const graph = importGraph(typeScriptFilesUnder(dir), workspaceOptions);
    return findImportCircles(graph).map((circle) => circle.map((file) => path.relative(dir, file)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('findImportCircles', () => {
  it('finds no circle where imports run one way, whatever packages they use', () => {
    expect(
      circlesAmong({
        'a.ts': "import { b } from './b';\nimport { c } from './lib';\nimport express from 'express';\n",
        'b.ts': "export { c as b } from './lib';\n",
        'lib/index.ts': "export const c = require('./c');\n",
        'lib/c.ts': 'export const c = 1;\n',
      }),
    ).toEqual([]);
  });

  it('finds a circle closed by a type-only import, a re-export, a require or an import()', () => {
    expect(circlesAmong({ 'a.ts': "import type { B } from './b';\n", 'b.ts': "export { a } from './a';\n" })).toEqual([['a.ts', 'b.ts', 'a.ts']]);
    expect(circlesAmong({ 'a.ts': "const b = require('./b');\n", 'b.ts': "void import('./a');\n" })).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });

  it('gives each circle once, as a path round it, through a folder index too, and a file that imports itself', () => {
    expect(
      circlesAmong({
        'a.ts': "import { b } from './b';\n",
        'b.ts': "import { c } from './c';\nimport { x } from './x';\n",
        'c.ts': "import { a } from './a';\n",
        'x/index.ts': "import { y } from '../y';\n",
        'y.ts': "import { x } from './x';\n",
        'z.ts': "import { z } from './z';\n",
      }),
    ).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts'], ['x/index.ts', 'y.ts', 'x/index.ts'], ['z.ts', 'z.ts']]);
  });
});

describe('the workspace', () => {
  it('has no import circle in apps/ or libs/ (a module reached again while it is still loading sees undefined exports)', () => {
    const sources = ['apps', 'libs'].flatMap((top) =>
      readdirSync(path.join(workspaceRoot, top), { withFileTypes: true })
        .filter((project) => project.isDirectory())
        .flatMap((project) => typeScriptFilesUnder(path.join(workspaceRoot, top, project.name))),
    );
    expect(sources.length).toBeGreaterThan(100);
    const circles = findImportCircles(importGraph(sources, workspaceOptions));
    expect(circles.map((circle) => circle.map((file) => path.relative(workspaceRoot, file)).join(' -> '))).toEqual([]);
  });
});
