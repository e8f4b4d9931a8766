/*
 * Compliancely's IRS TIN matching, built from Compliancely's published API documentation:
 * - TIN Match (Hybrid), the call used: https://apideveloper.compliancely.com/reference/api_v1_tin_match_create
 * - TIN Match Request (Asynchronous): the request and answer fields, statuses, irs_code -1 and 10,
 *   the credit-limit error: https://apideveloper.compliancely.com/reference/api_v1_submissions_create
 * - TIN Match Sandbox Documentation: the `Authorization: Token` header, sample answers (irs_code 3,
 *   and -1 while the IRS is down): https://apideveloper.compliancely.com/reference/tin-match-sandbox-documentation
 * - Authentication: the production host, the 400/429/500/502 answers:
 *   https://apideveloper.compliancely.com/docs/authentication, and the token's refusals
 *   ("Invalid token.", "Authentication credentials were not provided."):
 *   https://apideveloper.compliancely.com/reference/api_v1_auth-token_create
 * - The IRS's codes 0-8: IRS Publication 2108-A (as listed at
 *   https://www.w9manager.com/faqs/what-type-of-response-will-users-receive/).
 * Compliancely's own sandbox is https://sandbox.compliancely.com (a sandbox token from the
 * Compliancely application; TINs ending in a digit answer that digit as the code, 9 answers 0).
 */
import type { TinMatchProvider, TinMatchResult } from '../verification.providers';
import { ProviderError } from '../providers.errors';
import { createVendorHttp, VendorCallError, type VendorHttp } from '../vendor-http';
import { irsTinMatchOutcome } from './irs-tin-match-codes';
import { maskTin } from './mask-tin';

/** Compliancely's production host (`TIN_MATCH_BASE_URL` by default). */
export const COMPLIANCELY_PRODUCTION_URL = 'https://app1.compliancely.com';

/**
 * The hybrid TIN match: it answers the IRS's result in the same call, within about 30 seconds,
 * and otherwise answers a pending result (irs_code -1) and queues the request.
 * not in the vendor's docs: the path itself, exactly. The copy of the page we could read lacks
 * its URL line; the path is read from the page's operation name `api_v1_tin_match_create` (as
 * `api_v1_submissions_create` is `POST /api/v1/submissions/`). Its note names the endpoint
 * `api/v1/tin/match/tin/match/`, which we read as a slip for the same path.
 */
export const COMPLIANCELY_TIN_MATCH_PATH = '/api/v1/tin/match/';

const ADAPTER = 'compliancely';
const API_VERSION = 'v1';
/** Longer than the 30 seconds the hybrid call may wait on the IRS before answering pending. */
const DEFAULT_TIMEOUT_MS = 40_000;
/** The documented limit of `name`: "Not more than 40 characters". */
const NAME_MAX_LENGTH = 40;

export interface CompliancelyTinProviderOptions {
  /** `TIN_MATCH_BASE_URL`: {@link COMPLIANCELY_PRODUCTION_URL} by default, a fake in tests. */
  baseUrl: string;
  /**
   * The Compliancely API token, sent as `Authorization: Token <api_key>` as the TIN-match pages
   * show. Their authentication page announces the end of this token (API V1 and Basic auth, May 31,
   * 2026) for a one-hour Bearer token got from a username and password (`POST /api/v2/token/`).
   */
  credentials: { api_key: string };
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** What Compliancely answers for a TIN match (the fields we read; the rest stays in the trace). */
interface CompliancelyTinMatchAnswer {
  irs_code?: unknown;
}

/** The TIN as Compliancely takes it: "9 digits without any special characters". */
function tinDigits(tin: string): string {
  return tin.replace(/[\s-]/g, '');
}

/**
 * The legal name as Compliancely takes it: "No special characters allowed except ampersand (&),
 * hyphen(-)", at most 40 characters. Accents lose their marks and other punctuation is dropped
 * ("Café Noir, Inc." is sent "Cafe Noir Inc", "O'Hara" "OHara"): a legal name's commas and
 * periods would otherwise make every such business's check fail.
 */
export function compliancelyName(legalName: string): string {
  const plain = legalName.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const allowed = plain.replace(/[^A-Za-z0-9&\-\s]+/g, '').replace(/\s+/g, ' ').trim();
  return allowed.slice(0, NAME_MAX_LENGTH).trim();
}

/**
 * A body that is not JSON fails with the parser's error as its cause, and that error quotes the
 * body, which may echo the TIN: the error is kept, its cause is not.
 */
function withoutQuotedBody(err: unknown): unknown {
  if (err instanceof VendorCallError && err.cause instanceof SyntaxError) {
    return new VendorCallError(err.message, { transient: err.transient, status: err.status, retryAfterMs: err.retryAfterMs });
  }
  return err;
}

async function askCompliancely(call: VendorHttp, tin: string, name: string) {
  try {
    return await call<CompliancelyTinMatchAnswer | null>({ method: 'POST', path: COMPLIANCELY_TIN_MATCH_PATH, body: { tin, name } });
  } catch (err) {
    throw withoutQuotedBody(err);
  }
}

/** TIN matching by Compliancely (adapter `compliancely`). The TIN is sent, never logged, and masked in the trace. */
export function createCompliancelyTinProvider(options: CompliancelyTinProviderOptions): TinMatchProvider {
  const apiKey = options.credentials.api_key;
  if (typeof apiKey !== 'string' || apiKey.trim() === '') {
    throw new ProviderError('Compliancely needs an api_key', { transient: false });
  }
  const call = createVendorHttp({
    vendor: 'Compliancely',
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    authorize: () => ({ authorization: `Token ${apiKey}` }),
    fetch: options.fetch,
  });
  return {
    name: ADAPTER,
    async matchTin({ tin, legalName }): Promise<TinMatchResult> {
      const digits = tinDigits(tin);
      const name = compliancelyName(legalName);
      if (name === '') throw new ProviderError('The legal name has no character Compliancely accepts', { transient: false });
      // A TIN that is not nine digits is still sent: Compliancely's own check refuses it (HTTP 400).
      const answer = await askCompliancely(call, digits, name);
      const outcome = irsTinMatchOutcome(answer.body?.irs_code);
      if (outcome.kind === 'unanswered') throw new ProviderError(outcome.message, { transient: outcome.transient });
      return {
        matched: outcome.matched,
        code: outcome.code,
        description: outcome.description,
        trace: { adapter: ADAPTER, version: API_VERSION, raw: maskTin(answer.text, digits) },
      };
    },
  };
}
