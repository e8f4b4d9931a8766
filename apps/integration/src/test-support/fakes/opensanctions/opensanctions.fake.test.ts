import { startFakeVendor, type FakeVendor } from '../../fake-vendor';
import { createOpenSanctionsFake, type OpenSanctionsFakeOptions } from './opensanctions.fake';

const KEY = 'os-key-5c1e';
interface Matches {
  query: unknown;
  results: Array<{ id: string; score: number; match: boolean; explanations: unknown }>;
  total: { value: number; relation: string };
}
interface Answer {
  detail: Array<{ loc: string[] }>;
  responses: Record<string, Matches>;
  limit: number;
}
const person = { schema: 'Person', properties: { name: ['Boris Quillfeather'], birthDate: ['1961-03-14'], country: ['Iran'] } };

describe('the fake OpenSanctions API', () => {
  let fake: FakeVendor;
  let options: OpenSanctionsFakeOptions;
  beforeAll(async () => {
    fake = await startFakeVendor((request) => createOpenSanctionsFake(options)(request));
  });
  beforeEach(() => {
    options = { apiKey: KEY };
  });
  afterAll(() => fake.close());

  const post = async (path: string, body: unknown, headers: Record<string, string> = { authorization: `ApiKey ${KEY}` }) => {
    const response = await fetch(`${fake.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    const text = await response.text();
    // Typed as a match answer; the tests check what each one really is.
    return { status: response.status, headers: response.headers, body: (response.headers.get('content-type') === 'application/json' ? JSON.parse(text) : text) as Answer };
  };

  it('refuses a request without a key, with a wrong key or another scheme (401), and takes ?api_key= as the docs allow', async () => {
    expect(await post('/match/sanctions', { queries: { q: person } }, {})).toMatchObject({ status: 401, body: { detail: 'No API key provided.' } });
    expect(await post('/match/sanctions', { queries: { q: person } }, { authorization: 'ApiKey wrong' })).toMatchObject({ status: 401, body: { detail: 'Invalid API key.' } });
    expect(await post('/match/sanctions', { queries: { q: person } }, { authorization: `Bearer ${KEY}` })).toMatchObject({ status: 401, body: { detail: 'Invalid API key.' } });
    expect((await post(`/match/sanctions?api_key=${KEY}`, { queries: { q: person } }, {})).status).toBe(200);
  });

  it('answers each query under its id: the scored results, the matches counted, the query cleaned, the batch size', async () => {
    const answer = await post('/match/sanctions?threshold=0.8&algorithm=logic-v2', { queries: { q: person, other: { schema: 'Company', properties: { name: ['Nobody Anywhere GmbH'] } } } });
    expect([answer.status, answer.headers.get('x-batch-size'), answer.body.limit]).toEqual([200, '2', 5]);
    const { q, other } = answer.body.responses;
    expect(q.query).toEqual({ id: null, schema: 'Person', properties: { name: ['Boris Quillfeather'], birthDate: ['1961-03-14'], country: ['ir'] } });
    expect(q.results.map((r) => [r.id, r.score, r.match])).toEqual([['NK-fict0quillfeather', 1, true]]);
    expect(q.results[0].explanations).toEqual({
      name_match: { score: 1, detail: '[2 of 2 name parts in common]', query: 'Boris Quillfeather', candidate: 'Boris Quillfeather' },
      dob_day_disjoint: { score: 0, detail: 'Birth day match: 1961-03-14', query: null, candidate: null },
    });
    expect([q.total, other.results, other.total]).toEqual([{ value: 1, relation: 'eq' }, [], { value: 0, relation: 'eq' }]);
  });

  it('returns results above the cutoff, min(cutoff, threshold), marking only those at the threshold as matches', async () => {
    const half = { schema: 'Person', properties: { name: ['Anika Smith'] } };
    const at = async (threshold: number) => (await post(`/match/sanctions?threshold=${threshold}`, { queries: { q: half } })).body.responses.q;
    expect((await at(0.7)).results).toEqual([]);
    const low = await at(0.4);
    expect([low.results.map((r) => [r.id, r.score, r.match]), low.total.value]).toEqual([[['NK-fict0marrowdale', 0.5, true]], 1]);
  });

  it('scopes results to the dataset: sanctions leaves the PEP list out, default keeps it; a Company query never meets a vessel', async () => {
    const pep = { schema: 'Person', properties: { name: ['Ottilie Brandvik'] } };
    expect((await post('/match/sanctions', { queries: { q: pep } })).body.responses.q.results).toEqual([]);
    expect((await post('/match/default', { queries: { q: pep } })).body.responses.q.results[0].id).toBe('NK-fict0brandvik');
    expect((await post('/match/default', { queries: { q: { schema: 'Company', properties: { name: ['Grey Heron'] } } } })).body.responses.q.results).toEqual([]);
  });

  it("refuses what FastAPI's validation refuses (422), an unknown dataset (404), and yente's own 400s", async () => {
    expect(await post('/match/sanctions', '{"queries": ')).toMatchObject({ status: 422, body: { detail: [{ type: 'json_invalid', loc: ['body', 0], msg: 'JSON decode error' }] } });
    expect(await post('/match/sanctions', { query: {} })).toMatchObject({ status: 422, body: { detail: [{ type: 'missing', loc: ['body', 'queries'], msg: 'Field required' }] } });
    expect((await post('/match/sanctions', { queries: { q: { properties: { name: ['x'] } } } })).body.detail).toEqual([{ type: 'missing', loc: ['body', 'queries', 'q', 'schema'], msg: 'Field required', input: { properties: { name: ['x'] } } }]);
    expect((await post('/match/sanctions?limit=600&threshold=high', { queries: { q: person } })).body.detail.map((e) => e.loc.join('.'))).toEqual(['query.limit', 'query.threshold']);
    expect(await post('/match/no_such_list', { queries: { q: person } })).toMatchObject({ status: 404, body: { detail: 'No such dataset.' } });
    expect(await post('/match/sanctions?algorithm=magic', { queries: { q: person } })).toMatchObject({ status: 400, body: { detail: 'Invalid algorithm: magic' } });
    expect(await post('/match/sanctions', { queries: {} })).toMatchObject({ status: 400, body: { detail: 'No queries provided.' } });
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`q${i}`, person]));
    expect(await post('/match/sanctions', { queries: many })).toMatchObject({ status: 400, body: { detail: 'Too many queries in one batch (limit: 100)' } });
  });

  it('answers a spent quota with 429 and the Retry-After it is told, and fails as told', async () => {
    options = { ...options, trouble: 'quota', retryAfterSeconds: 120 };
    const refused = await post('/match/sanctions', { queries: { q: person } });
    expect([refused.status, refused.headers.get('retry-after'), refused.body]).toEqual([429, '120', { detail: 'Monthly API quota exceeded.' }]);
    options = { apiKey: KEY, trouble: 'server-error' };
    expect(await post('/match/sanctions', { queries: { q: person } })).toMatchObject({ status: 500, body: 'Internal Server Error' });
  });

  it('serves the catalog without a key, with its cache headers, and answers 304 to its ETag', async () => {
    const response = await fetch(`${fake.baseUrl}/catalog`);
    const body = (await response.json()) as { datasets: Array<{ name: string; version: string; children: string[] }> };
    expect([response.status, response.headers.get('cache-control')]).toEqual([200, 'public, max-age=300']);
    expect(body.datasets.find((d) => d.name === 'sanctions')).toMatchObject({ version: '20261201060112-qzt', children: ['fictional_ofac', 'fictional_eu'] });
    const again = await fetch(`${fake.baseUrl}/catalog`, { headers: { 'if-none-match': response.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });
});
