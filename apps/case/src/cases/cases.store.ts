import { type Knex } from '@kyb/db';
import type { CaseListQuery } from './cases.schemas';

/** A case as stored. */
export interface CaseRow {
  id: string;
  customer_id: string;
  business_id: string;
  applicant_id: string | null;
  status: string;
  customer_initiated: boolean;
  created_by: string;
  updated_by: string;
  created_at: Date;
  updated_at: Date;
}

/** An invitation with its applicant and business names, for case reads and the applicant side. */
export interface InvitationView {
  id: string;
  case_id: string;
  customer_id: string;
  business_id: string;
  business_name: string;
  applicant_id: string;
  applicant_first_name: string;
  applicant_email: string;
  status: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

/** A case to open, as stored. */
export interface NewCaseRow {
  customer_id: string;
  business_id: string;
  applicant_id: string;
  status: string;
  created_by: string;
}

/** SQL of cases: opening one (in the caller's transaction), reading cases and their invitations. */
export function createPgCaseStore(db: Knex) {
  const invitations = () =>
    db('cases.invitations as i')
      .join('cases.applicants as a', 'a.id', 'i.applicant_id')
      .join('cases.businesses as b', 'b.id', 'i.business_id')
      .select<InvitationView[]>(
        'i.id',
        'i.case_id',
        'i.customer_id',
        'i.business_id',
        'b.name as business_name',
        'i.applicant_id',
        'a.first_name as applicant_first_name',
        'a.email as applicant_email',
        'i.status',
        'i.expires_at',
        'i.used_at',
        'i.created_at',
      );
  return {
    /** Opens a case in `trx`; answers its id. */
    async insertCase(trx: Knex.Transaction, row: NewCaseRow): Promise<string> {
      const [created] = await trx('cases.cases').insert({ ...row, updated_by: row.created_by }).returning('id');
      return (created as { id: string }).id;
    },
    findCase(id: string): Promise<CaseRow | undefined> {
      return db<CaseRow>('cases.cases').where({ id }).first();
    },
    invitationsOfCases(caseIds: string[]): Promise<InvitationView[]> {
      return caseIds.length === 0 ? Promise.resolve([]) : invitations().whereIn('i.case_id', caseIds).orderBy('i.created_at');
    },
    findInvitation(id: string): Promise<InvitationView | undefined> {
      return invitations().where('i.id', id).first();
    },
    async list(query: CaseListQuery): Promise<{ rows: CaseRow[]; total: number }> {
      const base = db<CaseRow>('cases.cases').where({ customer_id: query.customerId });
      for (const [column, value] of Object.entries(query.filter)) if (value !== undefined) base.andWhere(column, value);
      const [{ count }] = await base.clone().count<Array<{ count: string }>>({ count: '*' });
      const page = base.clone().select('*');
      for (const [column, direction] of query.sort) page.orderBy(column, direction);
      page.orderBy('id', 'asc');
      if (query.paginate) page.limit(query.itemsPerPage).offset((query.page - 1) * query.itemsPerPage);
      return { rows: await page, total: Number(count) };
    },
  };
}

/** The case store type, for injection. */
export type CaseStore = ReturnType<typeof createPgCaseStore>;
