import fc from 'fast-check';
import { bulkBody } from './bulk-bodies';
import type { BodyPick, CallerName, FuzzRequest, IdPick } from './fuzz-request';
import type { FuzzRoute, QueryParameter } from './fuzz-routes';
import { anyJson, hostileDate, hostileNumber, hostileString, malformedId, PROTOTYPE_KEYS } from './hostile-values';
import { negatedValue } from './negation';
import { valueOf, type Schema } from './schema-arbitrary';

/** Mostly the world's real resource, so requests reach the handlers; sometimes an unknown or a malformed id. */
const idPick: fc.Arbitrary<IdPick> = fc.oneof(
  { weight: 8, arbitrary: fc.constant<IdPick>({ kind: 'real' }) },
  { weight: 1, arbitrary: fc.uuid().map((value): IdPick => ({ kind: 'given', value })) },
  { weight: 2, arbitrary: malformedId.map((value): IdPick => ({ kind: 'given', value })) },
);

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));

/** A query value as `name=value` pairs: deepObject for objects (`sort[name]=asc`), repeated names for arrays. */
function pairsOf(name: string, value: unknown): Array<[string, string]> {
  if (Array.isArray(value)) return value.map((item): [string, string] => [name, text(item)]);
  if (typeof value === 'object' && value !== null) return Object.entries(value).map(([key, inner]): [string, string] => [`${name}[${key}]`, text(inner)]);
  return [[name, text(value)]];
}

function validQuery(parameters: QueryParameter[]): fc.Arbitrary<Array<[string, string]>> {
  const required = parameters.filter((p) => p.required);
  const optional = parameters.filter((p) => !p.required);
  return fc
    .tuple(fc.constant(required), fc.subarray(optional, { maxLength: Math.min(3, optional.length) }))
    .chain(([must, some]) => fc.tuple(...[...must, ...some].map((p) => valueOf(p.schema).map((value) => pairsOf(p.name, value)))))
    .map((lists) => lists.flat());
}

/** A query with one thing wrong: a value, an extra or repeated name, a bracket where none goes, a prototype key. */
function negatedQuery(parameters: QueryParameter[]): fc.Arbitrary<Array<[string, string]>> {
  const names = parameters.map((p) => p.name);
  const hostileText = fc.oneof(hostileString, hostileDate, hostileNumber({}).map(String), fc.constantFrom('', '1.5', '-1', '0', '1e3', '99999999999999999999', 'true ', 'TRUE'));
  const mutation = fc.oneof(
    fc.constantFrom(...parameters).chain((p) => negatedValue(p.schema).map((value) => pairsOf(p.name, value))),
    fc.tuple(fc.constantFrom(...names), hostileText).map(([name, value]): Array<[string, string]> => [[name, value]]),
    fc.tuple(fc.constantFrom(...names), hostileText).map(([name, value]): Array<[string, string]> => [[`${name}[]`, value], [`${name}[x]`, value]]),
    fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS, 'extra', 'a[b][c][d][e][f][g][h]'), hostileText).map(([name, value]): Array<[string, string]> => [[name, value]]),
    fc.tuple(fc.constantFrom(...names), fc.constantFrom(...PROTOTYPE_KEYS)).map(([name, key]): Array<[string, string]> => [[`${name}[${key}]`, 'asc']]),
  );
  return fc.tuple(validQuery(parameters), mutation).map(([pairs, wrong]) => [...pairs, ...wrong]);
}

/** A query for a route that declares none: ignored by the route, but it must still be read safely. */
const strayQuery: fc.Arbitrary<Array<[string, string]>> = fc
  .tuple(fc.constantFrom(...PROTOTYPE_KEYS, 'x', 'a[b][c][d][e][f][g][h]', 'page[]'), hostileString)
  .map(([name, value]): Array<[string, string]> => [[name, value]]);

const jsonTypes = fc.constantFrom('application/json', 'application/json', 'application/json; charset=utf-8', 'application/merge-patch+json', 'Application/JSON');

/** A body that is not what the route reads: another media type, a charset it refuses, broken or empty JSON. */
function brokenBody(valid: fc.Arbitrary<unknown>): fc.Arbitrary<BodyPick> {
  const json = valid.map((value) => JSON.stringify(value) ?? '');
  return fc.oneof(
    fc
      .tuple(json, fc.constantFrom<string | undefined>(undefined, 'text/plain', 'application/x-www-form-urlencoded', 'text/csv', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1'))
      .map(([text, contentType]): BodyPick => ({ kind: 'text', text, contentType })),
    fc
      .tuple(json, fc.nat(), fc.constantFrom('', '}', ',', ']]', 'NaN', "{'single': 'quotes'}", '{"a":1,}', '\u0000', '/* comment */'))
      .map(([text, cut, tail]): BodyPick => ({ kind: 'text', text: text.slice(0, text.length === 0 ? 0 : cut % text.length) + tail, contentType: 'application/json' })),
    fc.constantFrom<BodyPick>(
      { kind: 'text', text: '', contentType: 'application/json' },
      { kind: 'text', text: 'null', contentType: 'application/json' },
      { kind: 'text', text: '"just a string"', contentType: 'application/json' },
      { kind: 'text', text: '{"a":"\\ud800"}', contentType: 'application/json' },
      { kind: 'text', text: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json' },
      { kind: 'text', text: JSON.stringify({ name: 'x'.repeat(120_000) }), contentType: 'application/json' },
      { kind: 'none' },
    ),
  );
}

function bodyOf(route: FuzzRoute, rowSchema: Schema | undefined): fc.Arbitrary<BodyPick> {
  if (route.method === 'get') return fc.constant<BodyPick>({ kind: 'none' });
  if (rowSchema) return fc.oneof({ weight: 5, arbitrary: bulkBody(rowSchema) }, { weight: 1, arbitrary: brokenBody(fc.constant([{ name: 'Broken Co' }])) });
  const schema = route.bodySchema;
  if (!schema) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant<BodyPick>({ kind: 'none' }) },
      { weight: 1, arbitrary: fc.tuple(anyJson, jsonTypes).map(([value, contentType]): BodyPick => ({ kind: 'json', value, contentType })) },
      { weight: 1, arbitrary: brokenBody(anyJson) },
    );
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(valueOf(schema), jsonTypes).map(([value, contentType]): BodyPick => ({ kind: 'json', value, contentType })) },
    { weight: 5, arbitrary: fc.tuple(negatedValue(schema), jsonTypes).map(([value, contentType]): BodyPick => ({ kind: 'json', value, contentType })) },
    { weight: 2, arbitrary: brokenBody(valueOf(schema)) },
  );
}

function queryOf(route: FuzzRoute): fc.Arbitrary<Array<[string, string]>> {
  if (route.query.length === 0) return fc.oneof({ weight: 5, arbitrary: fc.constant<Array<[string, string]>>([]) }, { weight: 1, arbitrary: strayQuery });
  return fc.oneof({ weight: 3, arbitrary: validQuery(route.query) }, { weight: 2, arbitrary: negatedQuery(route.query) });
}

/**
 * Requests for `route` as one of `callers`: path ids, query and body each drawn from the route's
 * own schemas or from their negation, independently, so most requests have one or two things wrong.
 */
export function requestArbitrary(route: FuzzRoute, callers: CallerName[], rowSchema?: Schema): fc.Arbitrary<FuzzRequest> {
  const ids = fc.record(Object.fromEntries(route.params.map((name) => [name, idPick])));
  return fc.record({ caller: fc.constantFrom(...callers), ids, query: queryOf(route), body: bodyOf(route, rowSchema) });
}
