import { strictObject } from '@kyb/validation';
import type { CatalogAdapter } from './catalog-adapter';
import { OPENSANCTIONS_SETTINGS } from '../providers/opensanctions/opensanctions-watchlist.provider';
import { MATCH_PRO_ADAPTER } from './match-pro-choice';

export type { CatalogAdapter } from './catalog-adapter';

/** What the suite checks through a provider (docs: ../shared/design/ARCHITECTURE.md, section 6). */
export const CAPABILITIES = ['registry', 'address', 'tin', 'merchant-screening', 'public-records', 'watchlist'] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** The embedded default of every capability: deterministic, no vendor account, no credentials. */
export const SANDBOX_ADAPTER = 'sandbox';
const sandbox: CatalogAdapter = { credentials: null, settings: strictObject({}) };

/** A vendor's secret: a non-empty string of printable characters, at most 500. */
const secret = { type: 'string', minLength: 1, maxLength: 500, pattern: '^[\\x21-\\x7e]+$' } as const;
const withSecrets = (...names: [string, ...string[]]): CatalogAdapter => ({
  credentials: strictObject(Object.fromEntries(names.map((name) => [name, secret])), names),
  settings: strictObject({}),
});

/**
 * The adapters a tenant can choose, per capability. An adapter is listed here once it serves its
 * capability's checks; until then the sandbox does. Every adapter's credential fields are the ones
 * ARCHITECTURE.md section 6 names.
 */
export type AdapterCatalog = Readonly<Record<Capability, Readonly<Record<string, CatalogAdapter>>>>;

export const ADAPTER_CATALOG: AdapterCatalog = {
  registry: { sandbox, opencorporates: withSecrets('api_token'), cobalt: withSecrets('api_key') },
  address: { sandbox, smarty: withSecrets('auth_id', 'auth_token') },
  tin: { sandbox, compliancely: withSecrets('api_key') },
  'merchant-screening': { sandbox, 'match-pro': MATCH_PRO_ADAPTER },
  'public-records': { sandbox },
  // `ofac`: the suite's own engine over the loaded official lists (no credentials); `opensanctions`: the hosted yente matcher.
  watchlist: { sandbox, ofac: sandbox, opensanctions: { ...withSecrets('api_key'), settings: OPENSANCTIONS_SETTINGS } },
};

/** The adapters a capability offers, by name. */
export const adaptersOf = (catalog: AdapterCatalog, capability: Capability): string[] => Object.keys(catalog[capability]).sort();
