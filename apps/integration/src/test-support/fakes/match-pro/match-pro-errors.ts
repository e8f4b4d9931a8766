/*
 * MATCH Pro's error answers, in the body its "Code and Formats" page documents
 * (developer.mastercard.com/match/documentation/code-and-formats): `Errors.Error[]` of `Source` (the
 * field in error, or System), `ReasonCode`, `Description`, `Recoverable`, `Details`. Documented there:
 * the reason codes INVALID_INPUT_VALUE, SECURITY_CREDENTIAL_UNAUTHORIZED and
 * VOLUME_THRESHOLD_EXCEEDED and the descriptions "Merchant Principals exceed length 5", "The system is
 * experiencing heavy traffic volume, please try again later" and "Maximum requests exceeded for the
 * current time window". The gateway's 401 (Source "Gateway", AUTHENTICATION_FAILED, "OAuth
 * signatures did not match. Acceptable signature base string: ...") is as Mastercard's gateway
 * answers it in the issues of its signer repositories.
 * Not found in what could be read, and so this fake's own: which HTTP status goes with
 * SECURITY_CREDENTIAL_UNAUTHORIZED (403 here) and VOLUME_THRESHOLD_EXCEEDED (429 and 503 here), the
 * gateway's words for an unknown consumer key or a wrong body hash, and the 404 and 500 bodies.
 */
import type { FakeAnswer } from '../../fake-vendor';
import type { OAuthFailure } from './match-pro-oauth';

export interface MatchProError {
  Source: string;
  ReasonCode: string;
  Description: string;
  Recoverable: boolean;
  Details: string | null;
}

/** An answer of `status` with MATCH Pro's error body. */
export function errorAnswer(status: number, error: Omit<MatchProError, 'Details'> & { Details?: string | null }, headers?: Record<string, string>): FakeAnswer {
  return { status, ...(headers ? { headers } : {}), body: { Errors: { Error: [{ Details: null, ...error }] } } };
}

const GATEWAY_WORDS: Record<Exclude<OAuthFailure, 'signature'>, string> = {
  missing: 'OAuth parameters are missing or invalid in the Authorization header.',
  'unknown-consumer': 'OAuth consumer key is not recognized.',
  'body-hash': 'OAuth body hash does not match the request body.',
};

/** The gateway's 401 for a request whose OAuth signature does not verify. */
export function authenticationFailed(failure: OAuthFailure, baseString: string): FakeAnswer {
  const description = failure === 'signature' ? `OAuth signatures did not match. Acceptable signature base string: ${baseString}` : GATEWAY_WORDS[failure];
  return errorAnswer(401, { Source: 'Gateway', ReasonCode: 'AUTHENTICATION_FAILED', Description: description, Recoverable: false });
}

/** A field MATCH Pro refuses (400). */
export const invalidInput = (source: string, description: string): FakeAnswer =>
  errorAnswer(400, { Source: source, ReasonCode: 'INVALID_INPUT_VALUE', Description: description, Recoverable: false });

/** An acquirer ID the consumer key may not inquire as. */
export const acquirerUnauthorized = (): FakeAnswer =>
  errorAnswer(403, { Source: 'terminationInquiryRequest.acquirerId', ReasonCode: 'SECURITY_CREDENTIAL_UNAUTHORIZED', Description: 'The acquirer ID is not authorized for this client.', Recoverable: false });

export const inquiryNotFound = (): FakeAnswer =>
  errorAnswer(404, { Source: 'inquiry_ref_num', ReasonCode: 'RESOURCE_NOT_FOUND', Description: 'No inquiry with this reference number.', Recoverable: false });

/** The rate limit: MATCH's documented words, with a `Retry-After`. */
export const rateLimited = (retryAfterSeconds: number): FakeAnswer =>
  errorAnswer(429, { Source: 'Gateway', ReasonCode: 'VOLUME_THRESHOLD_EXCEEDED', Description: 'Maximum requests exceeded for the current time window', Recoverable: true }, { 'retry-after': String(retryAfterSeconds) });

export const overloaded = (): FakeAnswer =>
  errorAnswer(503, { Source: 'System', ReasonCode: 'VOLUME_THRESHOLD_EXCEEDED', Description: 'The system is experiencing heavy traffic volume, please try again later', Recoverable: true });

export const systemError = (): FakeAnswer =>
  errorAnswer(500, { Source: 'System', ReasonCode: 'SYSTEM_ERROR', Description: 'An unexpected error occurred.', Recoverable: true });
