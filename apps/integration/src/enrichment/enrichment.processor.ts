import type { Knex } from '@kyb/db';
import { enrichmentJobId, watchlistScreeningJobId, type Producer, type WatchlistScreeningTrigger, type WorkerLogger } from '@kyb/queues';
import type { BusinessDirectory, ErasedCustomers } from '@kyb/area-views';
import { ProviderError } from '../providers/providers.errors';
import type { FinancialsProvider } from '../providers/financials.provider';
import type { PublicRecordsProvider } from '../providers/public-records.provider';
import { summarisePublicRecords } from '../public-records/public-records.summary';
import type { PublicRecordsStore } from '../public-records/public-records.store';
import { loadBusinessProfile } from '../providers/load-business-profile';
import type { BusinessVerifier } from '../verification/business-verifier';
import type { TaskRow, TaskStore } from './integration-tasks.store';

/** The slice of a BullMQ job the processor reads. */
export interface EnrichmentJob {
  id?: string;
  data: { businessId: string; customerId: string };
  attemptsMade: number;
  opts: { attempts?: number };
}

/** What the enrichment processor is built from. */
export interface EnrichmentProcessorDeps {
  db: Knex;
  tasks: TaskStore;
  records: PublicRecordsStore;
  businesses: BusinessDirectory;
  provider: PublicRecordsProvider;
  financials: FinancialsProvider;
  /** Verifies and classifies the business once its records are in (a step that never fails the task). */
  verifier?: BusinessVerifier;
  /** Tells the score area that a business's records are in. */
  completed: Pick<Producer<{ businessId: string; taskId: string }>, 'add'>;
  /** Screens the business against the sanctions lists once its enrichment is done (issue 44). */
  watchlistScreenings?: Pick<Producer<{ customerId: string; businessIds: string[]; trigger: WatchlistScreeningTrigger }>, 'add'>;
  /** Tenants erased (docs/adr/0043): nothing of theirs is fetched again; their tasks end FAILED. */
  erased?: Pick<ErasedCustomers, 'isErased'>;
  clock: () => Date;
  logger: WorkerLogger;
}

/** Why the task of an erased tenant's business ended without running. */
export const CUSTOMER_ERASED_REASON = 'The customer was erased.';

const UNEXPECTED = 'The public records provider failed unexpectedly.';

/** Job id of the announcement of a finished task: one per task, however often it is sent. */
export const completedJobId = (taskId: string) => `enriched-${taskId}`;

/** Why a task's business is screened: its job says whether it was added, refreshed or monitored. */
export function screeningTriggerOf(task: Pick<TaskRow, 'job_id'>): WatchlistScreeningTrigger {
  if (task.job_id.startsWith('refresh-')) return 'refresh';
  if (task.job_id.startsWith('monitoring-')) return 'monitoring';
  return 'added';
}

/**
 * Runs one enrichment job: finds or records its integration task, fetches the business's public
 * records and financials, verifies and classifies the business (a step that never fails the
 * task), and stores it all with the BJL records in one transaction. Safe to run again: a finished
 * task is only verified if it never was and announced again, and records are keyed so nothing is
 * duplicated. The task store writes `enrichment.completed` / `enrichment.failed` with the task's
 * final state, in its transaction (a retried attempt is not final: no event).
 */
export function createEnrichmentProcessor(deps: EnrichmentProcessorDeps) {
  const announce = async (task: Pick<TaskRow, 'id' | 'business_id' | 'customer_id' | 'job_id'>) => {
    await deps.completed.add({ businessId: task.business_id, taskId: task.id }, { jobId: completedJobId(task.id) });
    await deps.watchlistScreenings?.add({ customerId: task.customer_id, businessIds: [task.business_id], trigger: screeningTriggerOf(task) }, { jobId: watchlistScreeningJobId(task.id) });
  };

  // A finished task whose verification was never stored (an older run) is verified when its job runs again.
  const verifyOnce = async (task: TaskRow) => {
    if (!deps.verifier) return;
    try {
      if (await deps.verifier.verified(task.id)) return;
      const profile = await loadBusinessProfile(deps.businesses, task.business_id);
      if (profile) await deps.verifier.run(task, profile);
    } catch (err) {
      deps.logger.warn({ taskId: task.id, businessId: task.business_id, errorName: err instanceof Error ? err.name : typeof err }, 'business verification skipped');
    }
  };

  return async function processEnrichment(job: EnrichmentJob): Promise<void> {
    const { businessId, customerId } = job.data;
    const task = await deps.tasks.findOrCreate({ jobId: job.id ?? enrichmentJobId(businessId), businessId, customerId, provider: deps.provider.name });
    if (task.status === 'SUCCEEDED') {
      await verifyOnce(task);
      return void (await announce(task));
    }
    if (task.status === 'FAILED') return;
    if (await deps.erased?.isErased(task.customer_id)) return void (await deps.tasks.fail(task.id, CUSTOMER_ERASED_REASON, deps.clock()));

    const profile = await loadBusinessProfile(deps.businesses, businessId);
    if (!profile) {
      await deps.tasks.fail(task.id, 'The business no longer exists.', deps.clock());
      return;
    }
    await deps.tasks.start(task.id, deps.clock());
    let fetched;
    let financials;
    try {
      [fetched, financials] = await Promise.all([deps.provider.fetchPublicRecords(profile), deps.financials.fetchFinancials(profile)]);
    } catch (err) {
      const known = err instanceof ProviderError;
      const reason = known ? err.message : UNEXPECTED;
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (known && !err.transient) {
        await deps.tasks.fail(task.id, reason, deps.clock());
        deps.logger.warn({ taskId: task.id, businessId, err }, 'public records refused');
        return;
      }
      if (lastAttempt) await deps.tasks.fail(task.id, reason, deps.clock());
      else await deps.tasks.noteRetry(task.id, reason, deps.clock());
      throw err;
    }
    // The checks ask providers, so they run before the transaction; their result is stored in it.
    const verification = await deps.verifier?.prepare(task, profile);
    const at = deps.clock();
    const summary = summarisePublicRecords(fetched);
    await deps.db.transaction(async (trx) => {
      await deps.records.write(trx, {
        businessId,
        taskId: task.id,
        provider: deps.provider.name,
        platformId: deps.provider.platformId,
        summary,
        records: fetched.records,
        financials,
        financialsProvider: deps.financials.name,
        at,
      });
      await deps.tasks.succeed(trx, task.id, at);
      if (verification) await deps.verifier?.save(verification, trx);
    });
    await announce(task);
  };
}
