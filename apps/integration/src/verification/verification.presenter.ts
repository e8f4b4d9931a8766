import type { VerificationCheckCode } from '@kyb/area-views';
import type { StatusChangeRow, VerificationRow, VerificationStatus } from './verification.store';

/** What each check verifies, as the API labels it. */
export const CHECK_LABELS: Record<VerificationCheckCode, string> = {
  TIN_MATCH: 'TIN matches the legal name',
  SOS_FILING: 'Secretary-of-state filing is active under the business name',
  ADDRESS: 'Address is a valid deliverable address',
  OFFICERS: "Owners match the filing's officers",
  SANCTIONS: 'No confirmed sanctions hit on the business or its owners',
};

/** PENDING before the business's first verification, COMPLETED once one is stored. */
export type VerificationState = 'PENDING' | 'COMPLETED';

/** The verification endpoint's `data`. */
export interface VerificationView {
  business_id: string;
  status: VerificationStatus;
  verification_state: VerificationState;
  verified_at: string | null;
  checks: Array<{ code: VerificationCheckCode; label: string; result: string; reason: string }>;
  status_history: Array<{ from_status: VerificationStatus | null; to_status: VerificationStatus; reason: string; changed_at: string }>;
}

/** The business's latest verification and its status history; before the first, UNVERIFIED and PENDING. */
export function presentVerification(businessId: string, latest: VerificationRow | undefined, history: StatusChangeRow[]): VerificationView {
  return {
    business_id: businessId,
    status: latest?.status ?? 'UNVERIFIED',
    verification_state: latest ? 'COMPLETED' : 'PENDING',
    verified_at: latest ? latest.created_at.toISOString() : null,
    checks: (latest?.checks ?? []).map((c) => ({ code: c.code, label: CHECK_LABELS[c.code], result: c.result, reason: c.reason })),
    status_history: history.map((h) => ({
      from_status: h.from_status,
      to_status: h.to_status,
      reason: h.reason,
      changed_at: h.changed_at.toISOString(),
    })),
  };
}
