import { withTransaction } from '@kyb/db';
import { isOutage } from '@kyb/envelope';
import { UnknownMasterKeyError } from '@kyb/secrets';
import { createAddInTransaction } from './add-in-transaction';
import type { OnboardingDeps } from './onboarding-deps';
import { RunAlreadyFinishedError } from './onboarding.errors';
import type { RunRow } from './onboarding.store';
import { createPrepareAdd } from './prepare-add';
import { enrichmentQueueing } from './queue-enrichment';
import { runFailureOf, storableFailure, type RunFailure } from './run-failures';

/**
 * The worker's step on an accepted run (`async=true`): stores a PENDING run's rows in the add's
 * transaction, under the run row's lock (two jobs of one run store its rows once), and queues their
 * enrichment at once (no answer waits here). Always ends the run unless the database is out (thrown,
 * to be retried; `final` on the last attempt ends it too). Row failures, the limit, unreadable rows
 * and anything the database refuses end it FAILED with the reason.
 */
export function createProcessRun(deps: Pick<OnboardingDeps, 'db' | 'store' | 'businesses' | 'applicants' | 'cases' | 'directory' | 'dataKeys' | 'gatherer' | 'clock' | 'logger'>) {
  const { db, store, clock } = deps;
  const prepareAdd = createPrepareAdd(deps);
  const addInTransaction = createAddInTransaction(deps);

  /** Ends a run FAILED with its (storable) failed rows; when even those cannot be kept, with the reason alone. */
  async function endFailedRun(runId: string, failure: RunFailure): Promise<void> {
    const reasonAlone = { failure_reason: `${storableFailure({ ...failure, failed_rows: undefined }).failure_reason} (the failed rows could not be kept)` };
    try {
      await store.finishRun(db, runId, { status: 'FAILED', ...storableFailure(failure) }, clock());
    } catch (err) {
      if (isOutage(err) || !failure.failed_rows) throw err;
      deps.logger.error({ err, runId }, 'could not keep the failed rows of an onboarding run');
      await store.finishRun(db, runId, { status: 'FAILED', ...reasonAlone }, clock());
    }
  }

  /** The run's sealed rows, unchecked; undefined once a run whose rows cannot be read is ended FAILED. */
  async function rowsOf(run: RunRow): Promise<Array<Record<string, unknown>> | undefined> {
    try {
      const sealed: unknown = JSON.parse(await deps.dataKeys.open(run.rows_sealed ?? ''));
      if (!Array.isArray(sealed)) throw new TypeError('the sealed rows are not a list');
      return sealed;
    } catch (err) {
      // A database outage, or a master key this process lacks (DATA_ENCRYPTION_KEY_PREVIOUS during a rotation): retried, the rows kept.
      if (isOutage(err) || err instanceof UnknownMasterKeyError) throw err;
      deps.logger.error({ err, runId: run.id }, 'could not read the rows of an onboarding run');
      await endFailedRun(run.id, { failure_reason: 'The rows of the run could not be read; nothing was stored.', unexpected: true });
      return undefined;
    }
  }

  return async function processRun(runId: string, attempt: { final?: boolean } = {}): Promise<void> {
    const run = await store.findRun(db, runId);
    if (!run || run.status !== 'PENDING') return;
    const rows = await rowsOf(run);
    if (!rows) return;
    try {
      // Unchecked rows: each is checked against the E12 schema.
      const add = await prepareAdd({ actor: { run: { acceptedBy: run.created_by } }, customerId: run.customer_id, rows, checkSchema: true }, runId);
      const stored = await withTransaction(db, async (trx) => {
        if (!(await store.lockPendingRun(trx, runId))) throw new RunAlreadyFinishedError(runId);
        // The run was PENDING: it is finished with its businesses.
        return addInTransaction(trx, add, async (_trx, businessIds) => {
          await store.finishRun(trx, runId, { status: 'SUCCEEDED', business_ids: businessIds }, clock());
          return [];
        });
      });
      await enrichmentQueueing(deps.gatherer, { runId, customerId: run.customer_id, businessIds: stored.built.map((b) => b.business.id) })();
    } catch (err) {
      if (err instanceof RunAlreadyFinishedError) return;
      const failure = runFailureOf(err, attempt.final === true);
      if (!failure) throw err;
      if (failure.unexpected) deps.logger.error({ err, runId }, 'onboarding run failed');
      await endFailedRun(runId, failure);
    }
  };
}

/** The worker's step, for the area's run processor. */
export type ProcessRun = ReturnType<typeof createProcessRun>;
