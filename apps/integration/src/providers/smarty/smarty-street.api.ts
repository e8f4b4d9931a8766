/*
 * Smarty's US Street Address API as the adapter speaks it, built from:
 * - https://www.smarty.com/docs/cloud/us-street-api (URL composition, GET and POST, input fields,
 *   status codes and results, output fields: `analysis.dpv_match_code`, `dpv_cmra`, `dpv_vacant`,
 *   `metadata.rdi`; the `match` output strategies: "strict: the API will return detailed output only
 *   if a valid match is found ... invalid: ... check the dpv_match_code. Values of Y, S, or D
 *   indicate a valid address")
 * - https://www.smarty.com/docs/cloud/authentication (secret keys, for server-side code: `auth-id`
 *   and `auth-token` in the query string, as the API page's example URL shows them)
 * - https://www.smarty.com/docs/http-status-code-error-meanings and
 *   https://www.smarty.com/archive/401-402-what-does-that-mean (400 for an unknown input field)
 * - Smarty's own SDKs, for what the pages leave implicit: github.com/smartystreets/smartystreets-go-sdk
 *   (`us-street-api/batch.go`: at most 100 lookups a request, one lookup as GET query fields, more as
 *   a POST JSON array; `lookup.go` and `candidate.go`: the field names) and
 *   github.com/smarty/smartystreets-javascript-sdk (`src/StatusCodeSender.ts`: error bodies are
 *   `{"errors":[{"message":...}]}`; `src/RetrySender.ts`: a 429 may carry `Retry-After`).
 */

/**
 * Smarty's production host; `SMARTY_BASE_URL` defaults to it. Smarty has no separate sandbox host:
 * its docs send testers to a free account on this same host (free lookups each month).
 */
export const SMARTY_PRODUCTION_URL = 'https://us-street.api.smarty.com';

/**
 * What the trace names as the version: Smarty does not version the US Street API in its path or
 * its headers, so the trace names the API itself.
 */
export const SMARTY_API_VERSION = 'us-street-api';

/** The one endpoint, for a single lookup (GET) and a batch (POST). */
export const SMARTY_STREET_PATH = '/street-address';

/** At most this many lookups in one POST (the SDKs' `MaxBatchSize`). */
export const SMARTY_MAX_LOOKUPS = 100;

/**
 * At most this many bytes of POST body: the docs' 413 has said 16K (16,384 bytes) and, later, 32K;
 * the adapter keeps under the smaller figure, which satisfies both.
 */
export const SMARTY_MAX_BODY_BYTES = 16_384;

/**
 * The candidates asked per lookup. Smarty answers up to this many when the input is ambiguous (one
 * by default, which would hide the ambiguity); two are enough to know there is more than one.
 */
export const SMARTY_CANDIDATES = 2;

/** One lookup: the documented input fields the adapter fills (as GET query fields or POST objects). */
export interface SmartyLookup {
  street: string;
  city?: string;
  state?: string;
  zipcode?: string;
  candidates: number;
  /** `strict`: only valid USPS addresses come back; no candidate means no valid match. */
  match: 'strict';
}

/** A candidate's `metadata`, the field the adapter reads (`Residential`, `Commercial`, or absent). */
export interface SmartyMetadata {
  rdi?: string;
}

/** A candidate's `analysis`, the fields the adapter reads (`Y`/`N` flags, absent or blank when unknown). */
export interface SmartyAnalysis {
  dpv_match_code?: string;
  dpv_cmra?: string;
  dpv_vacant?: string;
}

/** One candidate of the answer array: `input_index` is the lookup's position in the request. */
export interface SmartyCandidate {
  input_index: number;
  candidate_index: number;
  input_id?: string;
  delivery_line_1?: string;
  last_line?: string;
  metadata?: SmartyMetadata;
  analysis?: SmartyAnalysis;
}
