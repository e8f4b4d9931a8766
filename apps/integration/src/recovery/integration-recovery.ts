import { DEFAULT_MAX_RECOVERIES, enrichmentJobId, recoverStuck, type Producer, type RecoveryCounts, type WorkerLogger } from '@kyb/queues';
import { screeningJobId } from '../screening/screening.service';
import { UNTASKED_WINDOW_MS } from '../enrichment/untasked-window';
import type { IntegrationRecoveryStore } from './integration-recovery.store';

/** What the integration area's recovery sweep is built from. */
export interface IntegrationRecoveryDeps {
  store: IntegrationRecoveryStore;
  enrichment: Producer<{ businessId: string; customerId: string }>;
  screenings: Producer<{ screeningId: string }>;
  /** The provider new tasks name (the one the enrichment worker uses). */
  providerName: string;
  clock: () => Date;
  logger: WorkerLogger;
  /** RECOVERY_STUCK_AFTER_MS: how long a record may stay not final since its last progress. */
  stuckAfterMs: number;
  maxRecoveries?: number;
}

/**
 * The integration area's sweep, from PostgreSQL alone (Redis may have come back empty): businesses
 * added past `stuckAfterMs` ago with no enrichment task get the task their job would have made and
 * the job again; tasks PENDING or IN_PROGRESS and screenings PENDING or PROCESSING untouched that
 * long, whose job is gone, are queued again, or FAILED with a reason once recovered too often
 * (with their `enrichment.failed` / `screening.failed` event, written by the store in that transaction).
 */
export function createIntegrationRecovery(deps: IntegrationRecoveryDeps) {
  const { store, clock } = deps;
  const options = { maxRecoveries: deps.maxRecoveries ?? DEFAULT_MAX_RECOVERIES, logger: deps.logger };
  return {
    async sweep(): Promise<{ businesses: RecoveryCounts; tasks: RecoveryCounts; screenings: RecoveryCounts }> {
      const now = clock();
      const cutoff = new Date(now.getTime() - deps.stuckAfterMs);
      const since = new Date(now.getTime() - UNTASKED_WINDOW_MS);
      const businesses = await recoverStuck(
        {
          name: 'business without enrichment task',
          findStuck: (afterId, limit) => store.untaskedBusinesses({ cutoff, since, afterId, limit }),
          jobOf: (row) => ({ producer: deps.enrichment, payload: { businessId: row.id, customerId: row.customer_id }, jobId: enrichmentJobId(row.id) }),
          noteRecovery: (row) =>
            store.createRecoveredTask({ jobId: enrichmentJobId(row.id), businessId: row.id, customerId: row.customer_id, provider: deps.providerName, at: now }),
          // Never reached: such a business has no recovery yet; once recovered, its task is swept.
          giveUp: async () => undefined,
        },
        options,
      );
      const tasks = await recoverStuck(
        {
          name: 'enrichment task',
          findStuck: (afterId, limit) => store.stuckTasks({ cutoff, afterId, limit }),
          jobOf: (row) => ({ producer: deps.enrichment, payload: { businessId: row.business_id, customerId: row.customer_id }, jobId: row.job_id }),
          noteRecovery: (row) => store.noteTaskRecovery(row, now),
          giveUp: (row, reason) => store.failTask(row.id, reason, now),
        },
        options,
      );
      const screenings = await recoverStuck(
        {
          name: 'screening',
          findStuck: (afterId, limit) => store.stuckScreenings({ cutoff, afterId, limit }),
          jobOf: (row) => ({ producer: deps.screenings, payload: { screeningId: row.id }, jobId: screeningJobId(row.id) }),
          noteRecovery: (row) => store.noteScreeningRecovery(row, now),
          giveUp: (row, reason) => store.failScreening(row.id, reason, now),
        },
        options,
      );
      return { businesses, tasks, screenings };
    },
  };
}

/** The integration recovery sweep type, for injection. */
export type IntegrationRecovery = ReturnType<typeof createIntegrationRecovery>;
