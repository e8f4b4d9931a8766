import type { FakeAnswer, FakeRequest } from '../../fake-vendor';
import { smartyErrorBody } from './smarty-errors';

/** An address the fake Smarty knows, and what it answers for it. */
export interface SmartyFakeAddress {
  /** A lookup matches with this street and either this city and state or this ZIP Code. */
  street: string;
  city: string;
  state: string;
  zipcode: string;
  /** Its candidates, in order (built with `smartyCandidate`); more than one: the input is ambiguous. */
  candidates: Array<Record<string, unknown>>;
}

/** A state of the account or the service in which Smarty answers no address. */
export type SmartyRefusal = 'no-subscription' | 'forbidden' | 'rate-limited' | 'internal-error' | 'upstream-timeout';

/** The fake's account, its data set, and how it misbehaves when a test asks it to. */
export interface SmartyFakeOptions {
  authId: string;
  authToken: string;
  addresses: SmartyFakeAddress[];
  refusal?: SmartyRefusal;
  /** `Retry-After` of a 429, in seconds. */
  retryAfterSeconds?: number;
  /** Answers after this long (a slow Smarty). */
  delayMs?: number;
  /** Answers 200 with a body cut short. */
  truncated?: boolean;
}

const REFUSAL_STATUS = { 'no-subscription': 402, forbidden: 403, 'rate-limited': 429, 'internal-error': 500, 'upstream-timeout': 504 } as const;
/** The documented input fields (GET query fields and POST lookup keys), besides the credentials. */
const INPUT_FIELDS = new Set(['street', 'street2', 'secondary', 'city', 'state', 'zipcode', 'lastline', 'addressee', 'urbanization', 'candidates', 'match', 'input_id', 'format', 'county_source']);
const MAX_BODY_BYTES = 16_384;

type Lookup = Record<string, unknown>;
const refused = (status: number, headers?: Record<string, string>): FakeAnswer => ({ status, headers, body: smartyErrorBody(status) });
const norm = (value: unknown) => String(value ?? '').toUpperCase().replace(/[.,#]/g, ' ').replace(/\s+/g, ' ').trim();

/** A GET's lookup from its query fields; an unknown field is a 400, no street a 422. */
function lookupOfQuery(query: URLSearchParams): Lookup[] | FakeAnswer {
  const fields = [...query.entries()].filter(([name]) => !['auth-id', 'auth-token', 'license'].includes(name));
  if (fields.some(([name]) => !INPUT_FIELDS.has(name))) return refused(400);
  const lookup = Object.fromEntries(fields);
  return lookup.street ? [lookup] : refused(422);
}

/** A POST's lookups: a JSON array of lookup objects with documented keys, under 16K. */
function lookupsOfBody(body: string): Lookup[] | FakeAnswer {
  if (Buffer.byteLength(body) > MAX_BODY_BYTES) return refused(413);
  let lookups: unknown;
  try {
    lookups = JSON.parse(body);
  } catch {
    return refused(400);
  }
  const wellFormed = Array.isArray(lookups) && lookups.length > 0 && lookups.every((l) => typeof l === 'object' && l !== null && !Array.isArray(l) && Object.keys(l).every((k) => INPUT_FIELDS.has(k)));
  return wellFormed ? (lookups as Lookup[]) : refused(400);
}

/** Strict matching: a known address's candidates, as many as the lookup asks (one by default). */
function candidatesFor(lookup: Lookup, inputIndex: number, addresses: readonly SmartyFakeAddress[]) {
  const known = addresses.find(
    (a) => norm(a.street) === norm(lookup.street) && ((norm(a.city) === norm(lookup.city) && norm(a.state) === norm(lookup.state)) || norm(a.zipcode) === norm(lookup.zipcode).slice(0, 5)),
  );
  const wanted = Math.min(10, Math.max(1, Number(lookup.candidates ?? 1) || 1));
  const inputId = lookup.input_id === undefined ? {} : { input_id: String(lookup.input_id) };
  return (known?.candidates ?? []).slice(0, wanted).map((candidate, candidateIndex) => ({ ...inputId, input_index: inputIndex, candidate_index: candidateIndex, ...candidate }));
}

function answerOf(request: FakeRequest, options: SmartyFakeOptions): FakeAnswer {
  if (request.path !== '/street-address' || !['GET', 'POST'].includes(request.method)) return { status: 404 };
  if (request.query.get('auth-id') !== options.authId || request.query.get('auth-token') !== options.authToken) return refused(401);
  if (options.refusal === 'rate-limited') return refused(429, { 'retry-after': String(options.retryAfterSeconds ?? 1) });
  if (options.refusal) return refused(REFUSAL_STATUS[options.refusal]);
  const lookups = request.method === 'GET' ? lookupOfQuery(request.query) : lookupsOfBody(request.body);
  if (!Array.isArray(lookups)) return lookups;
  if (options.truncated) return { status: 200, headers: { 'content-type': 'application/json' }, body: '[{"input_index":0,"candidate_index":0,"delivery_line_1":"1' };
  return { status: 200, body: lookups.flatMap((lookup, inputIndex) => candidatesFor(lookup, inputIndex, options.addresses)) };
}

/**
 * A fake of Smarty's US Street Address API for `startFakeVendor`: `/street-address` by GET (query
 * fields) or POST (a JSON array of lookups), the secret key pair checked in the query string, strict
 * matching against `addresses`, and Smarty's error statuses and bodies.
 */
export function smartyStreetFake(options: SmartyFakeOptions): (request: FakeRequest) => FakeAnswer {
  return (request) => ({ ...answerOf(request, options), ...(options.delayMs && { delayMs: options.delayMs }) });
}
