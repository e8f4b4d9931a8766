/**
 * The repository's Markdown files and the relative links among them that lead nowhere. External
 * links (http, https, mailto, any scheme) are not fetched; fragments are checked in Markdown files
 * only (GitHub's #L12 line anchors into other files are left alone).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { anchorsOf, linksOf } from './markdown';

/** Folders that hold no document of ours: installed, built, generated or scratch files. */
const NOT_OURS = new Set(['node_modules', 'dist', '.git', 'tmp', '.nx', '.suite', 'coverage', 'reports']);
const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** Every Markdown file under `root`, as a path relative to it, in a stable order. */
export function markdownFiles(root: string, folder = ''): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const relative = path.posix.join(folder, entry.name);
      if (entry.isDirectory()) return NOT_OURS.has(entry.name) ? [] : markdownFiles(root, relative);
      return entry.name.endsWith('.md') ? [relative] : [];
    });
}

/** One line per broken link of `file`: `<file>:<line>: (<link>) <why>`. */
export function brokenLinks(root: string, file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return linksOf(text).flatMap(({ target, line }) => {
    const why = EXTERNAL.test(target) ? undefined : whyBroken(root, file, target);
    return why ? [`${file}:${line}: (${target}) ${why}`] : [];
  });
}

/** Why a relative link of `file` leads nowhere, or undefined when it leads somewhere. */
function whyBroken(root: string, file: string, target: string): string | undefined {
  const [pathAndQuery, fragment] = target.split(/#(.*)/s);
  const linked = decode(pathAndQuery.split('?')[0]);
  const anchor = fragment === undefined ? undefined : decode(fragment);
  if (linked === undefined || (anchor === undefined && fragment !== undefined)) return 'is not a well-formed URL';
  // `#heading` alone is the file itself; `/path` starts at the repository's root, as on GitHub.
  const base = linked.startsWith('/') ? root : path.join(root, path.dirname(file));
  const resolved = linked === '' ? path.join(root, file) : path.join(base, linked);
  const relative = path.relative(root, resolved);
  if (relative.startsWith('..')) return 'leads outside the repository';
  if (!existsSync(resolved)) return `names ${relative}, which does not exist`;
  if (anchor === undefined || !resolved.endsWith('.md') || statSync(resolved).isDirectory()) return undefined;
  return anchorsOf(readFileSync(resolved, 'utf8')).has(anchor) ? undefined : `names no heading of ${relative}: no #${anchor}`;
}

/** The link's percent-decoded text, or undefined when it is malformed. */
function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
