import type { RawJson } from '@kyb/envelope';
import type { BusinessRowInput } from '../businesses/business-row.columns';
import { addedActPart, newRunParts, recordsOf, type StoredAdd } from './add-writes';
import { openCasesParts } from '../cases/cases.store';
import { integrationDataText } from './integration-data';
import type { OnboardingDeps } from './onboarding-deps';
import { newCasesOf } from './open-cases';
import type { PreparedAdd } from './prepare-add';

/**
 * Each row's `integration_data` text for the answer, written once the statement storing the rows has
 * been sent (the next turn of the event loop): a bulk's 1,000 echoes (most of its 7 MB answer) are
 * then written while PostgreSQL works on the rows, instead of after the read-back (ADR 0038).
 */
async function echoedMeanwhile(rows: readonly BusinessRowInput[]): Promise<RawJson[]> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  return rows.map(integrationDataText);
}

/**
 * Whether an add may try the one statement (ADR 0037): every row passed its checks as if no external
 * id were stored yet, and no row names an applicant (its case is opened with the applicant's upsert,
 * in the transaction; the others' cases are opened in the statement, without one). A dry run and an accepted run never try it: they take the transaction.
 */
export function storableAtOnce(add: PreparedAdd): boolean {
  const namesApplicant = (row: BusinessRowInput) => typeof row.applicant_id === 'string' || typeof row.applicant_email === 'string';
  return add.checked.passed && !add.checked.rows.some(namesApplicant);
}

/**
 * Stores a request's rows in one statement, without the round trips of a transaction (ADR 0037):
 * the statement itself holds the usage to the limit, and the unique index the external ids. Answers
 * undefined when the statement was undone (a limit passed, an external id stored already, a deadlock
 * broken) or cannot be one statement: the add then takes its transaction, which answers the
 * contract's error.
 */
export function createAddAtOnce(deps: Pick<OnboardingDeps, 'db' | 'store' | 'businesses' | 'clock'>) {
  return async function addAtOnce(add: PreparedAdd): Promise<StoredAdd | undefined> {
    const built = recordsOf(add);
    const businessIds = built.map((b) => b.business.id);
    // No row names an applicant (`storableAtOnce`): each business's case is opened without one.
    const cases = newCasesOf({ actorId: add.actorId, customerId: add.customerId, rows: add.checked.rows, built }, () => null, deps.clock);
    const parts = [
      ...newRunParts(deps.db, deps, add, businessIds, deps.clock()),
      ...deps.businesses.recordsParts(deps.db, built),
      addedActPart(add, businessIds, deps.clock()),
      ...openCasesParts(deps.db, cases.rows).parts,
    ];
    const [stored, echoes] = await Promise.all([
      deps.store.storeAtOnce(deps.db, { customerId: add.customerId, month: add.month, count: add.rowCount, limit: add.limit, parts }),
      echoedMeanwhile(add.checked.rows),
    ]);
    return stored ? { built, cases: cases.answer, echoes } : undefined;
  };
}
