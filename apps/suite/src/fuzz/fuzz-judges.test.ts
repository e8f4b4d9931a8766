import { envelopeProblem } from './envelope-check';
import { percentEncode, toWire, type BodyPick, type FuzzRequest } from './fuzz-request';
import type { FuzzRoute } from './fuzz-routes';
import { createOracle } from './schema-oracle';

/*
 * The fuzzer's judges, on their own: a wrong oracle or envelope check would let the fuzz pass (or
 * fail) for nothing, so each is shown to accept and to refuse.
 */
const ID = '7f0c2a52-3f55-4d8e-9b1e-2f7a9a8c6d11';
const route: FuzzRoute = {
  key: 'POST /t/api/v1/customers/{customerID}/things',
  method: 'post',
  path: '/t/api/v1/customers/{customerID}/things',
  auth: true,
  roles: ['ADMIN'],
  permissions: [],
  params: ['customerID'],
  idempotent: false,
  paramsSchema: { type: 'object', properties: { customerID: { type: 'string', format: 'uuid' } }, required: ['customerID'], additionalProperties: false },
  query: [{ name: 'page', required: false, schema: { type: 'integer', minimum: 1, default: 1 } }],
  querySchema: { type: 'object', properties: { page: { type: 'integer', minimum: 1, default: 1 } }, required: [], additionalProperties: false },
  bodySchema: { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'], additionalProperties: false },
  envelope: true,
};
const judge = (request: Partial<FuzzRequest>) => {
  const full: FuzzRequest = { caller: 'admin', ids: {}, query: [], body: { kind: 'json', value: { name: 'A' }, contentType: 'application/json' }, ...request };
  return createOracle(route)(toWire(route, full, { customerid: ID })).accepted;
};
const text = (body: string, contentType?: string): BodyPick => ({ kind: 'text', text: body, contentType });

describe('the schema oracle', () => {
  it('accepts a request the schemas accept, reading path and query as text', () => {
    expect(judge({ query: [['page', '2']] })).toBe(true);
    expect(judge({ body: text('\ufeff{"name":"A"}', 'application/json; charset=utf-8') })).toBe(true);
  });

  it('refuses what the schemas refuse: a bad id, an unknown or prototype query key, a bound passed', () => {
    expect(judge({ ids: { customerID: { kind: 'given', value: 'not-a-uuid' } } })).toBe(false);
    expect(judge({ ids: { customerID: { kind: 'given', value: '\ud800' } } })).toBe(false);
    expect(judge({ query: [['constructor', '1']] })).toBe(false);
    expect(judge({ query: [['page', '0']] })).toBe(false);
    expect(judge({ query: [['page', '1'], ['page', '2']] })).toBe(false);
  });

  it('reads the body as the server does: JSON types only, another media type as no body, broken JSON refused', () => {
    expect(judge({ body: { kind: 'json', value: { name: 'A', extra: 1 }, contentType: 'application/json' } })).toBe(false);
    expect(judge({ body: text('{"name":"A"}', 'text/plain') })).toBe(false);
    expect(judge({ body: text('{"name":"A"', 'application/json') })).toBe(false);
    expect(judge({ body: text('"A"', 'application/json') })).toBe(false);
    expect(judge({ body: text('{"name":"A"}', 'application/json; charset=latin1') })).toBe(false);
  });
});

describe('the schema oracle on the onboarding routes', () => {
  const flags = { async: { type: 'boolean', default: false }, dry_run: { type: 'boolean', default: false } };
  const bulk: FuzzRoute = {
    ...route,
    key: 'POST /t/api/v1/customers/{customerID}/bulk',
    path: '/t/api/v1/customers/{customerID}/bulk',
    query: Object.entries(flags).map(([name, schema]) => ({ name, required: false, schema })),
    querySchema: { type: 'object', properties: flags, required: [], additionalProperties: false },
    bodySchema: undefined,
  };
  const rowSchema = route.bodySchema!;
  const judgeBulk = (request: Partial<FuzzRequest>) => {
    const full: FuzzRequest = { caller: 'admin', ids: {}, query: [], body: { kind: 'json', value: [{ name: 'A' }], contentType: 'application/json' }, ...request };
    return createOracle(bulk, rowSchema)(toWire(bulk, full, { customerid: ID })).accepted;
  };

  it('refuses a dry run with async=true, and takes either alone', () => {
    expect(judgeBulk({ query: [['async', 'true'], ['dry_run', 'true']] })).toBe(false);
    expect(judgeBulk({ query: [['dry_run', 'true']] })).toBe(true);
    expect(judgeBulk({ query: [['async', 'true']] })).toBe('unknown');
  });

  it('refuses a CSV whose header names a column twice; other CSV is judged by its run', () => {
    expect(judgeBulk({ body: text('name,tin,name\nA,1,B\n', 'text/csv') })).toBe(false);
    expect(judgeBulk({ body: text('\ufeffname,name\nTwice,Again\n', 'text/csv') })).toBe(false);
    expect(judgeBulk({ body: text('name,,\nA,,\n', 'text/csv') })).toBe('unknown');
    expect(judgeBulk({ body: text('name\n"unterminated\n', 'text/csv') })).toBe('unknown');
  });
});

describe('the envelope check', () => {
  const answer = (status: number, json: unknown, contentType = 'application/json; charset=utf-8') => ({ status, contentType, text: JSON.stringify(json), json });

  it('passes the success and failure envelopes, and the failures the contract shows with another data', () => {
    expect(envelopeProblem(answer(200, { status: 'success', message: 'OK', data: {} }), true)).toBeUndefined();
    expect(envelopeProblem(answer(400, { status: 'fail', message: 'body must be object', errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } }), true)).toBeUndefined();
    expect(envelopeProblem(answer(405, { status: 'fail', message: 'This feature has not been enabled.', errorCode: 'NOT_ALLOWED', data: {} }), true)).toBeUndefined();
    expect(envelopeProblem({ status: 200, contentType: 'application/pdf', text: '%PDF', json: undefined }, false)).toBeUndefined();
  });

  it('fails a 5xx, an empty body, an errorCode outside the set, a missing errorName and a leaked stack', () => {
    expect(envelopeProblem(answer(500, { status: 'error', message: 'x', errorCode: 'UNKNOWN_ERROR', data: { errorName: 'InternalServerError' } }), true)).toBe('a 500');
    expect(envelopeProblem({ status: 431, contentType: '', text: '', json: undefined }, true)).toMatch(/not the JSON envelope/);
    expect(envelopeProblem(answer(400, { status: 'fail', message: 'x', errorCode: 'BAD', data: { errorName: 'E' } }), true)).toMatch(/closed set/);
    expect(envelopeProblem(answer(404, { status: 'fail', message: 'x', errorCode: 'NOT_FOUND', data: {} }), true)).toMatch(/errorName/);
    expect(envelopeProblem(answer(400, { status: 'fail', message: 'at run (/srv/x.js:1:2)', errorCode: null, data: { errorName: 'E' } }), true)).toMatch(/inside/);
  });
});

describe('percentEncode', () => {
  it('encodes a lone surrogate as its WTF-8 bytes and a pair as UTF-8', () => {
    expect(percentEncode('a\ud800b')).toBe('a%ED%A0%80b');
    expect(percentEncode('😀/')).toBe('%F0%9F%98%80%2F');
  });
});
