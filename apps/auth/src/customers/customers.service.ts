import { CustomerNotFoundError } from '@kyb/area-views';
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

/** Options of {@link createCustomersService}. */
export interface CustomersServiceOptions {
  customers: CustomerStore;
  /** Ends every session of the given users (in every area). */
  endSessions(userIds: readonly string[], reason: string): Promise<void>;
}

/** Platform administration of customers (tenants). */
export function createCustomersService(options: CustomersServiceOptions) {
  const { customers } = options;
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
      const row = await customers.update(id, { ...changes, name: changes.name?.trim(), updated_by: actorId });
      if (!row) throw new CustomerNotFoundError();
      // Disabling ends the users' sessions now (also when asked again: a retry after a failed revocation).
      if (row.status === 'DISABLED' && changes.status === 'DISABLED') await options.endSessions(await customers.userIds(id), 'customer-disabled');
      return toRecord(row);
    },
  };
}

/** The customers service type, for injection. */
export type CustomersService = ReturnType<typeof createCustomersService>;
