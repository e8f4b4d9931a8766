/**
 * Asserts the reference README's rule: every key a published sample shows exists in our body,
 * with the same JSON type wherever both values are non-null.
 */
export function expectSameShape(actual: unknown, expected: unknown, path = '$'): void {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (expected === null || actual === null) return;
  expect(`${path}: ${kind(actual)}`).toBe(`${path}: ${kind(expected)}`);
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length > 0 && actual.length > 0) expectSameShape(actual[0], expected[0], `${path}[0]`);
    return;
  }
  if (kind(expected) !== 'object') return;
  for (const [key, value] of Object.entries(expected as object)) {
    expect(Object.keys(actual as object)).toContain(key);
    expectSameShape((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
  }
}
