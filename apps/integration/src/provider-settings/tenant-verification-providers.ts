import type { DataKeys } from '@kyb/area-views';
import type { GuardedCall, GuardedCallRequest } from '../providers/guard/guarded-call';
import type { VerificationProviders } from '../providers/verification.providers';
import { SANDBOX_ADAPTER } from './adapter-catalog';
import type { ProviderSettingsRow, ProviderSettingsStore } from './provider-settings.store';
import type { VerificationAdapters } from './verification-adapters';

/**
 * Whether a capability's call may be sent again after a transient failure: registry and address
 * lookups are reads; a TIN match is a submission the vendor may bill again, so it is not.
 */
const SAFE_TO_REPEAT: Record<keyof VerificationAdapters, boolean> = { registry: true, address: true, tin: false };

/** Wraps every method of `provider` in the guard (breaker, retries, rate limit, usage counted). */
function guarded<P extends object>(provider: P, request: GuardedCallRequest, guard: GuardedCall): P {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => guard(request, () => Promise.resolve((value as (...a: unknown[]) => unknown).apply(target, args)));
    },
  });
}

/**
 * The verification providers of a tenant: for TIN, registry and address, the adapter it chose
 * (its credentials opened with the tenant's data key, every call through the guard), else the sandbox. The
 * tenant's choices are read once per verification; an adapter is built again only when its
 * choice changed (its `updated_at`).
 */
export function createTenantVerificationProviders(deps: {
  store: Pick<ProviderSettingsStore, 'ofCustomer'>;
  dataKeys: Pick<DataKeys, 'open'>;
  adapters: VerificationAdapters;
  sandbox: VerificationProviders;
  guard: GuardedCall;
}) {
  const built = new Map<string, { version: number; provider: unknown }>();

  async function adapterOf<K extends keyof VerificationAdapters>(capability: K, row: ProviderSettingsRow): Promise<ReturnType<VerificationAdapters[K][string]>> {
    const key = `${row.customer_id}/${capability}/${row.adapter}`;
    const version = row.updated_at.getTime();
    const kept = built.get(key);
    if (kept?.version === version) return kept.provider as ReturnType<VerificationAdapters[K][string]>;
    const credentials = JSON.parse(await deps.dataKeys.open(row.credentials_sealed ?? '')) as Record<string, string>;
    const build = deps.adapters[capability][row.adapter] as (c: Record<string, string>) => ReturnType<VerificationAdapters[K][string]>;
    const request = { adapter: row.adapter, credentialFingerprint: row.credentials_fingerprint ?? '', capability, customerId: row.customer_id, safeToRepeat: SAFE_TO_REPEAT[capability] };
    const provider = guarded(build(credentials), request, deps.guard);
    built.set(key, { version, provider });
    return provider;
  }

  return async function verificationProvidersFor(customerId: string): Promise<VerificationProviders> {
    const chosen = new Map((await deps.store.ofCustomer(customerId)).map((row) => [row.capability, row]));
    const real = (capability: keyof VerificationAdapters) => {
      const row = chosen.get(capability);
      return row && row.adapter !== SANDBOX_ADAPTER && row.adapter in deps.adapters[capability] ? row : undefined;
    };
    const tin = real('tin');
    const registry = real('registry');
    const address = real('address');
    return {
      tinMatch: tin ? await adapterOf('tin', tin) : deps.sandbox.tinMatch,
      filings: registry ? await adapterOf('registry', registry) : deps.sandbox.filings,
      addresses: address ? await adapterOf('address', address) : deps.sandbox.addresses,
    };
  };
}

/** A tenant's verification providers, for the verifier. */
export type VerificationProvidersFor = ReturnType<typeof createTenantVerificationProviders>;
