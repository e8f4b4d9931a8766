import { ConfigError, oneOf, text } from '@kyb/config';
import { SANDBOX_ADAPTER } from './adapter-catalog';
import type { VerificationAdapters } from './verification-adapters';

/** The capabilities a platform default may serve: verification's. */
export type VerificationCapability = keyof VerificationAdapters;

/** A platform-wide default adapter of a capability, with the platform's own credentials for it. */
export interface PlatformProvider {
  adapter: string;
  credentials: Record<string, string>;
}

/** The platform defaults in force: a capability absent here falls back to its sandbox. */
export type PlatformProviders = Partial<Record<VerificationCapability, PlatformProvider>>;

const secret = (what: string) =>
  text({ description: `the platform's ${what}, used only when a PROVIDER_DEFAULT_* setting names its adapter (a secret: the Secret, never the ConfigMap)`, fallback: '' });

/**
 * A platform-wide default per verification capability (issue 43), for a tenant that chose no
 * adapter for it; a tenant's own choice, `sandbox` included, always wins. The credentials are the
 * platform's, read from the environment (the Secret in Kubernetes), never logged or answered.
 */
export const platformProviderSettings = {
  PROVIDER_DEFAULT_REGISTRY: oneOf({ description: 'the registry adapter of tenants that chose none', values: ['sandbox', 'opencorporates', 'cobalt'], fallback: 'sandbox' }),
  PROVIDER_DEFAULT_ADDRESS: oneOf({ description: 'the address adapter of tenants that chose none', values: ['sandbox', 'smarty'], fallback: 'sandbox' }),
  PROVIDER_DEFAULT_TIN: oneOf({ description: 'the TIN adapter of tenants that chose none', values: ['sandbox', 'compliancely'], fallback: 'sandbox' }),
  OPENCORPORATES_API_TOKEN: secret('OpenCorporates api_token'),
  COBALT_API_KEY: secret('Cobalt Intelligence api_key'),
  SMARTY_AUTH_ID: secret('Smarty secret key auth_id'),
  SMARTY_AUTH_TOKEN: secret('Smarty secret key auth_token'),
  COMPLIANCELY_API_KEY: secret('Compliancely api_key'),
};

type PlatformConfig = { [K in keyof typeof platformProviderSettings]: string };

/** Each adapter's credential fields (ARCHITECTURE.md section 6), and the setting that holds each. */
const CREDENTIAL_SETTINGS: Record<string, Record<string, keyof PlatformConfig>> = {
  opencorporates: { api_token: 'OPENCORPORATES_API_TOKEN' },
  cobalt: { api_key: 'COBALT_API_KEY' },
  smarty: { auth_id: 'SMARTY_AUTH_ID', auth_token: 'SMARTY_AUTH_TOKEN' },
  compliancely: { api_key: 'COMPLIANCELY_API_KEY' },
};

const DEFAULT_SETTINGS: Record<VerificationCapability, keyof PlatformConfig> = { registry: 'PROVIDER_DEFAULT_REGISTRY', address: 'PROVIDER_DEFAULT_ADDRESS', tin: 'PROVIDER_DEFAULT_TIN' };

/** As the adapter catalog takes a vendor's secret: printable characters, at most 500. */
const wellFormed = (value: string) => /^[\x21-\x7e]{1,500}$/.test(value);

/**
 * The platform defaults the settings name. Checked once at start-up: a default whose credentials
 * are missing or malformed is a {@link ConfigError} naming the settings (never their values).
 */
export function platformProvidersOf(config: PlatformConfig): PlatformProviders {
  const problems: string[] = [];
  const providers: PlatformProviders = {};
  for (const [capability, setting] of Object.entries(DEFAULT_SETTINGS) as Array<[VerificationCapability, keyof PlatformConfig]>) {
    const adapter = config[setting];
    if (adapter === SANDBOX_ADAPTER) continue;
    const fields = Object.entries(CREDENTIAL_SETTINGS[adapter]);
    const missing = fields.filter(([, name]) => !wellFormed(config[name])).map(([, name]) => name);
    if (missing.length > 0) {
      problems.push(`${setting}=${adapter} needs ${missing.join(' and ')} (printable characters, at most 500)`);
      continue;
    }
    providers[capability] = { adapter, credentials: Object.fromEntries(fields.map(([field, name]) => [field, config[name]])) };
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return providers;
}
