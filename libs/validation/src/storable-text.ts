/**
 * Text PostgreSQL cannot store: a NUL character (refused in `text`, and as `\u0000` in `jsonb`)
 * and a lone UTF-16 surrogate (no UTF-8 form: node-postgres would silently turn it into U+FFFD in
 * `text`, and `jsonb` refuses its `\ud800` escape).
 */
const NUL = '\u0000';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** What is wrong with a string, or null when it can be stored. */
function problemOf(text: string): string | null {
  if (text.includes(NUL)) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'must not contain unpaired UTF-16 surrogates';
  return null;
}

/** Line and column (1-based) of the first unstorable character of a multi-line text, e.g. a CSV body. */
function positionOf(text: string): string {
  const at = [text.indexOf(NUL), text.search(LONE_SURROGATE)].filter((i) => i >= 0).reduce((a, b) => Math.min(a, b));
  const before = text.slice(0, at).split(/\r\n|\r|\n/);
  return `line ${before.length} column ${before[before.length - 1].length + 1}`;
}

/** Whether any string in `value` (keys included, at any depth) could not be stored: the walk of every request, without naming places. */
function holdsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (problemOf(current)) return true;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    for (const key of Object.keys(current)) {
      if (problemOf(key)) return true;
      pending.push((current as Record<string, unknown>)[key]);
    }
  }
  return false;
}

/**
 * The first string in `value` (keys included, at any depth) that PostgreSQL could not store, as a
 * client-facing message naming where it is: `body.2.name must not contain NUL characters`,
 * `query.search keys must not contain ...`, or for a text body (CSV) `body line 3 column 7 ...`.
 * Null when everything can be stored. The walk uses its own stack, so no nesting depth escapes it.
 */
export function unstorableTextIn(value: unknown, part: string): string | null {
  // Nearly every request holds none: only then is the walk repeated to say where.
  if (!holdsUnstorableText(value)) return null;
  const pending: Array<[unknown, string]> = [[value, part]];
  while (pending.length > 0) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      const problem = problemOf(current);
      if (problem) return path === part ? `${path} ${positionOf(current)} ${problem}` : `${path} ${problem}`;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const entries = Object.entries(current);
    for (const [key] of entries) {
      const problem = problemOf(key);
      if (problem) return `${path} keys ${problem}`;
    }
    for (let i = entries.length - 1; i >= 0; i -= 1) pending.push([entries[i][1], `${path}.${entries[i][0]}`]);
  }
  return null;
}

/** How deep {@link toStorableText} copies; deeper values are replaced by {@link TOO_DEEP}. */
export const STORABLE_DEPTH = 32;
/** What stands in for a value nested deeper than {@link STORABLE_DEPTH}. */
export const TOO_DEEP = '[nested too deeply to keep]';

/**
 * A copy of `value` whose strings (keys included) PostgreSQL can store: each NUL and lone
 * surrogate becomes U+FFFD, and anything nested deeper than {@link STORABLE_DEPTH} (which neither
 * the call stack nor jsonb would take at any depth) becomes {@link TOO_DEEP}. For writing what a
 * client sent back into a record (a failed row's values) when it may hold such characters.
 */
export function toStorableText<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return value.replaceAll(NUL, '\ufffd').replace(LONE_SURROGATES, '\ufffd') as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (depth >= STORABLE_DEPTH) return TOO_DEEP as T;
  if (Array.isArray(value)) return value.map((item) => toStorableText(item, depth + 1)) as T;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [toStorableText(key), toStorableText(inner, depth + 1)])) as T;
}
