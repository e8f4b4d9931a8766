import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compilerOptionsOf, findImportCircles, importGraph, typeScriptFilesUnder, type ImportGraph } from './import-circles';

/** Each feature folder of an area, and the features it may import: the area's order, one way. */
export type FeatureOrder = Readonly<Record<string, readonly string[]>>;

/** Folders of an area that are not features: its migrations and what only tests use. */
const NOT_FEATURES = ['migrations', 'test-support'];
/** The area's own wiring at its root: features are wired by it and never import it. */
const WIRING = ['area.ts', 'area-module.ts', 'main.ts', 'worker.ts'];
/** Where HTTP may be met: the routers and the wiring. */
const HTTP_EDGE = /\.router\.ts$|^(area|area-module|main)\.ts$/;

const isTest = (file: string) => /\.test\.ts$|\.child\.ts$/.test(file) || file.split(path.sep).some((part) => part === 'test-support' || part === '__fixtures__');
const workspaceRoot = path.resolve(__dirname, '../../..');

/** An area's production files and who imports whom among its files. */
export function areaImports(srcDir: string): { files: string[]; graph: ImportGraph } {
  const all = typeScriptFilesUnder(srcDir);
  const graph = importGraph(all, compilerOptionsOf(path.join(workspaceRoot, 'tsconfig.base.json')));
  return { files: all.filter((file) => !isTest(path.relative(srcDir, file))), graph };
}

/** The top folder of `file` under `srcDir` (its feature), or the file's name where it sits at the root. */
function placeOf(srcDir: string, file: string): { folder?: string; name: string } {
  const [first, ...rest] = path.relative(srcDir, file).split(path.sep);
  return rest.length > 0 ? { folder: first, name: rest.join('/') } : { name: first };
}

/**
 * Imports against the order, one line each: a feature's file importing a feature it may not use,
 * the area's wiring, or anything of `test-support/`.
 */
export function importsAgainstOrder(srcDir: string, order: FeatureOrder): string[] {
  const { files, graph } = areaImports(srcDir);
  return files.flatMap((file) => {
    const from = placeOf(srcDir, file).folder;
    if (from === undefined || NOT_FEATURES.includes(from)) return [];
    return (graph.get(file) ?? []).flatMap((target) => {
      const to = placeOf(srcDir, target);
      const wrong =
        to.folder === undefined
          ? WIRING.includes(to.name)
          : to.folder === 'test-support' || (to.folder !== from && !(order[from] ?? []).includes(to.folder));
      return wrong ? [`${path.relative(srcDir, file)} imports ${path.relative(srcDir, target)}`] : [];
    });
  });
}

/** The area's feature folders: every folder at its root but migrations and test-support. */
export function featureFolders(srcDir: string): string[] {
  return readdirSync(srcDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_FEATURES.includes(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** Circles in the order itself (features allowed to use each other, directly or round a ring). */
export function circlesInOrder(order: FeatureOrder): string[][] {
  const graph: ImportGraph = new Map(Object.entries(order).map(([feature, uses]) => [feature, [...uses]]));
  return findImportCircles(graph);
}

/** Production files outside the HTTP edge that import Express: services must take a plain Actor. */
export function expressOutsideEdge(srcDir: string): string[] {
  return areaImports(srcDir)
    .files.filter((file) => !HTTP_EDGE.test(path.basename(file)))
    .filter((file) => /from 'express'|require\('express'\)/.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(srcDir, file));
}

/**
 * The direction tests of an area: its features named, its order free of circles, no import
 * against it, and Express only at its HTTP edge.
 */
export function describeFeatureDirection(area: string, srcDir: string, order: FeatureOrder): void {
  describe(`the ${area} area's features depend one way`, () => {
    it('names every feature folder of the area in its order', () => {
      expect(featureFolders(srcDir)).toEqual(Object.keys(order).sort());
    });

    it('has an order without circles, naming only its own features', () => {
      expect(circlesInOrder(order)).toEqual([]);
      const unknown = Object.values(order).flat().filter((feature) => !(feature in order));
      expect(unknown).toEqual([]);
    });

    it('has no production file importing against the order, the wiring or test-support', () => {
      expect(importsAgainstOrder(srcDir, order)).toEqual([]);
    });

    it('imports Express only in its routers and wiring', () => {
      expect(expressOutsideEdge(srcDir)).toEqual([]);
    });
  });
}
