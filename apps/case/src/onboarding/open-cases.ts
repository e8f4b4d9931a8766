import { randomUUID } from 'node:crypto';
import type { Knex } from '@kyb/db';
import type { ApplicantStore } from '../applicants/applicants.store';
import type { BusinessRecords } from '../businesses/business-records';
import type { BusinessRowInput } from '../businesses/business-row.columns';
import { CASE_STATUS_CODES, CASE_TYPE_CODES } from '../cases/case-codes';
import type { CaseStore, NewCaseRow } from '../cases/cases.store';

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

/** A run's cases to open and E12's `data_cases` of each business. */
export interface NewCases {
  rows: NewCaseRow[];
  answer: Map<string, object[]>;
}

/**
 * One onboarding case per business (every business added has one, ADR 0055), with the applicant
 * `applicantOf` finds for its row or none, its id chosen here; and E12's `data_cases` by business
 * id: status and type as the published integers.
 */
export function newCasesOf(input: OpenCasesInput, applicantOf: (row: BusinessRowInput) => string | null, clock: () => Date): NewCases {
  const { actorId, customerId } = input;
  const rows: NewCaseRow[] = input.rows.map((row, index) => ({
    id: randomUUID(),
    customer_id: customerId,
    business_id: input.built[index].business.id,
    applicant_id: applicantOf(row),
    origin: 'ADDED',
    created_by: actorId,
  }));
  const at = clock().toISOString();
  const answer = new Map<string, object[]>();
  for (const row of rows) {
    answer.set(row.business_id, [
      { id: row.id, applicant_id: row.applicant_id, customer_id: customerId, status: CASE_STATUS_CODES.ADDED, created_at: at, created_by: actorId,
        updated_at: at, updated_by: actorId, business_id: row.business_id, case_type: CASE_TYPE_CODES.ONBOARDING, assignee: null, assigner: null,
        customer_initiated: true },
    ]);
  }
  return { rows, answer };
}

/** Opens a run's cases in `trx` with the applicants its rows name (by id, or by details); answers E12's `data_cases` by business id. */
export async function openCases(trx: Knex.Transaction, deps: OpenCasesDeps, input: OpenCasesInput): Promise<Map<string, object[]>> {
  const byEmail = await applicantsByEmail(trx, deps, input);
  const applicantOf = (row: BusinessRowInput) => (typeof row.applicant_id === 'string' ? row.applicant_id : (byEmail.get(String(row.applicant_email).toLowerCase()) ?? null));
  const opened = newCasesOf(input, applicantOf, deps.clock);
  await deps.cases.insertCases(trx, opened.rows);
  return opened.answer;
}
