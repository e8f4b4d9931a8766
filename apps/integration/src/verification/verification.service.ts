import type { AuthContext } from '@kyb/auth';
import { findAccessibleBusiness, type BusinessDirectory } from '@kyb/area-views';
import { presentVerification, type VerificationView } from './verification.presenter';
import type { VerificationStore } from './verification.store';

/** Reading a business's verification. */
export function createVerificationService(deps: { businesses: BusinessDirectory; verifications: VerificationStore }) {
  return {
    /** The latest verification with its status history (403 for another tenant's or an unknown business). */
    async verification(caller: AuthContext, businessId: string): Promise<VerificationView> {
      await findAccessibleBusiness(deps.businesses, caller, businessId);
      const { latest, history } = await deps.verifications.snapshot(businessId);
      return presentVerification(businessId, latest, history);
    },
  };
}

/** The verification service type, for injection. */
export type VerificationService = ReturnType<typeof createVerificationService>;
