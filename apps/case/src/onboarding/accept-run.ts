import { randomUUID } from 'node:crypto';
import { auditActOf, type Actor } from '@kyb/auth';
import { dataKeyScope } from '@kyb/area-views';
import { recordAudit, withTransaction } from '@kyb/db';
import { onboardingRunJobId } from '@kyb/queues';
import type { OnboardingDeps } from './onboarding-deps';

/** What `async=true` accepts: the caller's unchecked rows for a customer. */
export interface AcceptedRows {
  actor: Actor;
  customerId: string;
  rows: Array<Record<string, unknown>>;
}

/**
 * `async=true`: keeps the rows sealed in a PENDING run and queues it; answers at once (the worker's
 * `processRun` checks and stores them). The act is audited with the run.
 */
export function createAcceptRun(deps: Pick<OnboardingDeps, 'db' | 'store' | 'dataKeys' | 'runs' | 'clock' | 'logger'>) {
  return async function acceptRun({ actor, customerId, rows }: AcceptedRows): Promise<{ runId: string; result: Record<string, never> }> {
    const runId = randomUUID();
    const sealedRows = (await deps.dataKeys.boxFor(dataKeyScope(customerId))).seal(JSON.stringify(rows));
    await withTransaction(deps.db, async (trx) => {
      await deps.store.insertRun(trx, {
        id: runId,
        customer_id: customerId,
        created_by: actor.userId,
        row_count: rows.length,
        status: 'PENDING',
        rows_sealed: sealedRows,
      });
      const act = { customerId, action: 'onboarding_run.accepted', target: { type: 'onboarding_run', id: runId }, details: { rows: rows.length } };
      await recordAudit(trx, 'cases', [auditActOf(actor, act, deps.clock())]);
    });
    // A failure to queue is logged, not answered: the run is stored, and the recovery sweep queues a PENDING run again.
    await deps.runs
      .add({ runId }, { jobId: onboardingRunJobId(runId) })
      .catch((err: unknown) => deps.logger.error({ err, runId }, 'could not queue onboarding run; the recovery sweep will'));
    return { runId, result: {} };
  };
}

/** `async=true`'s use-case, for the router. */
export type AcceptRun = ReturnType<typeof createAcceptRun>;
