import type { Knex } from '@kyb/db';
import type { ApplicantStore } from '../applicants/applicants.store';
import type { BusinessRecords } from '../businesses/business-records';
import type { BusinessRowInput } from '../businesses/business-row.columns';
import { CASE_STATUS_CODES, CASE_TYPE_CODES } from '../cases/case-codes';
import type { CaseStore } from '../cases/cases.store';

/** What opening a run's cases needs. */
export interface OpenCasesDeps {
  /** Applicants, shared with the invitation flow. */
  applicants: ApplicantStore;
  cases: CaseStore;
  clock: () => Date;
}

/** A run's rows and the records they became, row by row. */
export interface OpenCasesInput {
  actorId: string;
  customerId: string;
  rows: BusinessRowInput[];
  built: BusinessRecords[];
}

/**
 * The applicants rows name by details, created or reused by email (case-insensitively; the first
 * row's names win). Upserted in email order, as invitations do, so a run and concurrent invites
 * never wait on each other's applicants in a cycle (a deadlock).
 */
async function applicantsByEmail(trx: Knex.Transaction, deps: OpenCasesDeps, input: OpenCasesInput): Promise<Map<string, string>> {
  const firstRow = new Map<string, BusinessRowInput>();
  for (const row of input.rows) {
    const email = typeof row.applicant_id !== 'string' && typeof row.applicant_email === 'string' ? row.applicant_email.toLowerCase() : null;
    if (email && !firstRow.has(email)) firstRow.set(email, row);
  }
  const ids = new Map<string, string>();
  for (const [email, row] of [...firstRow].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const applicant = await deps.applicants.upsertApplicant(trx, {
      customer_id: input.customerId,
      first_name: String(row.applicant_first_name).trim(),
      last_name: String(row.applicant_last_name).trim(),
      email: String(row.applicant_email),
      mobile: null,
      created_by: input.actorId,
    });
    ids.set(email, applicant.id);
  }
  return ids;
}

/**
 * One onboarding case per row that names an applicant (by id, or by details); answered by
 * business id as E12 shows them: status and type as the published integers.
 */
export async function openCases(trx: Knex.Transaction, deps: OpenCasesDeps, input: OpenCasesInput): Promise<Map<string, object[]>> {
  const { actorId, customerId } = input;
  const cases = new Map<string, object[]>();
  const byEmail = await applicantsByEmail(trx, deps, input);
  for (const [index, row] of input.rows.entries()) {
    const applicantId = typeof row.applicant_id === 'string' ? row.applicant_id : byEmail.get(String(row.applicant_email).toLowerCase());
    if (!applicantId) continue;
    const businessId = input.built[index].business.id;
    const caseId = await deps.cases.insertCase(trx, { customer_id: customerId, business_id: businessId, applicant_id: applicantId, status: 'CREATED', created_by: actorId });
    const at = deps.clock().toISOString();
    cases.set(businessId, [
      { id: caseId, applicant_id: applicantId, customer_id: customerId, status: CASE_STATUS_CODES.CREATED, created_at: at, created_by: actorId,
        updated_at: at, updated_by: actorId, business_id: businessId, case_type: CASE_TYPE_CODES.ONBOARDING, assignee: null, assigner: null,
        customer_initiated: true },
    ]);
  }
  return cases;
}
