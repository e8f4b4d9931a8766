import type { Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';

/** The case area's read module of invitations, created by its migrations. */
export const INVITATION_DIRECTORY_VIEW = 'cases.invitation_directory';

/** What the auth area may know of an invitation to let its applicant sign up. */
export interface InvitationEntry {
  id: string;
  customerId: string;
  businessId: string;
  applicantEmail: string;
  applicantFirstName: string;
  applicantLastName: string;
  expiresAt: Date;
}

/** Reads invitations through the case area's directory view. */
export function createInvitationDirectory(db: Knex) {
  return {
    /** The invitation, or undefined (also for a value that is not a UUID). */
    async find(id: string): Promise<InvitationEntry | undefined> {
      if (!isUuid(id)) return undefined;
      const row = await db(INVITATION_DIRECTORY_VIEW).where({ id }).first();
      if (!row) return undefined;
      return {
        id: row.id,
        customerId: row.customer_id,
        businessId: row.business_id,
        applicantEmail: row.applicant_email,
        applicantFirstName: row.applicant_first_name,
        applicantLastName: row.applicant_last_name,
        expiresAt: row.expires_at,
      };
    },
  };
}

/** The invitation directory type, for injection. */
export type InvitationDirectory = ReturnType<typeof createInvitationDirectory>;
