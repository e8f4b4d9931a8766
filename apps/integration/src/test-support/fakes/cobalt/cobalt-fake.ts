import type { FakeAnswer, FakeRequest } from '../../fake-vendor';
import { COBALT_GATEWAY_ANSWERS } from './cobalt-gateway-answers';

/*
 * A fake of Cobalt Intelligence's Secretary of State search (`GET /v1/search`), from Cobalt's SDK
 * (github.com/cobalt-intelligence/cobalt-int-sdk), models (github.com/cobalt-intelligence/common)
 * and help centre (help.cobaltintelligence.com/article/api-response-statuses-and-messages and
 * .../handle-long-running-sos-searches-incomplete). Statuses and messages are Cobalt's where it
 * publishes them; where it does not (the text of `Retry Id invalid`), the fake sends none.
 */

/** A business in a state's registry, as Cobalt answers it (IBusiness): the test's choice of fields. */
export type CobaltFakeBusiness = { title: string; stateOfSosRegistration: string } & Record<string, unknown>;

export interface CobaltFakeData {
  /** The one key the fake accepts in `x-api-key`. */
  apiKey: string;
  businesses: readonly CobaltFakeBusiness[];
  /** `Incomplete` answers (with a retryId) before the result: 0 answers at once. */
  incompleteAnswers?: number;
}

const STATES = new Set('AL AK AZ AR CA CO CT DC DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(' '));

/** Cobalt's name normalisation (cobalt-int-common formatBusinessName): no punctuation, `&` as `and`, lower case. */
const formatted = (name: string) => name.replace(/[,.'"’]/g, '').replace(/&/g, 'and').replace(/\s+/g, ' ').toLowerCase().trim();

const answer = (status: number, body: Record<string, unknown>): FakeAnswer => ({ status, body });
const badRequest = (message: string) => answer(200, { status: 'Bad request', message });

/**
 * The fake's handler for `startFakeVendor`. It checks the key like Cobalt's gateway, validates the
 * search like Cobalt (a refused search is HTTP 200 `Bad request`), finds the businesses of the
 * searched state whose name starts with the searched name, and, when told, keeps the search
 * `Incomplete` (HTTP 202 with a retryId) for a number of answers before the result.
 */
export function createCobaltFake(data: CobaltFakeData): (request: FakeRequest) => FakeAnswer {
  const pending = new Map<string, { left: number; result: FakeAnswer }>();
  let searches = 0;
  const incomplete = (retryId: string) =>
    answer(202, { status: 'Incomplete', statusCode: 202, retryId, message: 'State is taking longer to acquire the data. Use this retryId to check back in for your data.' });

  const find = (query: string, state: string): FakeAnswer => {
    const results = data.businesses.filter((b) => b.stateOfSosRegistration.toUpperCase() === state && formatted(b.title).startsWith(formatted(query)));
    return results.length > 0
      ? answer(200, { status: 'Complete', statusCode: 200, message: 'Business found.', results })
      : answer(200, { status: 'Complete', statusCode: 200, message: `No business found with exact name of ${query}. Did you mean one of the alternative businesses?`, results: [], alternativeResults: [] });
  };

  const poll = (retryId: string): FakeAnswer => {
    const search = pending.get(retryId);
    if (!search) return answer(200, { status: 'Retry Id invalid' });
    if (search.left > 0) {
      search.left -= 1;
      return incomplete(retryId);
    }
    pending.delete(retryId);
    return search.result;
  };

  return (request) => {
    if (request.method !== 'GET' || request.path !== '/v1/search') return COBALT_GATEWAY_ANSWERS.missingAuthenticationToken;
    if (request.headers['x-api-key'] !== data.apiKey) return COBALT_GATEWAY_ANSWERS.forbidden;
    const retryId = request.query.get('retryId');
    if (retryId !== null) return poll(retryId);
    const query = request.query.get('searchQuery');
    const state = request.query.get('state');
    if (!query) return badRequest('searchQuery, sosId, or searchByPersonQuery is required');
    if (query.trim().length < 3) return badRequest('searchQuery must be at least 3 characters long.');
    if (!state) return badRequest('state is a required parameter.');
    if (!STATES.has(state.toUpperCase())) {
      return badRequest(`${state} currently not available for search. The state parameter must be camelCased, such as northCarolina, or abbreviated, such as nc.`);
    }
    const result = find(query, state.toUpperCase());
    const waits = data.incompleteAnswers ?? 0;
    if (waits === 0) return result;
    searches += 1;
    const id = `00000000-0000-4000-8000-${String(searches).padStart(12, '0')}`;
    pending.set(id, { left: waits - 1, result });
    return incomplete(id);
  };
}
