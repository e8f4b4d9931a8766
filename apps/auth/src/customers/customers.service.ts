import { NotFoundError } from '@kyb/envelope';
import type { CustomerRow, CustomerStore } from './customers.store';

/** A customer as the API answers it. */
export interface CustomerRecord {
  id: string;
  name: string;
  monthly_onboarding_limit: number | null;
  features: Record<string, boolean>;
  created_at: string;
  updated_at: string;
}

function toRecord(row: CustomerRow): CustomerRecord {
  return {
    id: row.id,
    name: row.name,
    monthly_onboarding_limit: row.monthly_onboarding_limit,
    features: row.features,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Thrown for a customer id that does not exist. */
export class CustomerNotFoundError extends NotFoundError {
  constructor() {
    super('Customer not found', 'CustomerApiError');
  }
}

/** Platform administration of customers (tenants). */
export function createCustomersService(options: { customers: CustomerStore }) {
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
      changes: { name?: string; monthly_onboarding_limit?: number | null; features?: Record<string, boolean> },
      actorId: string,
    ): Promise<CustomerRecord> {
      const row = await customers.update(id, { ...changes, name: changes.name?.trim(), updated_by: actorId });
      if (!row) throw new CustomerNotFoundError();
      return toRecord(row);
    },
  };
}

/** The customers service type, for injection. */
export type CustomersService = ReturnType<typeof createCustomersService>;
