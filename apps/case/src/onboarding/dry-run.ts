import { withTransaction } from '@kyb/db';
import { presentAddedBusinesses } from './add-business.presenter';
import { createAddInTransaction, newRunKept } from './add-in-transaction';
import type { OnboardingDeps } from './onboarding-deps';
import { createPrepareAdd, type AddInput } from './prepare-add';

/** How a dry run leaves its transaction: with the answer the request would get, and everything it wrote rolled back. */
class DryRunOutcome extends Error {
  constructor(readonly result: ReturnType<typeof presentAddedBusinesses>) {
    super('dry run');
  }
}

/**
 * `?dry_run=true` on E12 and bulk (issue 12): every check runs, in the add's transaction, and the
 * answer is the one the request would get, as that transaction sees it; then everything is rolled
 * back: nothing is stored, counted or queued.
 */
export function createDryRun(deps: Pick<OnboardingDeps, 'db' | 'store' | 'businesses' | 'applicants' | 'cases' | 'directory' | 'dataKeys' | 'clock'>) {
  const prepareAdd = createPrepareAdd(deps);
  const addInTransaction = createAddInTransaction(deps);
  return async function dryRun(input: AddInput) {
    const add = await prepareAdd(input);
    const outcome = await withTransaction(deps.db, async (trx) => {
      const { built, cases } = await addInTransaction(trx, add, newRunKept(deps, add));
      const stored = await deps.businesses.findByIdsIn(trx, built.map((b) => b.business.id));
      throw new DryRunOutcome(presentAddedBusinesses({ actorId: add.actorId, customerId: add.customerId, rows: add.checked.rows, stored, cases }));
    }).catch((err: unknown) => {
      if (err instanceof DryRunOutcome) return err;
      throw err;
    });
    return { runId: add.runId, result: outcome.result };
  };
}

/** The dry run's use-case, for the router. */
export type DryRun = ReturnType<typeof createDryRun>;
