import type { Knex } from '@kyb/db';

/** The auth area's read module of used invitations, created by its migrations. */
export const INVITATION_ACCEPTANCES_VIEW = 'auth.invitation_acceptances';

/** Reads which invitations their applicants have used, through the auth area's view. */
export function createInvitationAcceptances(db: Knex) {
  return {
    /** When each of `invitationIds` was used; absent ids were not. */
    async acceptedAt(invitationIds: string[]): Promise<Map<string, Date>> {
      if (invitationIds.length === 0) return new Map();
      const rows = await db(INVITATION_ACCEPTANCES_VIEW).whereIn('invitation_id', invitationIds).select('invitation_id', 'accepted_at');
      return new Map(rows.map((r: { invitation_id: string; accepted_at: Date }) => [r.invitation_id, r.accepted_at]));
    },
  };
}

/** The reader type, for injection. */
export type InvitationAcceptances = ReturnType<typeof createInvitationAcceptances>;
