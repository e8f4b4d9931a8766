/*
 * Cobalt Intelligence's Secretary of State API as our secretary-of-state filing provider
 * (capability `registry`, adapter `cobalt`, credential `api_key` sent as the `x-api-key` header).
 * Built from Cobalt's published material:
 * - SDK: https://github.com/cobalt-intelligence/cobalt-int-sdk (src/sosApi.ts: `GET /v1/search`
 *   with `searchQuery` and `state`, then `GET /v1/search?retryId=` while the status is `Incomplete`)
 * - Models: https://github.com/cobalt-intelligence/common (src/models.ts: IResponseBody, IBusiness,
 *   IOfficer and the statuses Complete, Incomplete, Failed, Retry Id invalid, Bad request)
 * - CLI: https://github.com/cobalt-intelligence/cobalt-cli (src/lib/client.ts: 401/403 a refused
 *   key, 429 with Retry-After, 5xx; src/lib/poll.ts: a poll every 5 s, 36 polls; src/commands/sos.ts:
 *   `liveData`, the `test` dummy mode; docs/llms.txt: the host)
 * - https://help.cobaltintelligence.com/article/api-response-statuses-and-messages
 * - https://help.cobaltintelligence.com/article/handle-long-running-sos-searches-incomplete
 * - https://help.cobaltintelligence.com/article/retryid-callbackurl-behavior
 * - https://help.cobaltintelligence.com/article/burst-traffic-throttling
 * - https://help.cobaltintelligence.com/article/multiple-matches-confidence-scores
 * - Reference the SDK links to (not readable from here):
 *   https://cobaltintelligence.stoplight.io/docs/cobalt-intelligence/b3A6MjAxODIxMDU-secretary-of-state-api
 * Production host: https://apigateway.cobaltintelligence.com. There is no sandbox host: the
 * production host's `test` parameter answers dummy data without billing (see cobalt.api.ts).
 */
import type { BusinessProfile } from '../business-profile';
import { ProviderError } from '../providers.errors';
import { createVendorHttp } from '../vendor-http';
import type { StateFiling, StateFilingProvider } from '../verification.providers';
import { COBALT_API_VERSION, COBALT_SEARCH_PATH, type CobaltSearchAnswer } from './cobalt.api';
import { readCobaltAnswer } from './cobalt-answer';
import { chooseResult, filingOf } from './cobalt-filing.mapping';

export { COBALT_PRODUCTION_URL } from './cobalt.api';

/** The adapter's name in the provider settings. */
export const COBALT_ADAPTER = 'cobalt';

/** Cobalt holds a live search up to ~20 s before it answers a retryId, so a call may take that long. */
export const COBALT_DEFAULT_TIMEOUT_MS = 30_000;
/** Cobalt's CLI polls a pending search every 5 s, 36 times (about 3 minutes: slow states take up to 2). */
export const COBALT_DEFAULT_POLL_INTERVAL_MS = 5_000;
export const COBALT_DEFAULT_MAX_POLLS = 36;

export interface CobaltRegistryProviderOptions {
  /** `COBALT_BASE_URL`: {@link COBALT_PRODUCTION_URL} by default, a fake in tests. */
  baseUrl: string;
  credentials: { api_key: string };
  /** Per call. */
  timeoutMs?: number;
  /** The wait between two polls of a pending search (0 in tests). */
  pollIntervalMs?: number;
  /** Polls of a pending search before giving up (transient). */
  maxPolls?: number;
  fetch?: typeof fetch;
}

const pause = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/**
 * Finds a business's filing with a live search of the secretary of state of the business's address
 * state. No result is null; of several, {@link chooseResult} picks one. A search Cobalt is still
 * running is polled by its retryId, at most `maxPolls` times, `pollIntervalMs` apart.
 */
export function createCobaltRegistryProvider(options: CobaltRegistryProviderOptions): StateFilingProvider {
  const call = createVendorHttp({ vendor: 'Cobalt', baseUrl: options.baseUrl, timeoutMs: options.timeoutMs ?? COBALT_DEFAULT_TIMEOUT_MS, fetch: options.fetch });
  const headers = { 'x-api-key': options.credentials.api_key };
  const pollIntervalMs = options.pollIntervalMs ?? COBALT_DEFAULT_POLL_INTERVAL_MS;
  const maxPolls = options.maxPolls ?? COBALT_DEFAULT_MAX_POLLS;
  const search = (query: Record<string, string | boolean>) => call<CobaltSearchAnswer | null>({ method: 'GET', path: COBALT_SEARCH_PATH, query, headers });

  return {
    name: COBALT_ADAPTER,
    async findFiling(business: BusinessProfile): Promise<StateFiling | null> {
      const state = business.addressState?.trim();
      if (!state) throw new ProviderError("Cobalt searches one state's registry and the business has no address state", { transient: false });
      let answer = await search({ searchQuery: business.name.trim(), state, liveData: true });
      let outcome = readCobaltAnswer(answer);
      for (let polls = 0; outcome.kind === 'searching'; polls += 1) {
        if (polls === maxPolls) throw new ProviderError(`Cobalt had not finished searching the state's registry after ${maxPolls} polls`, { transient: true });
        await pause(pollIntervalMs);
        answer = await search({ retryId: outcome.retryId });
        outcome = readCobaltAnswer(answer);
      }
      const chosen = chooseResult(outcome.results, business.name);
      if (!chosen) return null;
      return { ...filingOf(chosen, state), trace: { adapter: COBALT_ADAPTER, version: COBALT_API_VERSION, raw: answer.text } };
    },
  };
}
