import { runChained, type Knex, type StatementPart } from '@kyb/db';
import { ApplicantNotFoundError } from '../applicants/applicants.errors';
import { checkLimit } from './add-checks';
import { addedActPart, newRunParts, recordsOf, type StoredAdd } from './add-writes';
import type { OnboardingDeps } from './onboarding-deps';
import { RowValidationError } from './onboarding.errors';
import { openCases } from './open-cases';
import type { PreparedAdd } from './prepare-add';

/**
 * How the add's run is kept once its businesses are known: the statement parts storing it (a
 * request's), or none once an accepted run, stored PENDING, is updated to SUCCEEDED.
 */
export type KeepRun = (trx: Knex.Transaction, businessIds: string[]) => Promise<StatementPart[]>;

/** A request's run, stored with its businesses (nobody sees it before the commit). */
export function newRunKept(deps: Pick<OnboardingDeps, 'store' | 'clock'>, add: PreparedAdd): KeepRun {
  return async (trx, businessIds) => newRunParts(trx, deps, add, businessIds, deps.clock());
}

/**
 * An add checked and stored in its caller's transaction, in the contract's order: the month's usage
 * taken (its row locked until the transaction ends, so the monthly limit holds under concurrency)
 * and held to the limit, the rows' failures with the external ids stored already, the applicants
 * rows name; then the run, the businesses and the act in one statement (ADR 0037), and the cases.
 * All rows are stored or none. Answers what was stored; the caller commits it (or a dry run rolls
 * it back).
 */
export function createAddInTransaction(deps: Pick<OnboardingDeps, 'store' | 'businesses' | 'applicants' | 'cases' | 'clock'>) {
  return async function addInTransaction(trx: Knex.Transaction, add: PreparedAdd, keepRun: KeepRun): Promise<StoredAdd> {
    const { customerId, checked } = add;
    const used = await deps.store.takeUsage(trx, customerId, add.month, add.rowCount);
    checkLimit(add.limit, used, add.rowCount);
    const existing = await deps.store.businessesByExternalId(trx, customerId, checked.externalIds);
    const failed = checked.failedRows(existing);
    if (Object.keys(failed).length > 0) throw new RowValidationError(add.runId, failed);
    // No row failed, so every row is in `checked.rows`, in order.
    const applicantIds = [...new Set(checked.rows.map((r) => r.applicant_id).filter((v): v is string => typeof v === 'string'))];
    const knownApplicants = await deps.applicants.applicantsByIds(trx, customerId, applicantIds);
    if (knownApplicants.length !== applicantIds.length) throw new ApplicantNotFoundError();
    const built = recordsOf(add);
    const businessIds = built.map((b) => b.business.id);
    const runParts = await keepRun(trx, businessIds);
    await runChained(trx, [...runParts, ...deps.businesses.recordsParts(trx, built), addedActPart(add, businessIds, deps.clock())]);
    const cases = await openCases(trx, { applicants: deps.applicants, cases: deps.cases, clock: deps.clock }, { actorId: add.actorId, customerId, rows: checked.rows, built });
    return { built, cases };
  };
}
