import { createCobaltRegistryProvider } from '../providers/cobalt/cobalt-registry.provider';
import { createCompliancelyTinProvider } from '../providers/compliancely/compliancely-tin.provider';
import { createOpenCorporatesRegistryProvider } from '../providers/opencorporates/opencorporates-registry.provider';
import { createSmartyAddressProvider } from '../providers/smarty/smarty-address.provider';
import type { AddressProvider, StateFilingProvider, TinMatchProvider } from '../providers/verification.providers';
import type { ProviderBaseUrls } from './provider-base-urls';

/** A tenant's credentials for an adapter, as the catalog checked them when they were stored. */
type Credentials = Record<string, string>;

/** What builds a real adapter from its credentials, per capability and adapter name (the catalog's real adapters). */
export interface VerificationAdapters {
  tin: Record<string, (credentials: Credentials) => TinMatchProvider>;
  registry: Record<string, (credentials: Credentials) => StateFilingProvider>;
  address: Record<string, (credentials: Credentials) => AddressProvider>;
}

/** The verification capabilities' real adapters, each reaching its vendor at its base URL. */
export function verificationAdapters(baseUrls: ProviderBaseUrls): VerificationAdapters {
  return {
    tin: { compliancely: (c) => createCompliancelyTinProvider({ baseUrl: baseUrls.tinMatch, credentials: { api_key: c.api_key } }) },
    registry: {
      opencorporates: (c) => createOpenCorporatesRegistryProvider({ baseUrl: baseUrls.opencorporates, credentials: { api_token: c.api_token } }),
      cobalt: (c) => createCobaltRegistryProvider({ baseUrl: baseUrls.cobalt, credentials: { api_key: c.api_key } }),
    },
    address: { smarty: (c) => createSmartyAddressProvider({ baseUrl: baseUrls.smarty, credentials: { auth_id: c.auth_id, auth_token: c.auth_token } }) },
  };
}
