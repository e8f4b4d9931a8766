/*
 * OpenCorporates' answers as its API Reference (v0.4) documents them: every answer wraps its data
 * in `results` beside `api_version`; a search lists `{ company }` items with paging counts; a
 * company's own answer is `{ company }` with its officers as `{ officer }` items. Only the fields
 * this adapter reads are typed; the rest pass through untouched in the trace.
 */

/** A registered address, structured (since API 0.4) when the registry gives it so. */
export interface OpenCorporatesAddress {
  street_address?: string | null;
  locality?: string | null;
  region?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

/** An officer as a company's answer lists it. */
export interface OpenCorporatesOfficer {
  id?: number;
  name: string;
  position?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  inactive?: boolean | null;
  [field: string]: unknown;
}

/** A company: sparse in search results, with officers in its own answer. */
export interface OpenCorporatesCompany {
  name: string;
  company_number: string;
  jurisdiction_code: string;
  incorporation_date?: string | null;
  dissolution_date?: string | null;
  company_type?: string | null;
  /** OpenCorporates' own flag: true once dissolved, removed, liquidated, merged... (never "active" by itself). */
  inactive?: boolean | null;
  /** The registry's status word, empty when the registry states none. */
  current_status?: string | null;
  registered_address?: OpenCorporatesAddress | null;
  registered_address_in_full?: string | null;
  officers?: { officer: OpenCorporatesOfficer }[];
  [field: string]: unknown;
}

/** `GET /v0.4/companies/search`. */
export interface OpenCorporatesSearchAnswer {
  api_version: string;
  results: { companies: { company: OpenCorporatesCompany }[]; page: number; per_page: number; total_pages: number; total_count: number };
}

/** `GET /v0.4/companies/{jurisdiction_code}/{company_number}`. */
export interface OpenCorporatesCompanyAnswer {
  api_version: string;
  results: { company: OpenCorporatesCompany };
}

/** The body of OpenCorporates' refusals (`{"error":{"message":"Invalid Api Token"}}` for a 401). */
export interface OpenCorporatesErrorBody {
  error: { message: string };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function isCompany(value: unknown): value is OpenCorporatesCompany {
  return isObject(value) && typeof value.name === 'string' && typeof value.company_number === 'string' && typeof value.jurisdiction_code === 'string';
}

/** Whether a search answer has the documented shape (results.companies[].company with its keys). */
export function isSearchAnswer(body: unknown): body is OpenCorporatesSearchAnswer {
  if (!isObject(body) || !isObject(body.results) || !Array.isArray(body.results.companies)) return false;
  return body.results.companies.every((item) => isObject(item) && isCompany(item.company));
}

/** Whether a company answer has the documented shape (results.company, officers an array when present). */
export function isCompanyAnswer(body: unknown): body is OpenCorporatesCompanyAnswer {
  if (!isObject(body) || !isObject(body.results) || !isCompany(body.results.company)) return false;
  const { officers } = body.results.company;
  return officers === undefined || officers === null || (Array.isArray(officers) && officers.every((item) => isObject(item) && isObject(item.officer) && typeof item.officer.name === 'string'));
}
