import fc from 'fast-check';
import { anyJson, deeplyNested, hostileDate, hostileNumber, hostileString, malformedId, PROTOTYPE_KEYS, prototypeObject, withOwn } from './hostile-values';
import { valueOf, type Schema } from './schema-arbitrary';

const typesOf = (schema: Schema): string[] => (Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : []);

/** A string meant to break a string schema: its format, pattern, length or characters. */
function negatedString(schema: Schema): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [hostileString];
  if (schema.format === 'date' || schema.format === 'date-time') options.push(hostileDate, hostileDate);
  if (schema.format === 'uuid') options.push(malformedId);
  if (schema.format === 'email') options.push(fc.constantFrom('a@', '@b.c', 'a@b', 'a b@c.d', `${'x'.repeat(250)}@example.com`, 'ann@exam\u0000ple.com', 'ann@例え.jp'));
  if (schema.format === 'uri') options.push(fc.constantFrom('javascript:alert(1)', 'ftp://x', 'http://', 'https://exa mple.com', 'https://[::1', 'file:///etc/passwd'));
  if (typeof schema.maxLength === 'number') options.push(fc.constant('y'.repeat(schema.maxLength + 1)));
  if (Array.isArray(schema.enum)) options.push(fc.constantFrom(...(schema.enum as unknown[]).map((v) => String(v).toLowerCase() + ' ')));
  return fc.oneof(...options);
}

/** One property of a valid object replaced by a negated value. */
function withNegatedProperty(base: fc.Arbitrary<Record<string, unknown>>, properties: Record<string, Schema>, required: string[]): fc.Arbitrary<unknown> {
  // Required properties are what every valid request carries: they are negated more often.
  const keys = [...required, ...required, ...Object.keys(properties)].filter((k) => k in properties);
  if (keys.length === 0) return base;
  return fc.tuple(base, fc.constantFrom(...keys)).chain(([object, key]) => negatedValue(properties[key]).map((value) => withOwn({ ...object }, key, value)));
}

function negatedObject(schema: Schema): fc.Arbitrary<unknown> {
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
  const required = (schema.required as string[] | undefined) ?? [];
  const base = valueOf(schema) as fc.Arbitrary<Record<string, unknown>>;
  const options: Array<fc.WeightedArbitrary<unknown>> = [
    { weight: 4, arbitrary: withNegatedProperty(base, properties, required) },
    // An extra field: an unknown name, a prototype key, or a name differing only in case.
    {
      weight: 2,
      arbitrary: fc
        .tuple(base, fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 12 }), fc.constantFrom(...Object.keys(properties).map((k) => k.toUpperCase()), 'extra')), anyJson)
        .map(([object, key, value]) => withOwn({ ...object }, key, value)),
    },
    { weight: 1, arbitrary: fc.tuple(base, deeplyNested).map(([object, deep]) => ({ ...object, deep })) },
  ];
  if (required.length > 0) {
    options.push({
      weight: 2,
      arbitrary: fc.tuple(base, fc.constantFrom(...required)).map(([object, key]) => {
        const copy = { ...object };
        delete copy[key];
        return copy;
      }),
    });
  }
  return fc.oneof(...options);
}

function negatedArray(schema: Schema): fc.Arbitrary<unknown> {
  const items = (schema.items as Schema | undefined) ?? {};
  const options: fc.Arbitrary<unknown>[] = [fc.array(negatedValue(items), { minLength: 1, maxLength: 3 })];
  if (typeof schema.maxItems === 'number') options.push(fc.array(valueOf(items), { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 2 }));
  if (typeof schema.minItems === 'number' && schema.minItems > 0) options.push(fc.constant([]));
  // The same item twice: refused where items must be unique, and a business rule elsewhere (one applicant twice).
  if (schema.maxItems === undefined || (typeof schema.maxItems === 'number' && schema.maxItems >= 2)) options.push(valueOf(items).map((v) => [v, v]));
  return fc.oneof(...options);
}

/**
 * Values meant to be refused by `schema`: a wrong type, a hostile value of the right type, a
 * missing required or an extra property, bounds passed. Best effort, like {@link valueOf}: some
 * negations turn out valid (an empty string where any string goes), and the oracle says so.
 */
export function negatedValue(schema: Schema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const options: Array<fc.WeightedArbitrary<unknown>> = [{ weight: 2, arbitrary: anyJson }];
  if (types.includes('string') || Array.isArray(schema.enum)) options.push({ weight: 4, arbitrary: negatedString(schema) });
  if (types.includes('integer') || types.includes('number')) {
    options.push({ weight: 4, arbitrary: hostileNumber(schema) }, { weight: 1, arbitrary: hostileNumber(schema).map(String) });
  }
  if (types.includes('boolean')) options.push({ weight: 2, arbitrary: fc.constantFrom<unknown>('true', 'false', 0, 1, 'yes', null) });
  if (types.includes('object') || schema.properties) options.push({ weight: 6, arbitrary: negatedObject(schema) });
  if (types.includes('array')) options.push({ weight: 4, arbitrary: negatedArray(schema) });
  // One branch with one thing wrong (a condition with its op's value missing): what a near miss of a oneOf looks like.
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) options.push({ weight: 6, arbitrary: fc.oneof(...(branches as Schema[]).map(negatedValue)) });
  options.push({ weight: 1, arbitrary: fc.oneof(deeplyNested, prototypeObject) });
  return fc.oneof(...options);
}
