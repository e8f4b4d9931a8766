import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hashSource } from './content-security-policy';

/**
 * A `<style>` element with fixed text in a compiled React bundle: `jsx("style", {children: `...`})`
 * or with a double-quoted string. Literals with `${` or escapes are left alone (their text is not
 * the source text; such a style stays blocked and the browser check says so).
 */
const STYLE_ELEMENT = /\.jsxs?\)\("style",\{children:(?:`([^`$\\]*)`|"([^"\\]*)")\}/g;

/**
 * CSP hash sources of the `<style>` elements that bull-board's UI renders with fixed text (today
 * the Redis logo's SVG, whose `<style>` colours its paths), read from the UI's own scripts in
 * `staticsPath` (`js/` and `js/async/`). React inserts these elements, so they carry no nonce; a
 * hash of exactly their text allows them and no other inline style. Read from the installed UI,
 * so an upgrade brings its own blocks' hashes.
 */
export function bundledInlineStyleHashes(staticsPath: string): string[] {
  const hashes = new Set<string>();
  for (const file of scriptsIn(path.join(staticsPath, 'js'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(STYLE_ELEMENT)) hashes.add(hashSource(match[1] ?? match[2]));
  }
  return [...hashes].sort();
}

function scriptsIn(directory: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(directory, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries.filter((name) => name.endsWith('.js')).map((name) => path.join(directory, name));
}
