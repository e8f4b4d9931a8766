/**
 * The metric names a PromQL expression reads, for the monitoring checks: what is left once string
 * literals, label matchers, ranges, grouping clauses, numbers, functions and keywords are taken
 * out. Enough for the expressions of k8s/monitoring (no PromQL parser among the dependencies).
 */

const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right']);

/** Every metric (or recorded series) name `expr` selects, once each. */
export function metricNamesOf(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\{?[A-Za-z_][A-Za-z0-9_]*\}?/g, ' ');
  const names = new Set<string>();
  for (const match of stripped.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const name = match[0];
    const after = stripped.slice((match.index ?? 0) + name.length);
    if (/^\s*\(/.test(after) || KEYWORDS.has(name.toLowerCase())) continue;
    // A number's exponent or duration suffix (1e3, 5m) starts with a digit: never matched above.
    names.add(name);
  }
  return [...names];
}
