import type { DataKeys } from '@kyb/area-views';
import type { GuardedCall } from '../providers/guard/guarded-call';
import { ProviderError } from '../providers/providers.errors';
import type { WatchlistMatcher } from '../providers/watchlist.provider';
import { SANDBOX_ADAPTER } from './adapter-catalog';
import type { ProviderSettingsRow, ProviderSettingsStore } from './provider-settings.store';

const CAPABILITY = 'watchlist';
const UNREADABLE = 'The stored watchlist provider credentials could not be read; choose the adapter again.';

/** A tenant's `watchlist` choice, opened. */
export interface WatchlistChoice {
  credentials: Record<string, string>;
  settings: Record<string, unknown>;
}

/** What builds a hosted matcher from a tenant's choice, per adapter name (`opensanctions`). */
export type HostedWatchlistAdapters = Readonly<Record<string, (choice: WatchlistChoice) => WatchlistMatcher>>;

/** A choice that cannot be used: every screening fails for good, saying why. */
const unusable = (name: string, reason: string): WatchlistMatcher => ({
  name,
  screen: async () => {
    throw new ProviderError(reason, { transient: false });
  },
});

/** A hosted matcher's screenings through the guard, as the tenant's and its credential's: a match is a read, safe to repeat, never cached. */
function guarded(matcher: WatchlistMatcher, row: ProviderSettingsRow, guard: GuardedCall): WatchlistMatcher {
  const request = { adapter: row.adapter, credentialFingerprint: row.credentials_fingerprint ?? '', capability: CAPABILITY, customerId: row.customer_id, safeToRepeat: true };
  return { name: matcher.name, screen: (subjects, options) => guard(request, () => matcher.screen(subjects, options)) };
}

/**
 * The sanctions matcher each tenant chose for `watchlist` (issue 44): the sandbox while it chose
 * none or `sandbox` (the loaded lists and the sandbox's word), the suite's own engine over the
 * loaded lists for `ofac`, or a hosted matcher built from its choice (credentials opened with the
 * tenant's data key, every call guarded and counted), built again only when the choice changed.
 */
export function createTenantWatchlistMatchers(deps: {
  store: Pick<ProviderSettingsStore, 'find'>;
  dataKeys: Pick<DataKeys, 'open'>;
  sandbox: WatchlistMatcher;
  ofac: WatchlistMatcher;
  hosted: HostedWatchlistAdapters;
  guard: GuardedCall;
}): (customerId: string) => Promise<WatchlistMatcher> {
  const built = new Map<string, { version: string; matcher: WatchlistMatcher }>();

  async function buildOf(row: ProviderSettingsRow, build: HostedWatchlistAdapters[string]): Promise<{ matcher: WatchlistMatcher; usable: boolean }> {
    let credentials: Record<string, string>;
    try {
      credentials = JSON.parse(await deps.dataKeys.open(row.credentials_sealed ?? '')) as Record<string, string>;
    } catch {
      return { matcher: unusable(row.adapter, UNREADABLE), usable: false };
    }
    try {
      return { matcher: guarded(build({ credentials, settings: row.settings }), row, deps.guard), usable: true };
    } catch (err) {
      if (err instanceof ProviderError) return { matcher: unusable(row.adapter, err.message), usable: false };
      throw err;
    }
  }

  return async function watchlistMatcherFor(customerId: string): Promise<WatchlistMatcher> {
    const row = await deps.store.find(customerId, CAPABILITY);
    if (!row || row.adapter === SANDBOX_ADAPTER) return deps.sandbox;
    if (row.adapter === deps.ofac.name) return deps.ofac;
    const build = Object.hasOwn(deps.hosted, row.adapter) ? deps.hosted[row.adapter] : undefined;
    if (!build) return deps.sandbox;
    const version = `${row.updated_at.getTime()}/${row.adapter}/${row.credentials_fingerprint ?? ''}`;
    const kept = built.get(row.customer_id);
    if (kept?.version === version) return kept.matcher;
    const { matcher, usable } = await buildOf(row, build);
    if (usable) built.set(row.customer_id, { version, matcher });
    return matcher;
  };
}
