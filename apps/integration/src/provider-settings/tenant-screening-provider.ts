import type { DataKeys } from '@kyb/area-views';
import type { GuardedCall } from '../providers/guard/guarded-call';
import { ProviderError } from '../providers/providers.errors';
import type { ChosenScreeningProvider, ChosenScreeningProviderFor } from '../providers/screening.provider';
import { SANDBOX_ADAPTER } from './adapter-catalog';
import type { ProviderSettingsRow, ProviderSettingsStore } from './provider-settings.store';
import type { ScreeningAdapters } from './screening-adapters';

const CAPABILITY = 'merchant-screening';

/** Our words when a choice's sealed credentials do not open (another master key, damaged): never the cause, which may quote them. */
const UNREADABLE = 'The stored merchant-screening provider credentials could not be read; choose the adapter again.';

/** A choice that cannot be used (its credentials do not open or cannot sign): it reaches no vendor, and says why. */
const unusable = (row: ProviderSettingsRow, reason: string): ChosenScreeningProvider => ({
  name: row.adapter,
  acquirerId: String(row.settings.acquirer_id ?? ''),
  certificateExpiry: null,
  checkConnection: async () => ({ ok: false, message: reason }),
  screen: async () => {
    throw new ProviderError(reason, { transient: false });
  },
});

/**
 * The adapter's calls through the guard, as the tenant's and its credential's: a connection check is
 * a read (safe to repeat); a screening posts an inquiry, a submission MATCH keeps and may bill, so
 * none of it is repeated by the guard (the job's own retries ask again). Screenings are never cached.
 */
function guarded(provider: ChosenScreeningProvider, row: ProviderSettingsRow, guard: GuardedCall): ChosenScreeningProvider {
  const request = { adapter: row.adapter, credentialFingerprint: row.credentials_fingerprint ?? '', capability: CAPABILITY, customerId: row.customer_id };
  return {
    name: provider.name,
    acquirerId: provider.acquirerId,
    certificateExpiry: provider.certificateExpiry,
    checkConnection: () => guard({ ...request, safeToRepeat: true }, () => provider.checkConnection()),
    screen: (asked) => guard({ ...request, safeToRepeat: false }, () => provider.screen(asked)),
  };
}

/**
 * The screening adapter each tenant chose for `merchant-screening` (issue 43): undefined while it
 * chose none or `sandbox` (the area's default provider, with the contract's screening credentials);
 * else the adapter built from its choice, credentials opened with the tenant's data key, every call
 * guarded and counted. An adapter is built again only when the choice changed (its `updated_at`).
 * A choice whose credentials do not open or cannot sign answers its connection check with the
 * reason, and fails its screenings for good with it.
 */
export function createTenantScreeningProviders(deps: {
  store: Pick<ProviderSettingsStore, 'find'>;
  dataKeys: Pick<DataKeys, 'open'>;
  adapters: ScreeningAdapters;
  guard: GuardedCall;
}): ChosenScreeningProviderFor {
  const built = new Map<string, { version: string; provider: ChosenScreeningProvider }>();

  /** The adapter of the choice, or (not kept, so the next call tries again) one that says why it cannot be used. */
  async function buildOf(row: ProviderSettingsRow, build: ScreeningAdapters[string]): Promise<{ provider: ChosenScreeningProvider; usable: boolean }> {
    let credentials: Record<string, string>;
    try {
      credentials = JSON.parse(await deps.dataKeys.open(row.credentials_sealed ?? '')) as Record<string, string>;
    } catch {
      // The cause is not kept: a JSON parse error quotes the text it failed on.
      return { provider: unusable(row, UNREADABLE), usable: false };
    }
    try {
      return { provider: guarded(build({ credentials, settings: row.settings }), row, deps.guard), usable: true };
    } catch (err) {
      if (err instanceof ProviderError) return { provider: unusable(row, err.message), usable: false };
      throw err;
    }
  }

  return async function chosenScreeningProviderFor(customerId: string): Promise<ChosenScreeningProvider | undefined> {
    const row = await deps.store.find(customerId, CAPABILITY);
    const build = row && row.adapter !== SANDBOX_ADAPTER && Object.hasOwn(deps.adapters, row.adapter) ? deps.adapters[row.adapter] : undefined;
    if (!row || !build) return undefined;
    const version = `${row.updated_at.getTime()}/${row.adapter}/${row.credentials_fingerprint ?? ''}`;
    const kept = built.get(row.customer_id);
    if (kept?.version === version) return kept.provider;
    const { provider, usable } = await buildOf(row, build);
    if (usable) built.set(row.customer_id, { version, provider });
    return provider;
  };
}
