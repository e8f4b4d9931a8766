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

/** SQL of applicants, shared by adding businesses (applicants a row names) and invitations. */
export function createPgApplicantStore() {
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
    /** The customer's applicants among `ids` (any order; unknown ids and other customers' applicants are left out). */
    applicantsByIds(db: Knex, customerId: string, ids: string[]): Promise<ApplicantRow[]> {
      return ids.length === 0 ? Promise.resolve([]) : db<ApplicantRow>('cases.applicants').where({ customer_id: customerId }).whereIn('id', ids);
    },
  };
}

/** The applicant store type, for injection. */
export type ApplicantStore = ReturnType<typeof createPgApplicantStore>;
