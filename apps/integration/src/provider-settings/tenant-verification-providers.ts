import type { DataKeys } from '@kyb/area-views';
import type { GuardedCall, GuardedCallRequest } from '../providers/guard/guarded-call';
import { coalescedAddresses, hasBatchAddresses, type BatchAddressProvider } from '../providers/coalesced-addresses';
import type { AddressProvider, VerificationProviders } from '../providers/verification.providers';
import { SANDBOX_ADAPTER } from './adapter-catalog';
import { tracedProvider } from '../providers/guard/traced-provider';
import { credentialsFingerprint } from './credentials-fingerprint';
import type { PlatformProvider, PlatformProviders } from './platform-providers';
import type { ProviderSettingsRow, ProviderSettingsStore } from './provider-settings.store';
import type { VerificationAdapters } from './verification-adapters';

/**
 * Whether a capability's call may be sent again after a transient failure: registry and address
 * lookups are reads; a TIN match is a submission the vendor may bill again, so it is not.
 */
const SAFE_TO_REPEAT: Record<keyof VerificationAdapters, boolean> = { registry: true, address: true, tin: false };

/**
 * Wraps every method of `provider` in the guard (cache, breaker, retries, rate limit, usage
 * counted). What a call asks (the method and its arguments: the business's profile with its id,
 * the address, the TIN and legal name) is its cache key, so an answer is kept per tenant, business
 * and query; only a keyed hash of it leaves the process.
 */
function guarded<P extends object>(provider: P, request: Omit<GuardedCallRequest, 'cacheKey'>, guard: GuardedCall): P {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        guard({ ...request, cacheKey: { method: String(property), args } }, () => Promise.resolve((value as (...a: unknown[]) => unknown).apply(target, args)));
    },
  });
}

/** Where an adapter's credentials come from: the tenant's sealed choice, or the platform's settings. */
interface AdapterSource {
  customerId: string;
  adapter: string;
  fingerprint: string;
  /** Changes when the choice does (the row's `updated_at`); the platform's never changes while the process runs. */
  version: number;
  credentials(): Promise<Record<string, string>>;
}

const chosenSource = (row: ProviderSettingsRow, dataKeys: Pick<DataKeys, 'open'>): AdapterSource => ({
  customerId: row.customer_id,
  adapter: row.adapter,
  fingerprint: row.credentials_fingerprint ?? '',
  version: row.updated_at.getTime(),
  credentials: async () => JSON.parse(await dataKeys.open(row.credentials_sealed ?? '')) as Record<string, string>,
});

const platformSource = (customerId: string, platform: PlatformProvider): AdapterSource => ({
  customerId,
  adapter: platform.adapter,
  fingerprint: credentialsFingerprint(platform.credentials),
  version: 0,
  credentials: async () => platform.credentials,
});

/**
 * The verification providers of a tenant: for TIN, registry and address, the adapter it chose
 * (its credentials opened with the tenant's data key); for a capability it chose nothing for, the
 * platform's default when the settings name one (`platform`), else the sandbox. A tenant that chose
 * `sandbox` keeps it whatever the platform's default. Every real call goes through the guard,
 * metered and cached for the tenant. The tenant's choices are read once per verification; an
 * adapter is built again only when its choice changed (its `updated_at`).
 */
export function createTenantVerificationProviders(deps: {
  store: Pick<ProviderSettingsStore, 'ofCustomer'>;
  dataKeys: Pick<DataKeys, 'open'>;
  adapters: VerificationAdapters;
  sandbox: VerificationProviders;
  guard: GuardedCall;
  platform?: PlatformProviders;
}) {
  const built = new Map<string, { version: number; provider: unknown }>();
  // The sandboxes answer in process, unguarded; their calls are traced as a guarded call is.
  const sandbox: VerificationProviders = {
    tinMatch: tracedProvider(deps.sandbox.tinMatch, 'tin', SANDBOX_ADAPTER),
    filings: tracedProvider(deps.sandbox.filings, 'registry', SANDBOX_ADAPTER),
    addresses: tracedProvider(deps.sandbox.addresses, 'address', SANDBOX_ADAPTER),
  };

  async function adapterOf<K extends keyof VerificationAdapters>(capability: K, source: AdapterSource): Promise<ReturnType<VerificationAdapters[K][string]>> {
    const key = `${source.customerId}/${capability}/${source.adapter}/${source.fingerprint}`;
    const kept = built.get(key);
    if (kept?.version === source.version) return kept.provider as ReturnType<VerificationAdapters[K][string]>;
    const build = deps.adapters[capability][source.adapter] as (c: Record<string, string>) => ReturnType<VerificationAdapters[K][string]>;
    const request = { adapter: source.adapter, credentialFingerprint: source.fingerprint, capability, customerId: source.customerId, safeToRepeat: SAFE_TO_REPEAT[capability] };
    const guardedAdapter = guarded(build(await source.credentials()), request, deps.guard);
    // A batch's address checks, asked side by side, go to a vendor with a batch form together (Smarty: 100 a POST).
    const provider = (capability === 'address' && hasBatchAddresses(guardedAdapter as AddressProvider) ? coalescedAddresses(guardedAdapter as BatchAddressProvider) : guardedAdapter) as ReturnType<
      VerificationAdapters[K][string]
    >;
    built.set(key, { version: source.version, provider });
    return provider;
  }

  return async function verificationProvidersFor(customerId: string): Promise<VerificationProviders> {
    const chosen = new Map((await deps.store.ofCustomer(customerId)).map((row) => [row.capability, row]));
    /** The real adapter serving `capability` for the tenant, or undefined for the sandbox. */
    const sourceOf = (capability: keyof VerificationAdapters): AdapterSource | undefined => {
      const row = chosen.get(capability);
      if (row) return row.adapter !== SANDBOX_ADAPTER && row.adapter in deps.adapters[capability] ? chosenSource(row, deps.dataKeys) : undefined;
      const platform = deps.platform?.[capability];
      return platform && platform.adapter in deps.adapters[capability] ? platformSource(customerId.toLowerCase(), platform) : undefined;
    };
    const tin = sourceOf('tin');
    const registry = sourceOf('registry');
    const address = sourceOf('address');
    return {
      tinMatch: tin ? await adapterOf('tin', tin) : sandbox.tinMatch,
      filings: registry ? await adapterOf('registry', registry) : sandbox.filings,
      addresses: address ? await adapterOf('address', address) : sandbox.addresses,
    };
  };
}

/** A tenant's verification providers, for the verifier. */
export type VerificationProvidersFor = ReturnType<typeof createTenantVerificationProviders>;
