import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Files (by absolute path) and, for each, the files among them it imports. */
export type ImportGraph = Map<string, string[]>;

/** Every `.ts` file under `dir`, skipping `node_modules` and build output. */
export function typeScriptFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : typeScriptFilesUnder(full);
    return entry.isFile() && entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The compiler options of a tsconfig file (its `paths` map the `@kyb/*` aliases to files). */
export function compilerOptionsOf(tsconfigPath: string): ts.CompilerOptions {
  const { config, error } = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(tsconfigPath)).options;
}

/**
 * Who imports whom among `files`: every `import` (type-only ones too), `export … from`, `require`
 * and `import()`, resolved as the compiler resolves it. Imports of packages, and of files outside
 * `files`, are left out.
 */
export function importGraph(files: string[], options: ts.CompilerOptions): ImportGraph {
  const known = new Set(files.map((file) => path.resolve(file)));
  const cache = ts.createModuleResolutionCache(process.cwd(), (name) => name, options);
  const graph: ImportGraph = new Map();
  for (const file of known) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.flatMap(({ fileName }) => {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys, cache).resolvedModule;
      const target = resolved && !resolved.isExternalLibraryImport ? path.resolve(resolved.resolvedFileName) : undefined;
      return target !== undefined && known.has(target) ? [target] : [];
    });
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The import circles of a graph: one per group of files that reach each other (Tarjan's strongly
 * connected components), given as a path round the circle that starts and ends at its first file;
 * a file that imports itself is a circle of one.
 */
export function findImportCircles(graph: ImportGraph): string[][] {
  const order = new Map<string, { index: number; lowLink: number }>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];

  function visit(file: string): { index: number; lowLink: number } {
    const own = { index: order.size, lowLink: order.size };
    order.set(file, own);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      const seen = order.get(next);
      if (seen === undefined) own.lowLink = Math.min(own.lowLink, visit(next).lowLink);
      else if (onStack.has(next)) own.lowLink = Math.min(own.lowLink, seen.index);
    }
    if (own.lowLink !== own.index) return own;
    const group = new Set<string>();
    for (let member = stack.pop(); member !== undefined; member = member === file ? undefined : stack.pop()) {
      onStack.delete(member);
      group.add(member);
    }
    if (group.size > 1 || (graph.get(file) ?? []).includes(file)) circles.push(pathRound(graph, group));
    return own;
  }

  for (const file of [...graph.keys()].sort()) if (!order.has(file)) visit(file);
  return circles.sort((one, other) => one[0].localeCompare(other[0]));
}

/** A shortest path from the group's first file back to it, through the group's files only. */
function pathRound(graph: ImportGraph, group: Set<string>): string[] {
  const start = [...group].sort()[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i += 1) {
    for (const next of graph.get(queue[i]) ?? []) {
      if (next === start) {
        const back = [queue[i]];
        for (let at = cameFrom.get(queue[i]); at !== undefined; at = cameFrom.get(at)) back.push(at);
        return [...back.reverse(), start];
      }
      if (group.has(next) && !cameFrom.has(next) && next !== start) {
        cameFrom.set(next, queue[i]);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
