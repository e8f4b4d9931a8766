/**
 * The `ilike` pattern that matches values containing `text` literally: `%` and `_` typed by a
 * user are escaped, not wildcards. Use with `escape '\'`.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
