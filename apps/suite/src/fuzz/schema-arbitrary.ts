import fc from 'fast-check';

/** A JSON Schema as an area's OpenAPI document carries it (the subset the suite's routes use). */
export type Schema = Record<string, unknown>;

/** How many optional properties a generated object carries at most: few, so rows can pass their checks. */
const MAX_OPTIONAL = 4;

const typesOf = (schema: Schema): string[] => (Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : []);
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** Whether a pattern pins the whole text (`^...$`), so fast-check can generate from it directly. */
const anchored = (pattern: string) => pattern.startsWith('^') && pattern.endsWith('$');

function lengthOk(schema: Schema) {
  const min = num(schema.minLength) ?? 0;
  const max = num(schema.maxLength) ?? Infinity;
  return (text: string) => [...text].length >= min && [...text].length <= max;
}

const isoDate = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true });

function formatted(format: string): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress().filter((e) => e.length <= 254);
    case 'date':
      return isoDate.map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return isoDate.map((d) => d.toISOString());
    case 'uri':
      return fc.domain().map((host) => `https://${host}/`);
    default:
      return undefined;
  }
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const byFormat = typeof schema.format === 'string' ? formatted(schema.format) : undefined;
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  const fits = lengthOk(schema);
  if (byFormat) return byFormat.filter((s) => fits(s) && (!pattern || pattern.test(s)));
  if (pattern && anchored(pattern.source)) return fc.stringMatching(pattern).filter(fits);
  const minLength = num(schema.minLength) ?? 0;
  const maxLength = Math.max(minLength, Math.min(num(schema.maxLength) ?? 40, 40));
  const text = fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
  );
  return pattern ? text.filter((s) => pattern.test(s) && fits(s)) : text.filter(fits);
}

function numberOf(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = num(schema.minimum) ?? -1000;
  const max = num(schema.maximum) ?? 1000;
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
}

function arrayOf(schema: Schema): fc.Arbitrary<unknown[]> {
  const items = valueOf((schema.items as Schema | undefined) ?? {});
  const minLength = num(schema.minItems) ?? 0;
  const maxLength = Math.max(minLength, Math.min(num(schema.maxItems) ?? 4, 4));
  if (schema.uniqueItems === true) return fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) });
  return fc.array(items, { minLength, maxLength });
}

/** Keys of a map-like object (`propertyNames` and `additionalProperties` schemas, e.g. `sort`, `features`). */
function keyOf(schema: Schema): fc.Arbitrary<string> {
  const names = schema.propertyNames as Schema | undefined;
  if (names) return valueOf({ type: 'string', ...names }) as fc.Arbitrary<string>;
  return fc.string({ minLength: 1, maxLength: 20 });
}

function objectOf(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
  const required = ((schema.required as string[] | undefined) ?? []).filter((k) => k in properties);
  const optional = Object.keys(properties).filter((k) => !required.includes(k));
  const extra = schema.additionalProperties;
  const minKeys = Math.max(0, (num(schema.minProperties) ?? 0) - required.length);
  const maxKeys = Math.min(MAX_OPTIONAL, num(schema.maxProperties) ?? MAX_OPTIONAL);
  const fixed = fc.record(Object.fromEntries(required.map((k) => [k, valueOf(properties[k])])));
  // How many optional properties: fast-check's integers lean to the bounds, so mostly none or few.
  const chosen = fc
    .integer({ min: Math.min(minKeys, optional.length), max: Math.min(optional.length, maxKeys) })
    .chain((count) => fc.shuffledSubarray(optional, { minLength: count, maxLength: count }))
    .chain((keys) => fc.record(Object.fromEntries(keys.map((k) => [k, valueOf(properties[k])]))));
  const mapLike =
    extra && typeof extra === 'object'
      ? fc.dictionary(keyOf(schema), valueOf(extra as Schema), { minKeys: optional.length === 0 ? minKeys : 0, maxKeys: Math.max(minKeys, maxKeys) })
      : fc.constant({});
  return fc.tuple(mapLike, chosen, fixed).map(([more, some, all]) => ({ ...more, ...some, ...all }));
}

/**
 * Values `schema` is meant to accept, biased to small ones. Best effort: whether a value is
 * accepted is decided by ajv (the oracle), never by this generator.
 */
export function valueOf(schema: Schema): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  // A value of one branch (of a oneOf, one that another branch may take too: the oracle says).
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) return fc.oneof(...(branches as Schema[]).map(valueOf));
  const types = typesOf(schema);
  if (types.length === 0) return schema.properties ? objectOf(schema) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return stringOf(schema);
        case 'integer':
          return numberOf(schema, true);
        case 'number':
          return numberOf(schema, false);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array':
          return arrayOf(schema);
        case 'object':
          return objectOf(schema);
        default:
          throw new Error(`the fuzzer cannot generate JSON Schema type ${type}`);
      }
    }),
  );
}
