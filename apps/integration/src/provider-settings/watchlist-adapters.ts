import { createOpenSanctionsWatchlistMatcher } from '../providers/opensanctions/opensanctions-watchlist.provider';
import type { ProviderBaseUrls } from './provider-base-urls';
import type { HostedWatchlistAdapters } from './tenant-watchlist-matcher';

/** The watchlist capability's hosted adapters, each reaching its vendor at its base URL. */
export function hostedWatchlistAdapters(baseUrls: Pick<ProviderBaseUrls, 'opensanctions'>): HostedWatchlistAdapters {
  return {
    opensanctions: ({ credentials, settings }) =>
      createOpenSanctionsWatchlistMatcher({
        baseUrl: baseUrls.opensanctions,
        credentials: { api_key: credentials.api_key },
        dataset: typeof settings.dataset === 'string' ? settings.dataset : undefined,
      }),
  };
}
