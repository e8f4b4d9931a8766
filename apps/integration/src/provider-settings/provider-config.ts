import { url } from '@kyb/config';
import { platformProviderSettings } from './platform-providers';
import { PRODUCTION_BASE_URLS, type ProviderBaseUrls } from './provider-base-urls';
import { providerRateLimitsSetting } from './provider-rate-limits';

const baseUrl = (vendor: string, fallback: string) =>
  url({ description: `where the ${vendor} adapter reaches its vendor (default: its production host; point it at the vendor's sandbox in staging)`, fallback, protocols: ['https:', 'http:'] });

/** The vendors' base URLs as deployment settings (ARCHITECTURE.md section 6). */
export const providerConfigSettings = {
  MATCH_PRO_BASE_URL: baseUrl('Mastercard MATCH Pro', PRODUCTION_BASE_URLS.matchPro),
  OPENCORPORATES_BASE_URL: baseUrl('OpenCorporates', PRODUCTION_BASE_URLS.opencorporates),
  COBALT_BASE_URL: baseUrl('Cobalt Intelligence', PRODUCTION_BASE_URLS.cobalt),
  SMARTY_BASE_URL: baseUrl('Smarty US Street', PRODUCTION_BASE_URLS.smarty),
  TIN_MATCH_BASE_URL: baseUrl('Compliancely TIN match', PRODUCTION_BASE_URLS.tinMatch),
  OPENSANCTIONS_BASE_URL: baseUrl('OpenSanctions hosted matcher', PRODUCTION_BASE_URLS.opensanctions),
  PROVIDER_RATE_LIMITS: providerRateLimitsSetting,
  ...platformProviderSettings,
};

/** The base URLs the settings name. */
export function providerBaseUrlsOf(config: Record<'MATCH_PRO_BASE_URL' | 'OPENCORPORATES_BASE_URL' | 'COBALT_BASE_URL' | 'SMARTY_BASE_URL' | 'TIN_MATCH_BASE_URL' | 'OPENSANCTIONS_BASE_URL', string>): ProviderBaseUrls {
  return {
    matchPro: config.MATCH_PRO_BASE_URL,
    opencorporates: config.OPENCORPORATES_BASE_URL,
    cobalt: config.COBALT_BASE_URL,
    smarty: config.SMARTY_BASE_URL,
    tinMatch: config.TIN_MATCH_BASE_URL,
    opensanctions: config.OPENSANCTIONS_BASE_URL,
  };
}
