import type { Knex } from '@kyb/db';
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

/** Reads customers through the auth area's directory view. */
export function createCustomerDirectory(db: Knex) {
  return {
    /** The customer, or undefined when there is none (also for a value that is not a UUID). */
    async find(customerId: string): Promise<CustomerEntry | undefined> {
      if (!isUuid(customerId)) return undefined;
      const row = await db(CUSTOMER_DIRECTORY_VIEW).where({ id: customerId }).first();
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
