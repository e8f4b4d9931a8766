import type { VendorAnswer } from '../vendor-http';
import { VendorCallError } from '../vendor-http';
import { COBALT_STATUS, type CobaltBusiness, type CobaltSearchAnswer } from './cobalt.api';

/** What a search answer says, once read: still searching (with the id to poll), or the results. */
export type CobaltOutcome = { kind: 'searching'; retryId: string } | { kind: 'complete'; results: CobaltBusiness[] };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function unreadable(answer: VendorAnswer<unknown>): VendorCallError {
  return new VendorCallError(`Cobalt answered a search result that cannot be read (HTTP ${answer.status})`, { transient: true, status: answer.status });
}

/**
 * Reads a `/v1/search` answer by its `status`. Cobalt answers a refused search with HTTP 200 and
 * `Bad request` (a missing or too short name, a state it does not search, the account's usage
 * cap): permanent. `Failed` (the state's search failed) and `Retry Id invalid` (the pending search
 * is gone) are worth a new search later: transient. Anything else is unreadable: transient, like a
 * body that is not JSON. The messages are ours; Cobalt's `message` may echo the searched name.
 */
export function readCobaltAnswer(answer: VendorAnswer<CobaltSearchAnswer | null>): CobaltOutcome {
  const body: unknown = answer.body;
  if (!isObject(body)) throw unreadable(answer);
  const status = answer.status;
  switch (body.status) {
    case COBALT_STATUS.incomplete:
      if (typeof body.retryId !== 'string' || body.retryId === '') throw unreadable(answer);
      return { kind: 'searching', retryId: body.retryId };
    case COBALT_STATUS.complete: {
      const results = body.results ?? [];
      if (!Array.isArray(results) || !results.every(isObject)) throw unreadable(answer);
      return { kind: 'complete', results: results as CobaltBusiness[] };
    }
    case COBALT_STATUS.badRequest:
      throw new VendorCallError(`Cobalt refused the search request (Bad request, HTTP ${status})`, { transient: false, status });
    case COBALT_STATUS.failed:
      throw new VendorCallError(`Cobalt could not search the state's registry (Failed, HTTP ${status})`, { transient: true, status });
    case COBALT_STATUS.retryIdInvalid:
      throw new VendorCallError(`Cobalt no longer knows the pending search (Retry Id invalid, HTTP ${status})`, { transient: true, status });
    default:
      throw unreadable(answer);
  }
}
