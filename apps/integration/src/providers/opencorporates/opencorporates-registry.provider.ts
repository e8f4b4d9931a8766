/*
 * The OpenCorporates registry adapter: a business's secretary-of-state filing from OpenCorporates'
 * REST API, version 0.4. Built from (our stored copies of OpenCorporates' pages show their start
 * only, so some facts come from copies of them, named here):
 * - API Reference 0.4.8, https://api.opencorporates.com/documentation/API-Reference: the endpoint
 *   api.opencorporates.com over https; an API key is required; answers wrapped in `results` beside
 *   `api_version`; a company's `name`, `company_number`, `jurisdiction_code`, `incorporation_date`,
 *   `inactive`, `current_status`;
 * - Versions, https://api.opencorporates.com/documentation/Versions: 0.4 returns the registered
 *   address as a structured object; name the version in the path (`/v0.4/...`);
 * - REST API introduction, https://api.opencorporates.com/documentation/REST-API-introduction;
 * - the Reference's endpoints as listed from it at https://github.com/streamdata-gallery-organizations/opencorporates
 *   (_listings/opencorporates/companiessearch-get-openapi.md): /companies/search with `q` and
 *   `jurisdiction_code`; /companies/{jurisdiction_code}/{company_number};
 * - OpenCorporates' data schema, https://github.com/openc/openc-schema (docs/company_schema/inactive.md,
 *   docs/company-schema/current_status.md, schemas/includes/address.json): what `inactive` and
 *   `current_status` mean; the address's `street_address`, `locality`, `region`, `postal_code`, `country`;
 * - the Reference's response codes as the client https://github.com/mikemaccana/nodejs-opencorporates
 *   copies them (opencorporates.js): 400 invalid request, 401 credentials not accepted, 403
 *   "returned during rate limiting", 404 no such company, 500/502 failure, 503 overloaded; the
 *   `api_token` parameter and the search's paging (`per_page`, `total_count`) as public clients
 *   send and read them; officers as `{ officer: { name, position, start_date, end_date, inactive } }`
 *   (https://github.com/CluedIn-io/CluedIn.Enricher.OpenCorporates, Model/Officer.cs); a 401's body
 *   from api.opencorporates.com, `{"error":{"message":"Invalid Api Token"}}`, as public notes record it.
 * We found no sandbox host of OpenCorporates documented: tests use our fake
 * (test-support/fakes/opencorporates); a trial runs against production with a real token.
 */
import { ProviderError } from '../providers.errors';
import type { BusinessProfile } from '../business-profile';
import { createVendorHttp, VendorCallError } from '../vendor-http';
import { filingOf, type RegistryFiling } from './opencorporates-filing';
import { AmbiguousRegistryMatchError, chooseCompany } from './opencorporates-match';
import { isCompanyAnswer, isSearchAnswer } from './opencorporates.types';
import { usJurisdictionOf } from './us-jurisdictions';

/** OpenCorporates' production host, the default of `OPENCORPORATES_BASE_URL`. */
export const OPENCORPORATES_PRODUCTION_URL = 'https://api.opencorporates.com';
/** The API version this adapter reads, named in every path as OpenCorporates advises. */
export const OPENCORPORATES_API_VERSION = 'v0.4';
/** How many search results are read: OpenCorporates' largest page. */
const SEARCH_PAGE_SIZE = 100;

/** What the adapter needs: `OPENCORPORATES_BASE_URL` and the tenant's `api_token`. */
export interface OpenCorporatesRegistryOptions {
  baseUrl: string;
  credentials: { api_token: string };
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The adapter, shaped as the verification area's `StateFilingProvider`. */
export interface OpenCorporatesRegistryProvider {
  readonly name: 'opencorporates';
  findFiling(business: BusinessProfile): Promise<RegistryFiling | null>;
}

/**
 * Finds a business's filing: searches its legal name in its state's registry, chooses the company
 * (opencorporates-match.ts), then reads that company for its status, dates, address and officers.
 * Null when no company of the state has the name; an {@link AmbiguousRegistryMatchError} when
 * several do equally well; a permanent ProviderError without a US state to search.
 */
export function createOpenCorporatesRegistryProvider(options: OpenCorporatesRegistryOptions): OpenCorporatesRegistryProvider {
  const call = createVendorHttp({ vendor: 'OpenCorporates', baseUrl: options.baseUrl, timeoutMs: options.timeoutMs, fetch: options.fetch });

  async function get<T>(path: string, query: Record<string, string | number>, documented: (body: unknown) => body is T) {
    // 403 is read here: OpenCorporates documents it as its rate-limiting answer, worth retrying.
    const answer = await call<unknown>({ method: 'GET', path: `/${OPENCORPORATES_API_VERSION}${path}`, query: { ...query, api_token: options.credentials.api_token }, answers: [403] });
    if (answer.status === 403) throw new VendorCallError('OpenCorporates is rate limiting these credentials (HTTP 403)', { transient: true, status: 403 });
    if (!documented(answer.body)) throw new VendorCallError(`OpenCorporates answered a body it does not document (HTTP ${answer.status})`, { transient: true, status: answer.status });
    return { body: answer.body, text: answer.text };
  }

  return {
    name: 'opencorporates',
    async findFiling(business) {
      const jurisdiction = usJurisdictionOf(business.addressState);
      if (!jurisdiction) throw new ProviderError("OpenCorporates needs the business's US state to know which registry to search", { transient: false });
      const search = await get('/companies/search', { q: business.name.trim(), jurisdiction_code: jurisdiction.code, per_page: SEARCH_PAGE_SIZE }, isSearchAnswer);
      const choice = chooseCompany(business.name, jurisdiction.code, search.body.results.companies.map((item) => item.company));
      if (choice.kind === 'none') return null;
      if (choice.kind === 'ambiguous') throw new AmbiguousRegistryMatchError(choice.count, jurisdiction.code);
      const path = `/companies/${encodeURIComponent(choice.company.jurisdiction_code)}/${encodeURIComponent(choice.company.company_number)}`;
      const company = await get(path, {}, isCompanyAnswer);
      return filingOf(company.body.results.company, jurisdiction.state, { adapter: 'opencorporates', version: OPENCORPORATES_API_VERSION, raw: company.text });
    },
  };
}
