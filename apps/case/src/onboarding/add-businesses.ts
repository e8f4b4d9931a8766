import { withTransaction } from '@kyb/db';
import { createAddAtOnce, storableAtOnce } from './add-at-once';
import { presentAddedBusinesses } from './add-business.presenter';
import { createAddInTransaction, newRunKept } from './add-in-transaction';
import type { OnboardingDeps } from './onboarding-deps';
import { createPrepareAdd, type AddInput } from './prepare-add';
import { enrichmentQueueing, type EnrichmentQueueing } from './queue-enrichment';

/** Takes the added businesses' enrichment once they are stored, and decides when it is queued. */
export type QueueEnrichment = (queueing: EnrichmentQueueing) => void;

/**
 * E12 and bulk: adds the rows of a request, all or none, checked once. Stored in one statement when
 * they need nothing of a transaction (ADR 0037), else, or when that statement is undone, in the
 * add's transaction, which answers the contract's errors. Answers the run id and each created
 * business by row index; hands the enrichment's queueing to `queueEnrichment` once the businesses
 * are read back (whatever the read gives).
 */
export function createAddBusinesses(
  deps: Pick<OnboardingDeps, 'db' | 'store' | 'businesses' | 'applicants' | 'cases' | 'directory' | 'dataKeys' | 'gatherer' | 'clock'>,
) {
  const prepareAdd = createPrepareAdd(deps);
  const addAtOnce = createAddAtOnce(deps);
  const addInTransaction = createAddInTransaction(deps);
  return async function addBusinesses(input: AddInput, queueEnrichment: QueueEnrichment) {
    const add = await prepareAdd(input);
    const atOnce = storableAtOnce(add) ? await addAtOnce(add) : undefined;
    const stored = atOnce ?? (await withTransaction(deps.db, (trx) => addInTransaction(trx, add, newRunKept(deps, add))));
    const businessIds = stored.built.map((r) => r.business.id);
    const queueing = enrichmentQueueing(deps.gatherer, { runId: add.runId, customerId: add.customerId, businessIds });
    const found = await deps.businesses.findByIds(businessIds, true).finally(() => queueEnrichment(queueing));
    const { actorId, customerId } = add;
    return { runId: add.runId, result: presentAddedBusinesses({ actorId, customerId, rows: add.checked.rows, stored: found, cases: stored.cases, echoes: stored.echoes }) };
  };
}

/** E12's and bulk's use-case, for the router. */
export type AddBusinesses = ReturnType<typeof createAddBusinesses>;
