import type { CustomerEntry } from '@kyb/area-views';
import { FeatureNotEnabledError, OnboardingLimitExhaustedError, OnboardingLimitWillExceedError } from './onboarding.errors';
import type { OnboardingDeps } from './onboarding-deps';
import { usageMonth } from './onboarding.store';

/** The feature switch that gates adding businesses (contract 7.1 row 5). */
export const ADD_BUSINESS_FEATURE = 'PAT_120_ADD_BUSINESS';

/** Throws the contract's limit error when `count` more businesses would not fit in `limit` (null: unlimited) with `used` taken. */
export function checkLimit(limit: number | null, used: number, count: number): void {
  if (limit === null) return;
  if (used >= limit) throw new OnboardingLimitExhaustedError();
  if (used + count > limit) throw new OnboardingLimitWillExceedError();
}

/** The checks a request to add businesses passes before its rows are read (contract 7.1 rows 5 to 7). */
export function createAddChecks(deps: Pick<OnboardingDeps, 'db' | 'store' | 'directory' | 'clock'>) {
  return {
    /** The customer as the auth area's directory shows it: read once per request and handed to the checks below. */
    customer: (customerId: string): Promise<CustomerEntry | undefined> => deps.directory.find(customerId),

    /** Contract 7.1 row 5: throws unless the customer has switched adding businesses on (PAT_120_ADD_BUSINESS). */
    assertFeatureEnabled(customer: CustomerEntry | undefined): void {
      if (customer?.features[ADD_BUSINESS_FEATURE] !== true) throw new FeatureNotEnabledError();
    },

    /**
     * The monthly onboarding limit (7.1 rows 6 and 7: 403 when nothing is left, or when the request
     * would pass the limit), checked early (without a lock) so a refused request costs little.
     */
    async assertWithinLimit(customer: CustomerEntry | undefined, count: number): Promise<void> {
      if (!customer || customer.monthlyOnboardingLimit === null) return;
      checkLimit(customer.monthlyOnboardingLimit, await deps.store.used(deps.db, customer.id, usageMonth(deps.clock())), count);
    },
  };
}

/** The add's early checks, for the router. */
export type AddChecks = ReturnType<typeof createAddChecks>;
