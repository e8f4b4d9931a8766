/*
 * A fake of Mastercard MATCH Pro for `startFakeVendor`, over a list of terminated merchants the test
 * chooses. Every request passes the gateway's OAuth 1.0a check first (./match-pro-oauth.ts); then:
 * - `POST /termination-inquiries`: `terminationInquiryRequest` { acquirerId, merchant { name, ...,
 *   principals (at most 5), searchCriteria } }, the acquirer ID one the consumer key may inquire as;
 *   answers the inquiry's first page and keeps its results under a new reference;
 * - `GET /termination-inquiries/{inquiry_ref_num}?page_offset=&page_length=`: a page of those results
 *   (`page_offset` counts items; only the consumer key that made the inquiry may read it);
 * - `GET /countries`: the reference countries.
 * Pages answer `terminationInquiryRequest` (the inquiry as made) beside `terminationInquiryResponse`
 * { ref, pageOffset, possibleMerchantMatches: [{ totalLength, terminatedMerchants }] }. MATCH Pro's
 * default page length and its countries' body were not found in what could be read: the fake's are
 * 10, and `{ countries: [{ countryCode, name }] }`.
 */
import type { FakeAnswer, FakeRequest } from '../../fake-vendor';
import { acquirerUnauthorized, authenticationFailed, errorAnswer, inquiryNotFound, invalidInput } from './match-pro-errors';
import { compareWith, type FakeTerminatedMerchant, type InquiredMerchant } from './match-pro-matching';
import { checkOAuth } from './match-pro-oauth';

/** The path of MATCH Pro's base URL (`.../mcp/match/api`); the fake answers under it. */
export const MATCH_PRO_FAKE_BASE_PATH = '/mcp/match/api';

/** A client of the fake: its public key (PEM) and the acquirer IDs (ICAs) it may inquire as. */
export interface MatchProFakeConsumer {
  publicKey: string;
  acquirerIds: string[];
}

export interface MatchProFakeData {
  /** By consumer key. */
  consumers: Record<string, MatchProFakeConsumer>;
  terminated: FakeTerminatedMerchant[];
}

interface StoredInquiry {
  consumerKey: string;
  request: Record<string, unknown>;
  entries: unknown[];
}

const DEFAULT_PAGE_LENGTH = 10;
const COUNTRIES = [{ countryCode: 'USA', name: 'UNITED STATES' }, { countryCode: 'CAN', name: 'CANADA' }];

function pageOf(ref: string, inquiry: StoredInquiry, query: URLSearchParams): FakeAnswer {
  const offset = Number(query.get('page_offset') ?? 0);
  const length = Number(query.get('page_length') ?? DEFAULT_PAGE_LENGTH);
  if (!Number.isInteger(offset) || offset < 0) return invalidInput('page_offset', 'page_offset must be a whole number, 0 or more.');
  if (!Number.isInteger(length) || length < 1 || length > 100) return invalidInput('page_length', 'page_length must be a whole number from 1 to 100.');
  const terminatedMerchants = inquiry.entries.slice(offset, offset + length);
  const terminationInquiryResponse = { ref, pageOffset: offset, possibleMerchantMatches: [{ totalLength: inquiry.entries.length, terminatedMerchants }] };
  return { status: 200, body: { terminationInquiryRequest: inquiry.request, terminationInquiryResponse } };
}

/** The fake's handler and the inquiries it has kept (by reference). */
export function matchProFake(data: MatchProFakeData) {
  const publicKeys = new Map(Object.entries(data.consumers).map(([key, consumer]) => [key, consumer.publicKey]));
  const inquiries = new Map<string, StoredInquiry>();

  function inquire(consumerKey: string, request: FakeRequest): FakeAnswer {
    let body: { terminationInquiryRequest?: { acquirerId?: unknown; merchant?: InquiredMerchant & { searchCriteria?: { minPossibleMatchCount?: string } } } };
    try {
      body = JSON.parse(request.body);
    } catch {
      return invalidInput('Request.Payload', 'The request body is not valid JSON.');
    }
    const inquiry = body?.terminationInquiryRequest;
    const merchant = inquiry?.merchant;
    if (typeof inquiry?.acquirerId !== 'string' || inquiry.acquirerId === '') return invalidInput('terminationInquiryRequest.acquirerId', 'acquirerId is required.');
    if (typeof merchant?.name !== 'string' || merchant.name.trim() === '') return invalidInput('terminationInquiryRequest.merchant.name', 'name is required.');
    if ((merchant.principals ?? []).length > 5) return invalidInput('terminationInquiryRequest.merchant.principals', 'Merchant Principals exceed length 5');
    if (!data.consumers[consumerKey].acquirerIds.includes(inquiry.acquirerId)) return acquirerUnauthorized();
    const least = Math.max(1, Number(merchant.searchCriteria?.minPossibleMatchCount ?? 1));
    const entries = data.terminated.map((listed) => compareWith(merchant, listed)).filter((c) => c.agreements >= least).map((c) => c.entry);
    const ref = `${inquiry.acquirerId}${String(inquiries.size + 1).padStart(8, '0')}`;
    const stored: StoredInquiry = { consumerKey, request: inquiry as Record<string, unknown>, entries };
    inquiries.set(ref, stored);
    return pageOf(ref, stored, request.query);
  }

  function answer(request: FakeRequest): FakeAnswer {
    const verdict = checkOAuth(request, publicKeys);
    if (!verdict.ok) return authenticationFailed(verdict.failure, verdict.baseString);
    const path = request.path.startsWith(MATCH_PRO_FAKE_BASE_PATH) ? request.path.slice(MATCH_PRO_FAKE_BASE_PATH.length) : '';
    if (request.method === 'GET' && path === '/countries') return { status: 200, body: { countries: COUNTRIES } };
    if (request.method === 'POST' && path === '/termination-inquiries') return inquire(verdict.consumerKey, request);
    const ref = /^\/termination-inquiries\/([^/]+)$/.exec(path)?.[1];
    if (request.method === 'GET' && ref !== undefined) {
      const inquiry = inquiries.get(decodeURIComponent(ref));
      return inquiry && inquiry.consumerKey === verdict.consumerKey ? pageOf(decodeURIComponent(ref), inquiry, request.query) : inquiryNotFound();
    }
    return errorAnswer(404, { Source: 'System', ReasonCode: 'RESOURCE_NOT_FOUND', Description: 'No such resource.', Recoverable: false });
  }

  return { answer, inquiries };
}
