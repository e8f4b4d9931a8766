import { withAudit, type Actor, type AuthContext } from '@kyb/auth';
import { CustomerNotFoundError, dataKeyScope, type CustomerDirectory, type DataKeys } from '@kyb/area-views';
import type { Knex } from '@kyb/db';
import { compileValidator, strictObject, type Validator } from '@kyb/validation';
import { ADAPTER_CATALOG, adaptersOf, SANDBOX_ADAPTER, type AdapterCatalog, type Capability } from './adapter-catalog';
import { credentialsFingerprint } from './credentials-fingerprint';
import { ProviderAdapterError, ProviderUsageRangeError } from './provider-settings.errors';
import type { ProviderSettingsRow, ProviderSettingsStore } from './provider-settings.store';
import type { ProviderUsageStore } from './provider-usage.store';

/** What PUT .../providers/{capability} carries. */
export interface ProviderChoice {
  adapter: string;
  credentials?: Record<string, unknown>;
  settings?: Record<string, unknown>;
}

/** What the API answers of a tenant's choice: never a secret. */
export interface ProviderView {
  customer_id: string;
  capability: Capability;
  adapter: string;
  settings: Record<string, unknown>;
  credentials_fingerprint: string | null;
  updated_at: string | null;
  /** Whose choice serves: the tenant's, the platform's default (`PROVIDER_DEFAULT_*`) while it chose none, or the sandbox. */
  source: 'customer' | 'platform' | 'sandbox';
}

const present = (customerId: string, capability: Capability, row: ProviderSettingsRow | undefined, platformAdapter?: string): ProviderView => ({
  customer_id: customerId.toLowerCase(),
  capability,
  source: row ? 'customer' : platformAdapter ? 'platform' : 'sandbox',
  adapter: row?.adapter ?? platformAdapter ?? SANDBOX_ADAPTER,
  settings: row?.settings ?? {},
  credentials_fingerprint: row?.credentials_fingerprint ?? null,
  updated_at: row?.updated_at.toISOString() ?? null,
});

/** The body an adapter takes: its credentials (required when it has any, refused when it has none) and settings. */
function choiceValidator(catalog: AdapterCatalog, capability: Capability, adapter: string): Validator<ProviderChoice> {
  const { credentials, settings } = catalog[capability][adapter];
  const properties = { adapter: { type: 'string' }, settings, ...(credentials ? { credentials } : {}) };
  return compileValidator<ProviderChoice>(strictObject(properties, credentials ? ['adapter', 'credentials'] : ['adapter']), 'body');
}

const MAX_MONTHS = 36;
const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
/** `YYYY-MM` of a month index; an index before year 0 is January of year 0 (the query's months start there). */
const monthOfIndex = (index: number) => {
  const at = Math.max(index, 0);
  return `${String(Math.floor(at / 12)).padStart(4, '0')}-${String((at % 12) + 1).padStart(2, '0')}`;
};
/** January of year 1: PostgreSQL's dates have no year 0, and no call was made before it. */
const FIRST_MONTH = 12;

/**
 * A tenant's provider per capability (issue 43): read (the sandbox while it chose none), chosen
 * with its credentials sealed by the tenant's data key (audited), and the vendor calls counted.
 */
export function createProviderSettingsService(deps: {
  db: Knex;
  store: ProviderSettingsStore;
  usage: ProviderUsageStore;
  customers: CustomerDirectory;
  dataKeys: Pick<DataKeys, 'seal'>;
  clock: () => Date;
  /** The adapters on offer (tests give their own). */
  catalog?: AdapterCatalog;
  /** The platform's default adapter per capability, serving a tenant that chose none. */
  platform?: Partial<Record<Capability, { adapter: string }>>;
}) {
  const catalog = deps.catalog ?? ADAPTER_CATALOG;
  const validators = new Map<string, Validator<ProviderChoice>>();
  const validatorOf = (capability: Capability, adapter: string) => {
    const key = `${capability}/${adapter}`;
    const known = validators.get(key);
    if (known) return known;
    const made = choiceValidator(catalog, capability, adapter);
    validators.set(key, made);
    return made;
  };
  const existingCustomer = async (caller: AuthContext, customerId: string) => {
    if (caller.role === 'ADMIN' && !(await deps.customers.find(customerId))) throw new CustomerNotFoundError();
  };

  return {
    async get(caller: AuthContext, customerId: string, capability: Capability): Promise<ProviderView> {
      await existingCustomer(caller, customerId);
      return present(customerId, capability, await deps.store.find(customerId, capability), deps.platform?.[capability]?.adapter);
    },

    async put(actor: Actor, customerId: string, capability: Capability, choice: ProviderChoice): Promise<ProviderView> {
      if (!Object.hasOwn(catalog[capability], choice.adapter)) throw new ProviderAdapterError(capability, choice.adapter, adaptersOf(catalog, capability));
      validatorOf(capability, choice.adapter)(choice);
      if (choice.credentials) catalog[capability][choice.adapter].check?.(choice.credentials);
      await existingCustomer(actor, customerId);
      const sealed = choice.credentials ? await deps.dataKeys.seal(dataKeyScope(customerId.toLowerCase()), JSON.stringify(choice.credentials)) : null;
      const fingerprint = choice.credentials ? credentialsFingerprint(choice.credentials) : null;
      const row = { customer_id: customerId, capability, adapter: choice.adapter, credentials_sealed: sealed, credentials_fingerprint: fingerprint, settings: choice.settings ?? {}, updated_by: actor.userId };
      const stored = await withAudit(
        deps.db,
        { schema: 'integration', actor, clock: deps.clock },
        (trx) => deps.store.put(row, deps.clock(), trx),
        () => ({ customerId, action: 'provider.configured', target: { type: 'customer', id: customerId }, details: { capability, adapter: choice.adapter, credentials_fingerprint: fingerprint } }),
      );
      return present(customerId, capability, stored);
    },

    /** The calls made for the tenant per month, capability and adapter; by default the last twelve months. */
    async usage(caller: AuthContext, customerId: string, range: { from?: string; to?: string }) {
      await existingCustomer(caller, customerId);
      const now = deps.clock();
      const to = range.to ?? monthOfIndex(now.getUTCFullYear() * 12 + now.getUTCMonth());
      const from = range.from ?? monthOfIndex(monthIndex(to) - 11);
      if (monthIndex(from) > monthIndex(to)) throw new ProviderUsageRangeError('from must not be after to');
      if (monthIndex(to) - monthIndex(from) >= MAX_MONTHS) throw new ProviderUsageRangeError(`At most ${MAX_MONTHS} months at once`);
      // A range ending before year 1 has no calls; one starting before it is read from year 1 (a year 0 date is none to PostgreSQL).
      const usage =
        monthIndex(to) < FIRST_MONTH
          ? []
          : await deps.usage.ofCustomer(customerId, { from: `${monthOfIndex(Math.max(monthIndex(from), FIRST_MONTH))}-01`, to: `${to}-01` });
      return { customer_id: customerId.toLowerCase(), from, to, usage };
    },
  };
}

/** The provider settings service type, for injection. */
export type ProviderSettingsService = ReturnType<typeof createProviderSettingsService>;
