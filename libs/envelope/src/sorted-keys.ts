/**
 * `value` with every object's keys sorted (arrays keep their order): the same content always
 * serializes to the same text, however its keys were ordered (a client's body, a jsonb column).
 */
export function withSortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withSortedKeys);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, withSortedKeys(object[key])]),
  );
}
