import type { Knex } from '@kyb/db';

/** An invitation to keep: one applicant invited to one case of a business. */
export interface NewInvitationRow {
  customer_id: string;
  case_id: string;
  business_id: string;
  applicant_id: string;
  expires_at: Date;
  options: object;
  created_by: string;
}

/** SQL of invitations (applicants, cases and outbox mail have their own stores). */
export function createPgInvitationStore() {
  return {
    /** Keeps a PENDING invitation in `trx`; answers its id. */
    async insertInvitation(trx: Knex.Transaction, row: NewInvitationRow): Promise<string> {
      const [created] = await trx('cases.invitations')
        .insert({ ...row, status: 'PENDING', options: JSON.stringify(row.options) })
        .returning('id');
      return (created as { id: string }).id;
    },
  };
}

/** The invitation store type, for injection. */
export type InvitationStore = ReturnType<typeof createPgInvitationStore>;
