/** Where our body may differ from a published sample, each by a documented reason. */
export interface ShapeAllowances {
  /** Paths that may be null where the sample has a value (`$.data.deleted_at`; `[]` stands for any element). */
  mayBeNull?: readonly string[];
  /** Paths of arrays that may be empty where the sample has elements. */
  mayBeEmpty?: readonly string[];
}

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/**
 * Asserts the reference README's rule strictly: every key a published sample shows exists in our
 * body with the same JSON type; a null or an empty array where the sample has a value fails unless
 * the path is allowed (documented as nullable, and the test's data really lacks it). Every
 * element of our arrays is compared with the sample's first element. Where the sample itself has
 * null, it shows no type, and any value passes.
 */
export function expectSameShape(actual: unknown, expected: unknown, allowances: ShapeAllowances = {}, path = '$'): void {
  if (expected === null) return;
  if (actual === null && allowances.mayBeNull?.includes(path)) return;
  expect(`${path}: ${kind(actual)}`).toBe(`${path}: ${kind(expected)}`);
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length === 0) return;
    if (actual.length === 0) {
      expect(`${path}: ${allowances.mayBeEmpty?.includes(path) ? 'may be empty' : 'empty'}`).toBe(`${path}: may be empty`);
      return;
    }
    for (const element of actual) expectSameShape(element, expected[0], allowances, `${path}[]`);
    return;
  }
  if (kind(expected) !== 'object') return;
  for (const [key, value] of Object.entries(expected as object)) {
    expect(Object.keys(actual as object)).toContain(key);
    expectSameShape((actual as Record<string, unknown>)[key], value, allowances, `${path}.${key}`);
  }
}
