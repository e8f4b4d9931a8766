import { createHash } from 'node:crypto';
import type { FakeAnswer, FakeRequest } from '../../fake-vendor';
import { FAKE_DATASETS, FAKE_ENTITIES, sourcesOf, type FakeEntity } from './opensanctions-fake.data';
import { cleanQuery, MATCHABLE, scoreEntity } from './opensanctions-fake.scoring';
import { matchBody, matchParams, type MatchBody, type MatchParams } from './opensanctions-fake.validation';

/*
 * OpenSanctions' hosted API as the adapter uses it, played from its published documentation and
 * yente's source: `POST /match/{dataset}` (yente/routers/match.py: 404 "No such dataset.", 400
 * "Invalid algorithm: ...", "Too many queries in one batch (limit: 100)", "No queries provided.",
 * the `cutoff = min(cutoff, threshold)` rule, results above the cutoff, `match` at or above the
 * threshold, `total` counting the matches, the cleaned query echoed, the `x-batch-size` header) and
 * `GET /catalog` (yente/routers/admin.py, with its ETag and `Cache-Control: public, max-age=300`).
 * The key: `Authorization: ApiKey <key>` or `?api_key=<key>` (https://www.opensanctions.org/docs/api/authentication/).
 */

/** A failure the fake answers every match with while it is set. */
export type OpenSanctionsTrouble = 'quota' | 'server-error' | 'bad-gateway' | 'truncated';

export interface OpenSanctionsFakeOptions {
  /** The account's API key. */
  apiKey: string;
  trouble?: OpenSanctionsTrouble;
  /** The `Retry-After` of a 429, in seconds (none when unset). */
  retryAfterSeconds?: number;
  /** Each answer comes this much later. */
  delayMs?: number;
}

/** yente's algorithms (yente/routers/util.py, ENABLED_ALGORITHMS), and `best`. */
const ALGORITHMS = ['best', 'logic-v2', 'ofac', 'name-based', 'name-qualified', 'logic-v1', 'regression-v1'];
const MAX_BATCH = 100;
const detail = (status: number, text: string): FakeAnswer => ({ status, body: { detail: text } });

const TROUBLE: Record<Exclude<OpenSanctionsTrouble, 'quota'>, FakeAnswer> = {
  // Starlette's own 500 and a proxy's 502 are text, not JSON.
  'server-error': { status: 500, body: 'Internal Server Error' },
  'bad-gateway': { status: 502, body: 'Bad Gateway' },
  truncated: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"responses": {"q0": {"status": 200, "results": [{"id": "NK-' },
};

/*
 * The key's refusals. "No API key provided." is the hosted API's answer without a key (as probed
 * and recorded at github.com/api-evangelist/opensanctions, errors/opensanctions-problem-types.yml).
 * not in the vendor's docs: the status and text for a wrong key; the fake answers 401 with its own text.
 */
function keyRefusal(request: FakeRequest, apiKey: string): FakeAnswer | null {
  const header = request.headers.authorization;
  const given = header === undefined ? request.query.get('api_key') : header.startsWith('ApiKey ') ? header.slice('ApiKey '.length) : header;
  if (given === null || given === '') return detail(401, 'No API key provided.');
  return given === apiKey ? null : detail(401, 'Invalid API key.');
}

function catalog(request: FakeRequest): FakeAnswer {
  // As yente's: a digest of each dataset's name, version and indexed version.
  const etag = `"${createHash('sha1').update(FAKE_DATASETS.map((d) => `${d.name}:${d.version}:${d.index_version}`).sort().join('\n')).digest('hex')}"`;
  const headers = { etag, 'cache-control': 'public, max-age=300' };
  if (request.headers['if-none-match'] === etag) return { status: 304, headers };
  const current = FAKE_DATASETS.filter((d) => d.load && d.index_current).map((d) => d.name);
  return { status: 200, headers, body: { datasets: FAKE_DATASETS, current, outdated: [], index_stale: false } };
}

const inScope = (entity: FakeEntity, sources: Set<string>, schemata: readonly string[]) => entity.datasets.some((d) => sources.has(d)) && schemata.includes(entity.schema);

/** One query's EntityMatches. */
function matchesOf(example: MatchBody['queries'][string], sources: Set<string>, params: MatchParams) {
  const query = cleanQuery(example);
  const cutoff = Math.min(params.cutoff, params.threshold);
  const scored = FAKE_ENTITIES.filter((entity) => inScope(entity, sources, MATCHABLE[query.schema]))
    .map((entity) => ({ entity, ...scoreEntity(query, entity) }))
    .filter(({ score }) => score > cutoff)
    .sort((a, b) => b.score - a.score);
  const results = scored.slice(0, params.limit).map(({ entity, score, explanations }) => ({ ...entity, score, explanations, match: score >= params.threshold }));
  return { status: 200, results, total: { value: scored.filter(({ score }) => score >= params.threshold).length, relation: 'eq' }, query };
}

function match(request: FakeRequest, dataset: string): FakeAnswer {
  const params = matchParams(request);
  if (!('algorithm' in params)) return params;
  const body = matchBody(request.body);
  if (!('queries' in body)) return body;
  if (!FAKE_DATASETS.some((d) => d.name === dataset)) return detail(404, 'No such dataset.');
  if (!ALGORITHMS.includes(params.algorithm)) return detail(400, `Invalid algorithm: ${params.algorithm}`);
  const queries = Object.entries(body.queries);
  if (queries.length > MAX_BATCH) return detail(400, `Too many queries in one batch (limit: ${MAX_BATCH})`);
  if (queries.length === 0) return detail(400, 'No queries provided.');
  // not in the vendor's docs: the text after "Cannot parse example entity: " (FtM's own exception).
  const unknown = queries.find(([, q]) => !(q.schema in MATCHABLE));
  if (unknown) return detail(400, `Cannot parse example entity: Invalid schema: ${unknown[1].schema}`);
  const sources = sourcesOf(dataset);
  const responses = Object.fromEntries(queries.map(([id, example]) => [id, matchesOf(example, sources, params)]));
  return { status: 200, headers: { 'x-batch-size': String(queries.length) }, body: { responses, limit: params.limit } };
}

function answerOf(request: FakeRequest, options: OpenSanctionsFakeOptions): FakeAnswer {
  // The catalog answers without a key (probed 200 unauthenticated, same record as above).
  if (request.method === 'GET' && request.path === '/catalog') return catalog(request);
  const matchPath = /^\/match\/([^/]+)$/.exec(request.path);
  if (matchPath === null) return detail(404, 'Not Found');
  if (request.method !== 'POST') return detail(405, 'Method Not Allowed');
  if (options.trouble === 'server-error' || options.trouble === 'bad-gateway') return TROUBLE[options.trouble];
  const refusal = keyRefusal(request, options.apiKey);
  if (refusal) return refusal;
  // The spent monthly quota: "rejected with a 429 HTTP status code until the beginning of the next
  // month" (https://www.opensanctions.org/faq/154/api-usage-limits-optimization). not in the
  // vendor's docs: its body and whether it says a Retry-After.
  if (options.trouble === 'quota') {
    const headers = options.retryAfterSeconds === undefined ? undefined : { 'retry-after': String(options.retryAfterSeconds) };
    return { status: 429, headers, body: { detail: 'Monthly API quota exceeded.' } };
  }
  if (options.trouble === 'truncated') return TROUBLE.truncated;
  return match(request, decodeURIComponent(matchPath[1]));
}

/**
 * The handler for `startFakeVendor`: OpenSanctions' match and catalog over the fictional data set
 * (opensanctions-fake.data.ts). It reads `options` at every call, so a test may set `trouble`,
 * `retryAfterSeconds` or `delayMs` between calls.
 */
export function createOpenSanctionsFake(options: OpenSanctionsFakeOptions): (request: FakeRequest) => FakeAnswer {
  return (request) => ({ ...answerOf(request, options), ...(options.delayMs && { delayMs: options.delayMs }) });
}
