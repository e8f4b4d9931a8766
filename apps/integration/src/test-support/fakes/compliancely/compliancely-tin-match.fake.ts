import type { FakeAnswer, FakeRequest } from '../../fake-vendor';
import { compliancelyAnswer, irsCodeFor, type CompliancelyTinRecord } from './compliancely-irs';

export type { CompliancelyTinRecord } from './compliancely-irs';

/*
 * Compliancely's hybrid TIN match (`POST /api/v1/tin/match/`), played from its documentation:
 * https://apideveloper.compliancely.com/reference/api_v1_tin_match_create,
 * https://apideveloper.compliancely.com/reference/api_v1_submissions_create,
 * https://apideveloper.compliancely.com/reference/tin-match-sandbox-documentation,
 * https://apideveloper.compliancely.com/docs/authentication. The bodies below are the documented
 * ones; where the docs give a body but no status, or no body, the comment says so.
 */

/** A documented failure the fake answers to every call while it is set. */
export type CompliancelyTrouble = 'throttled' | 'credit-limit' | 'server-error' | 'bad-gateway';

export interface CompliancelyFakeOptions {
  /** The account's API token: only `Authorization: Token <token>` is let in. */
  token: string;
  /** What the IRS holds (a TIN's registered name, and the code it answers, 0 unless told). */
  records: CompliancelyTinRecord[];
  trouble?: CompliancelyTrouble;
  /** The answer comes this much later (an IRS slower than the caller's time-out). */
  delayMs?: number;
  /** The time in the answers' dates. */
  now?: Date;
}

export const COMPLIANCELY_TIN_MATCH_PATH = '/api/v1/tin/match/';

const THROTTLED =
  'Your request has been throttled due to exceeding the allowed rate limit. Please wait for 10 minutes before trying again. If this issue persists, consider adjusting the request frequency or contact support for further assistance.';

const TROUBLE: Record<CompliancelyTrouble, FakeAnswer> = {
  throttled: { status: 429, body: { detail: THROTTLED } },
  // not in the vendor's docs: the status of the credit-limit refusal (the body is documented).
  'credit-limit': { status: 403, body: { code: 'credit_message', message: 'Credit limit reached! For assistance, please contact the support' } },
  'server-error': { status: 500, body: 'Internal Server Error' },
  'bad-gateway': { status: 502, body: 'Bad Gateway' },
};

/*
 * The token's refusals, with the documented bodies. not in the vendor's docs: their status, 401
 * (the docs give the bodies only); a header other than `Token <key>` counts as no credentials.
 */
function authRefusal(header: string | undefined, token: string): FakeAnswer | null {
  if (header === undefined || !header.startsWith('Token ')) return { status: 401, body: { detail: 'Authentication credentials were not provided.' } };
  return header.slice('Token '.length) === token ? null : { status: 401, body: { detail: 'Invalid token.' } };
}

/*
 * The request's checks: "tin: 9 digits without any special characters"; "name: Not more than 40
 * characters. No special characters allowed except ampersand (&), hyphen(-)". not in the vendor's
 * docs: the 400 body of these endpoints; this is the field-error shape of the same API's documented
 * auth-token 400s, with their "This field is required." and "This field may not be blank.".
 */
function invalidFields(body: Record<string, unknown>): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const { tin, name } = body;
  if (tin === undefined) errors.tin = ['This field is required.'];
  else if (typeof tin !== 'string' || !/^\d{9}$/.test(tin)) errors.tin = ['Enter a valid TIN: 9 digits without any special characters.'];
  if (name === undefined) errors.name = ['This field is required.'];
  else if (typeof name !== 'string' || name.trim() === '') errors.name = ['This field may not be blank.'];
  else if (name.length > 40) errors.name = ['Ensure this field has no more than 40 characters.'];
  else if (!/^[A-Za-z0-9&\-\s]+$/.test(name)) errors.name = ['No special characters allowed except ampersand (&), hyphen(-).'];
  return Object.keys(errors).length === 0 ? null : errors;
}

function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The handler for `startFakeVendor`: Compliancely's TIN match over `options.records`. It reads
 * `options` at every call, so a test may set `trouble` or `delayMs` between calls.
 */
export function createCompliancelyTinMatchFake(options: CompliancelyFakeOptions): (request: FakeRequest) => FakeAnswer {
  let nextId = 4989258;
  return (request) => {
    // not in the vendor's docs: the 404, 405 and unreadable-JSON answers; these bodies are in the
    // `{"detail": ...}` shape of the API's documented errors.
    if (request.path !== COMPLIANCELY_TIN_MATCH_PATH) return { status: 404, body: { detail: 'Not found.' } };
    if (options.trouble === 'server-error' || options.trouble === 'bad-gateway') return TROUBLE[options.trouble];
    const refusal = authRefusal(request.headers.authorization, options.token);
    if (refusal) return refusal;
    if (options.trouble) return TROUBLE[options.trouble];
    if (request.method !== 'POST') return { status: 405, body: { detail: `Method "${request.method}" not allowed.` } };
    const body = jsonObject(request.body);
    if (body === null) return { status: 400, body: { detail: 'JSON parse error' } };
    const invalid = invalidFields(body);
    if (invalid) return { status: 400, body: invalid };
    const tin = body.tin as string;
    const name = body.name as string;
    const irsCode = irsCodeFor(options.records, tin, name);
    const answer = compliancelyAnswer({ id: nextId++, tin, name, irsCode, now: options.now ?? new Date() });
    return { status: 200, body: answer, delayMs: options.delayMs };
  };
}
