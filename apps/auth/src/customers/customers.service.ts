import { CustomerNotFoundError, dataKeyScope, erasedCount, noteCustomerErased, runErasureFunctions } from '@kyb/area-views';
import { withTransaction, type Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';
import type { AuditAct } from '../audit/audit.service';
import type { DataKeyStore } from '../data-keys/data-keys.store';
import { CustomerErasedError, ErasureConfirmationError, SealedValuesNotConvertedError } from './customers.errors';
import type { CustomerRow, CustomerStatus, CustomerStore } from './customers.store';

/** A customer as the API answers it. */
export interface CustomerRecord {
  id: string;
  name: string;
  status: CustomerStatus;
  monthly_onboarding_limit: number | null;
  features: Record<string, boolean>;
  created_at: string;
  updated_at: string;
}

function toRecord(row: CustomerRow): CustomerRecord {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    monthly_onboarding_limit: row.monthly_onboarding_limit,
    features: row.features,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** What an erasure answers. */
export interface CustomerErasure {
  customer_id: string;
  erased_at: string;
  data_key_destroyed: true;
}

/** Input of {@link CustomersService.erase}. */
export interface EraseCustomerInput {
  customerId: string;
  /** The customer id again, as the caller typed it a second time. */
  confirmCustomerId: string;
  actorId: string;
  /** Records the act in the audit log, in the erasure's transaction (both or neither). */
  record(trx: Knex.Transaction, act: AuditAct): Promise<void>;
}

/** Options of {@link createCustomersService}. */
export interface CustomersServiceOptions {
  db: Knex;
  customers: CustomerStore;
  dataKeys: DataKeyStore;
  clock: () => Date;
  /** Ends every session of the given users (in every area). */
  endSessions(userIds: readonly string[], reason: string): Promise<void>;
}

/** Platform administration of customers (tenants). */
export function createCustomersService(options: CustomersServiceOptions) {
  const { customers } = options;
  /** Whether the tenant was erased: its data key destroyed (ADR 0023). */
  const isErased = async (id: string, on: Knex = options.db) =>
    isUuid(id) && (await on('auth.data_keys').where({ scope: dataKeyScope(id) }).whereNotNull('destroyed_at').first('id')) !== undefined;
  return {
    async create(name: string, actorId: string): Promise<CustomerRecord> {
      return toRecord(await customers.insert({ name: name.trim(), created_by: actorId }));
    },
    async get(id: string): Promise<CustomerRecord> {
      const row = await customers.findById(id);
      if (!row) throw new CustomerNotFoundError();
      return toRecord(row);
    },
    async update(
      id: string,
      changes: { name?: string; status?: CustomerStatus; monthly_onboarding_limit?: number | null; features?: Record<string, boolean> },
      actorId: string,
    ): Promise<CustomerRecord> {
      // Re-activation checks the erasure under the customer's lock, which an erasure holds until it commits.
      const row = await withTransaction(options.db, async (trx) => {
        if (changes.status === 'ACTIVE' && (await customers.lockById(id, trx)) && (await isErased(id, trx))) throw new CustomerErasedError();
        return customers.update(id, { ...changes, name: changes.name?.trim(), updated_by: actorId }, trx);
      });
      if (!row) throw new CustomerNotFoundError();
      // Disabling ends the users' sessions now (also when asked again: a retry after a failed revocation).
      if (row.status === 'DISABLED' && changes.status === 'DISABLED') await options.endSessions(await customers.userIds(id), 'customer-disabled');
      return toRecord(row);
    },

    /**
     * Erases a tenant: destroys its data key (or, if it never had one, makes sure none can be made),
     * so nothing sealed for it opens anywhere again, has every area empty or delete what it keeps of
     * the tenant in clear (its `erase_customer` function, docs/adr/0043), and disables it, in one
     * transaction with the audit entry. Its users' sessions end after the commit, as when a customer is disabled; also
     * on a repeat, which answers the first erasure's time and records nothing unless it had to
     * disable the customer again.
     */
    async erase(input: EraseCustomerInput): Promise<CustomerErasure> {
      if (input.confirmCustomerId.toLowerCase() !== input.customerId.toLowerCase()) throw new ErasureConfirmationError();
      const erased = await withTransaction(options.db, async (trx) => {
        const customer = await customers.lockById(input.customerId, trx);
        if (!customer) throw new CustomerNotFoundError();
        const state = (await trx('auth.data_key_state').first('legacy_values_converted_at')) as { legacy_values_converted_at: Date | null } | undefined;
        if (!state?.legacy_values_converted_at) throw new SealedValuesNotConvertedError();
        const key = await options.dataKeys.destroy(dataKeyScope(customer.id), options.clock(), trx);
        const disabling = customer.status !== 'DISABLED';
        if (disabling) await customers.update(customer.id, { status: 'DISABLED', updated_by: input.actorId }, trx);
        // Every area empties or deletes what it keeps of the tenant in clear, in this transaction (docs/adr/0043).
        const erasedRows = await runErasureFunctions(trx, 'erase_customer', [customer.id]);
        if (key.destroyedNow || disabling) {
          await input.record(trx, {
            customerId: customer.id,
            action: 'customer.erased',
            target: { type: 'customer', id: customer.id },
            details: {
              data_key: key.destroyedNow ? (key.existed ? 'destroyed' : 'none-made') : 'destroyed-before',
              status_before: customer.status,
              status: 'DISABLED',
              rows_erased: erasedCount(erasedRows),
            },
          });
        }
        return { customerId: customer.id, erasedAt: key.destroyedAt };
      });
      noteCustomerErased(erased.customerId);
      // Its users, and the applicants erased with it (who onboarded with no other customer).
      const [users, applicants] = await Promise.all([customers.userIds(erased.customerId), customers.soleApplicantIds(erased.customerId)]);
      await options.endSessions([...users, ...applicants], 'customer-erased');
      return { customer_id: erased.customerId, erased_at: erased.erasedAt.toISOString(), data_key_destroyed: true };
    },
  };
}

/** The customers service type, for injection. */
export type CustomersService = ReturnType<typeof createCustomersService>;
