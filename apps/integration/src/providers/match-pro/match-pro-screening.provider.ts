/*
 * The `match-pro` adapter of the `merchant-screening` capability: Mastercard MATCH Pro's termination
 * inquiry. Built from the pages cited in ./match-pro.api.ts (MATCH Pro's use cases, testing, code and
 * formats; Mastercard's OAuth 1.0a guide; the MATCH API's specification) and the README of
 * Mastercard's signer (npmjs.com/package/mastercard-oauth1-signer).
 *
 * `screen` posts one inquiry as the acquirer, then reads every page of its results with
 * `GET /termination-inquiries/{ref}` (`page_offset` counts items, as MATCH documents it: an offset of
 * 10 starts at item 11). `checkConnection` makes the cheapest signed call MATCH Pro has: a read of its
 * reference countries, which creates no inquiry.
 */
import { CONNECTION_ESTABLISHED, type ConnectionCheck, type ScreeningCredentials, type ScreeningOutcome, type ScreeningProvider } from '../screening.provider';
import type { VendorTrace } from '../verification.providers';
import { ProviderError } from '../providers.errors';
import { createVendorHttp, VendorCallError, type VendorAnswer, type VendorHttp } from '../vendor-http';
import { COUNTRIES_PATH, MATCH_PRO_API_VERSION, TERMINATION_INQUIRIES_PATH, type TerminatedMerchantMatch, type TerminationInquiryAnswer } from './match-pro.api';
import { terminationInquiryOf, type MatchProSearch } from './match-pro-inquiry';
import { outcomeOf } from './match-pro-outcome';
import { matchProAuthorize, signingKeyOf, type MatchProCredentials } from './match-pro-signing';

export interface MatchProScreeningOptions {
  /** `MATCH_PRO_BASE_URL`: {@link MATCH_PRO_PRODUCTION_URL} unless set. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Results read a call (`page_length`); 10 by default. */
  pageLength?: number;
  /** Worldwide unless regions or countries are named. */
  search?: MatchProSearch;
}

/** What `screen` answers: the outcome, and the raw answers (the POST's, then each page's) traced. */
export type MatchProScreeningOutcome = ScreeningOutcome & { trace: VendorTrace };

/** The `match-pro` screening provider; its outcomes carry their trace. */
export interface MatchProScreeningProvider extends ScreeningProvider {
  screen(request: Parameters<ScreeningProvider['screen']>[0]): Promise<MatchProScreeningOutcome>;
}

const VENDOR = 'MATCH Pro';
/** A bound on the pages read, should MATCH Pro keep promising more results than it gives. */
const MAX_PAGES = 100;

const unreadable = (answer: VendorAnswer<unknown>) =>
  new VendorCallError(`${VENDOR} answered a termination inquiry that could not be read (HTTP ${answer.status})`, { transient: true, status: answer.status });

/** The inquiry's part of an answer, or a transient failure when the body is not one. */
function inquiryOf(answer: VendorAnswer<TerminationInquiryAnswer>) {
  const inquiry = answer.body?.terminationInquiryResponse;
  const groups = inquiry?.possibleMerchantMatches ?? [];
  if (typeof inquiry !== 'object' || inquiry === null || !Array.isArray(groups) || groups.some((group) => !Array.isArray(group?.terminatedMerchants ?? []))) {
    throw unreadable(answer);
  }
  const matches = groups.flatMap((group) => group.terminatedMerchants ?? []);
  const totals = groups.map((group) => group.totalLength).filter((total): total is number => typeof total === 'number');
  return { ref: inquiry.ref, matches, total: totals.length > 0 ? totals.reduce((a, b) => a + b, 0) : null };
}

export function createMatchProScreeningProvider(options: MatchProScreeningOptions): MatchProScreeningProvider {
  const pageLength = options.pageLength ?? 10;

  /** A signed client for these credentials; throws a permanent ProviderError when the key cannot sign. */
  function httpFor(credentials: ScreeningCredentials): VendorHttp {
    const signingKey = signingKeyOf(credentials as MatchProCredentials);
    const authorize = matchProAuthorize(credentials.consumerKey, signingKey);
    return createVendorHttp({ vendor: VENDOR, baseUrl: options.baseUrl, timeoutMs: options.timeoutMs, fetch: options.fetch, authorize });
  }

  /** Every page of the inquiry's terminated merchants, and the raw text of each page. */
  async function readAll(call: VendorHttp, ref: string) {
    const matches: TerminatedMerchantMatch[] = [];
    const texts: string[] = [];
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const answer = await call<TerminationInquiryAnswer>({
        method: 'GET',
        path: `${TERMINATION_INQUIRIES_PATH}/${encodeURIComponent(ref)}`,
        query: { page_offset: matches.length, page_length: pageLength },
      });
      texts.push(answer.text);
      const read = inquiryOf(answer);
      matches.push(...read.matches);
      const done = read.total === null ? read.matches.length < pageLength : matches.length >= read.total;
      if (done || read.matches.length === 0) return { matches, texts };
    }
    throw new VendorCallError(`${VENDOR} answered more than ${MAX_PAGES} pages of results`, { transient: true, status: null });
  }

  return {
    name: 'match-pro',

    async checkConnection(credentials): Promise<ConnectionCheck> {
      try {
        await httpFor(credentials)({ method: 'GET', path: COUNTRIES_PATH });
        return { ok: true, message: CONNECTION_ESTABLISHED };
      } catch (err) {
        const refused = err instanceof VendorCallError ? err.status === 401 || err.status === 403 : err instanceof ProviderError && !err.transient;
        if (refused) return { ok: false, message: (err as ProviderError).message };
        throw err;
      }
    },

    async screen({ business, icas, credentials }): Promise<MatchProScreeningOutcome> {
      const acquirerId = credentials.acquirerId ?? icas[0];
      if (!acquirerId) throw new ProviderError('No acquirer ID (ICA) to make the MATCH Pro inquiry as: set acquirer_id or give an ICA.', { transient: false });
      const call = httpFor(credentials);
      const posted = await call<TerminationInquiryAnswer>({ method: 'POST', path: TERMINATION_INQUIRIES_PATH, body: terminationInquiryOf(business, acquirerId, options.search) });
      const { ref } = inquiryOf(posted);
      if (typeof ref !== 'string' || ref === '') throw unreadable(posted);
      const { matches, texts } = await readAll(call, ref);
      const raw = JSON.stringify([posted.text, ...texts]);
      return { ...outcomeOf({ business, icas, ref, matches }), trace: { adapter: 'match-pro', version: MATCH_PRO_API_VERSION, raw } };
    },
  };
}
