import fc from 'fast-check';

/**
 * Values that break careless code: the negation side of the fuzzer. Each list names what it is
 * for; the request generators mix them into otherwise well-formed requests.
 */

/** Sets an own property, also `__proto__`, as `JSON.parse` does (an object literal would set the prototype). */
export function withOwn(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/** Keys that reach the prototype or shadow Object's own methods. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf', '__defineGetter__'];

/** Texts: empty and blank, NUL, lone surrogates, right-to-left and emoji, markup and SQL, huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', '\t\r\n', '\u0000', 'a\u0000b', '\ud800', 'x\udc00y', '\udbff\udfff\udbff', '\u202eevil\u202c', 'مرحبا بالعالم', 'שלום', '\u200b\u200d\ufeff'),
  fc.constantFrom('👩‍👩‍👧‍👦', '🏳️‍🌈🇺🇸', 'Z̷̢͈̓a̸͖͝l̵̙̈́g̷̱̾o̶̯͝', "' OR '1'='1' --", 'Robert"); DROP TABLE businesses;--', '<script>alert(1)</script>', '../../etc/passwd', '%00%ff', '${jndi:ldap://x}'),
  fc.constantFrom('null', 'undefined', 'NaN', 'Infinity', '-0', '1e400', 'true', '{}', '[]', '0x1F', '٣', '１２３'),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer({ min: 257, max: 20000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 1, max: 400 }).map((n) => '😀'.repeat(n)),
);

/** Dates and timestamps PostgreSQL cannot hold, or that only look like dates. */
export const hostileDate: fc.Arbitrary<string> = fc.constantFrom(
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '10000-01-01',
  '+275760-09-13T00:00:00Z',
  '294277-01-01',
  '9999-12-31T23:59:60Z',
  '2016-12-31T23:59:60Z',
  '1990-12-31T23:59:60+00:00',
  '2024-01-01T00:00:00+14:01',
  '2024-01-01T00:00:00-23:59',
  '2024-01-01T00:00:00+99:99',
  '2023-02-29',
  '2024-02-30',
  '2024-13-01',
  '1899-12-31',
  '4713-01-01',
  'infinity',
  '-infinity',
  'epoch',
  'now',
  '2024-01-01T00:00:00',
  '2024-1-1',
  'not a date',
);

/** Path ids that are not the UUIDs the routes take (and `urn:uuid:` ones that ajv's format lets through). */
export const malformedId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('not-a-uuid', '1', '-1', '0', 'null', 'undefined', '00000000-0000-0000-0000-00000000000g', '%', ' ', '\u0000', '\ud800'),
  fc.uuid().map((id) => `urn:uuid:${id}`),
  fc.uuid().map((id) => id.replace(/-/g, '')),
  fc.uuid().map((id) => `{${id}}`),
  fc.uuid().map((id) => `${id} `),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.uuid().map((id) => `${id}x`),
  fc.uuid().map((id) => `${id};select pg_sleep(1)`),
  fc.constant('00000000-0000-0000-0000-000000000000'),
  fc.constant('ffffffff-ffff-ffff-ffff-ffffffffffff'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
  fc.integer({ min: 200, max: 3000 }).map((n) => 'a'.repeat(n)),
).filter((id) => id !== '.' && id !== '..');

/** Numbers at and past the bounds a schema states, and the ones JSON and PostgreSQL disagree about. */
export function hostileNumber(schema: { minimum?: unknown; maximum?: unknown }): fc.Arbitrary<number> {
  const edges: number[] = [0, -1, 0.5, -0.5, 1e-7, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 63), 1e21, 1e308, -1e308, 5e-324];
  for (const bound of [schema.minimum, schema.maximum]) {
    if (typeof bound === 'number') edges.push(bound, bound - 1, bound + 1, bound - 0.5, bound + 0.5, bound + 1e-9);
  }
  return fc.oneof(fc.constantFrom(...edges), fc.double({ noNaN: true, noDefaultInfinity: true }));
}

/** Values nested far deeper than any schema goes (arrays or objects, up to thousands of levels). */
export const deeplyNested: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean())
  .map(([depth, asObject]) => {
    let value: unknown = 'bottom';
    for (let i = 0; i < depth; i++) value = asObject ? { a: value } : [value];
    return value;
  });

/** An object carrying a prototype key with a payload. */
export const prototypeObject: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.constantFrom<unknown>({ polluted: true }, 'x', 1, null, [{ isAdmin: true }]))
  .map(([key, value]) => withOwn({}, key, value));

/** Values of every JSON type, for "wrong type" negations. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, '', 'text', [], {}, [null], { a: 1 }),
  fc.jsonValue({ maxDepth: 3 }),
  prototypeObject,
);
