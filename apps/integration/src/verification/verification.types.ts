import type { VerificationCheck } from '@kyb/area-views';

/** Whether a business passed its verification. */
export type VerificationStatus = 'VERIFIED' | 'UNVERIFIED';

/** A verification to store. */
export interface NewVerification {
  businessId: string;
  customerId: string;
  /** The enrichment task that ran it: a task is verified once, however often its job runs. */
  taskId: string | null;
  status: VerificationStatus;
  checks: VerificationCheck[];
  /** Why the status is what it is, recorded when it changed. */
  reason: string;
  at: Date;
}
