import type { Knex } from '@kyb/db';

/** An applicant as stored. */
export interface ApplicantRow {
  id: string;
  customer_id: string;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string | null;
}

/** SQL for applicants, cases and invitations. */
export function createPgInvitationStore() {
  return {
    /**
     * The customer's applicant with this email, created when there is none (emails compare
     * case-insensitively, as the unique index `applicants_customer_email` does). One statement, so
     * concurrent calls for one new email all answer the same row: the loser of the race waits for
     * the winner's commit and then takes its row. The no-op update is what makes `returning` answer
     * an existing row; it locks that row until the transaction ends, so callers upsert several
     * applicants in a fixed (email) order.
     */
    async upsertApplicant(trx: Knex.Transaction, applicant: Omit<ApplicantRow, 'id'> & { created_by: string }): Promise<ApplicantRow> {
      const [row] = await trx('cases.applicants')
        .insert(applicant)
        .onConflict(trx.raw('(customer_id, lower(email))'))
        .merge({ updated_at: trx.ref('applicants.updated_at') })
        .returning(['id', 'customer_id', 'first_name', 'last_name', 'email', 'mobile']);
      return row as ApplicantRow;
    },
    applicantsByIds(db: Knex, customerId: string, ids: string[]): Promise<ApplicantRow[]> {
      return ids.length === 0 ? Promise.resolve([]) : db<ApplicantRow>('cases.applicants').where({ customer_id: customerId }).whereIn('id', ids);
    },
    findCase(db: Knex, id: string): Promise<{ id: string; business_id: string; customer_id: string } | undefined> {
      return db('cases.cases').where({ id }).first();
    },
    async insertCase(trx: Knex.Transaction, row: { customer_id: string; business_id: string; applicant_id: string; status: string; created_by: string }) {
      const [created] = await trx('cases.cases').insert({ ...row, updated_by: row.created_by }).returning('id');
      return (created as { id: string }).id;
    },
    async insertInvitation(
      trx: Knex.Transaction,
      row: { customer_id: string; case_id: string; business_id: string; applicant_id: string; expires_at: Date; options: object; created_by: string },
    ): Promise<string> {
      const [created] = await trx('cases.invitations')
        .insert({ ...row, status: 'PENDING', options: JSON.stringify(row.options) })
        .returning('id');
      return (created as { id: string }).id;
    },
    async insertMail(trx: Knex.Transaction, row: { invitation_id: string; to_email: string; subject: string; body: string }): Promise<string> {
      const [created] = await trx('cases.mail_outbox').insert(row).returning('id');
      return (created as { id: string }).id;
    },
  };
}

/** The invitation store type, for injection. */
export type InvitationStore = ReturnType<typeof createPgInvitationStore>;
