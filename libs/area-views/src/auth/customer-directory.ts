import { preparedRead, type Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';

/**
 * The auth area's read module for other areas: a view over its customers, created by the auth
 * area's migrations. Other areas read customers only through it ("talk through Postgres").
 */
export const CUSTOMER_DIRECTORY_VIEW = 'auth.customer_directory';

/** What other areas may know of a customer. */
export interface CustomerEntry {
  id: string;
  name: string;
  /** Businesses the customer may onboard per calendar month (UTC); null: unlimited. */
  monthlyOnboardingLimit: number | null;
  features: Record<string, boolean>;
}

/** A row of the view, as the entry is made from it. */
interface CustomerRow {
  id: string;
  name: string;
  monthly_onboarding_limit: number | null;
  features: Record<string, boolean> | null;
}

/** Reads customers through the auth area's directory view. */
export function createCustomerDirectory(db: Knex) {
  // Read on every add (the feature switch and the monthly limit): a prepared statement built once (ADR 0030).
  const byId = preparedRead<CustomerRow, 'id'>(db, ['id'], (v) => db(CUSTOMER_DIRECTORY_VIEW).where({ id: v.id }).limit(1));
  return {
    /** The customer, or undefined when there is none (also for a value that is not a UUID). */
    async find(customerId: string): Promise<CustomerEntry | undefined> {
      if (!isUuid(customerId)) return undefined;
      const [row] = await byId({ id: customerId });
      if (!row) return undefined;
      return { id: row.id, name: row.name, monthlyOnboardingLimit: row.monthly_onboarding_limit, features: row.features ?? {} };
    },
    /** Whether the customer exists and has switched `feature` on. */
    async isEnabled(customerId: string, feature: string): Promise<boolean> {
      return (await this.find(customerId))?.features[feature] === true;
    },
  };
}

/** The customer directory type, for injection. */
export type CustomerDirectory = ReturnType<typeof createCustomerDirectory>;
