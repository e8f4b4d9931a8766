import { unseen, type AuthContext } from '@kyb/auth';
import { CustomerNotFoundError } from '@kyb/area-views';
import type { OnboardingDeps } from './onboarding-deps';
import { usageMonth } from './onboarding.store';

/** The customer's onboarding limit this month, as E12 counts it (issue 12). */
export interface OnboardingLimit {
  /** Null: unlimited. */
  limit: number | null;
  used: number;
  /** Null when unlimited; never below 0. */
  remaining: number | null;
  /** When the count starts again: the first instant of next month (UTC). */
  resets_at: string;
}

/** Reads a customer's onboarding limit: what adding businesses may still do this month. */
export function createReadOnboardingLimit(deps: Pick<OnboardingDeps, 'db' | 'store' | 'directory' | 'clock'>) {
  return async function readOnboardingLimit(caller: AuthContext, customerId: string): Promise<OnboardingLimit> {
    const customer = await deps.directory.find(customerId);
    // A CUSTOMER's token vouches for its tenant (checked before); an ADMIN may name any id.
    if (!customer) throw unseen(caller, new CustomerNotFoundError());
    const now = deps.clock();
    const used = await deps.store.used(deps.db, customer.id, usageMonth(now));
    const limit = customer.monthlyOnboardingLimit;
    return {
      limit,
      used,
      remaining: limit === null ? null : Math.max(0, limit - used),
      resets_at: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    };
  };
}

/** The limit's read, for the router. */
export type ReadOnboardingLimit = ReturnType<typeof createReadOnboardingLimit>;
