import type { FakeAnswer, FakeRequest } from '../../fake-vendor';
import type { OpenCorporatesCompany } from '../../../providers/opencorporates/opencorporates.types';

/*
 * OpenCorporates' API (version 0.4) as its documentation gives it, over a data set of the test's
 * choosing: GET /v0.4/companies/search (`q`, `jurisdiction_code`, `per_page`, `page`) and GET
 * /v0.4/companies/{jurisdiction_code}/{company_number}, every request refused with 401 and
 * `{"error":{"message":"Invalid Api Token"}}` unless its `api_token` is the data set's. The search
 * is simpler than OpenCorporates' own: a company matches when its name has every word of `q`.
 * Refusals use the documented statuses; their bodies take the 401's envelope, `{"error":{"message"}}`,
 * with the documentation's words (only the 401's text is recorded from the real API). 429 is not in
 * OpenCorporates' list (it rate-limits with 403): it is here for a proxy's rate limit.
 */
export const OPENCORPORATES_ERRORS: Record<number, string> = {
  400: 'Bad Request: The request was invalid.',
  401: 'Invalid Api Token',
  403: 'Forbidden: The request is understood, but it has been refused.',
  404: 'Not Found: The URI requested is invalid or the resource requested does not exist.',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway: OpenCorporates is down or being upgraded.',
  503: 'Service Unavailable: The OpenCorporates servers are up, but overloaded with requests.',
};

/** The fake's data: the one token it accepts and the companies it knows, with their officers. */
export interface OpenCorporatesFakeData {
  apiToken: string;
  companies: OpenCorporatesCompany[];
}

/** The fake: `answer` for `startFakeVendor`; `failNext` makes the next authenticated request fail. */
export interface OpenCorporatesFake {
  answer(request: FakeRequest): FakeAnswer;
  failNext(status: number, headers?: Record<string, string>): void;
}

const refusal = (status: number, headers?: Record<string, string>): FakeAnswer => ({
  status,
  headers,
  body: { error: { message: OPENCORPORATES_ERRORS[status] ?? 'Error' } },
});

const words = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

function search(query: URLSearchParams, companies: OpenCorporatesCompany[]): FakeAnswer {
  const q = words(query.get('q') ?? '');
  if (q.length === 0) return refusal(400);
  const jurisdiction = query.get('jurisdiction_code');
  const perPage = Math.min(Number(query.get('per_page') ?? 30) || 30, 100);
  const page = Math.max(Number(query.get('page') ?? 1) || 1, 1);
  const found = companies.filter((c) => (!jurisdiction || c.jurisdiction_code === jurisdiction) && q.every((w) => words(c.name).includes(w)));
  const shown = found.slice((page - 1) * perPage, page * perPage).map(({ officers: _officers, ...sparse }) => ({ company: sparse }));
  return {
    status: 200,
    body: { api_version: '0.4', results: { companies: shown, page, per_page: perPage, total_pages: Math.ceil(found.length / perPage), total_count: found.length } },
  };
}

/** Builds the fake of OpenCorporates over `data`. */
export function createOpenCorporatesFake(data: OpenCorporatesFakeData): OpenCorporatesFake {
  let failure: FakeAnswer | null = null;
  return {
    failNext(status, headers) {
      failure = refusal(status, headers);
    },
    answer(request) {
      if (request.query.get('api_token') !== data.apiToken) return refusal(401);
      if (failure) {
        const answer = failure;
        failure = null;
        return answer;
      }
      const parts = request.path.split('/').filter(Boolean).map(decodeURIComponent);
      if (request.method !== 'GET' || parts[0] !== 'v0.4' || parts[1] !== 'companies') return refusal(404);
      if (parts.length === 3 && parts[2] === 'search') return search(request.query, data.companies);
      const company = parts.length === 4 ? data.companies.find((c) => c.jurisdiction_code === parts[2] && c.company_number === parts[3]) : undefined;
      return company ? { status: 200, body: { api_version: '0.4', results: { company } } } : refusal(404);
    },
  };
}
