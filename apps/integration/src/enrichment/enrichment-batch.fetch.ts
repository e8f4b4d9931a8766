import { businessEnrichmentQueue, enrichmentJobId, type Producer, type WorkerLogger } from '@kyb/queues';
import { BJL_STATUSES, type ProviderPublicRecords, type PublicRecordsProvider } from '../providers/public-records.provider';
import type { FinancialsProvider, ProviderFinancials } from '../providers/financials.provider';
import type { BusinessProfile } from '../providers/business-profile';
import { ProviderError } from '../providers/providers.errors';
import { summarisePublicRecords } from '../public-records/public-records.summary';
import type { PublicRecordsSummary } from '../public-records/public-records.types';
import type { TaskRow } from './integration-tasks.store';

/** What one business of a batch got from the providers: its records, a refusal (the task fails), or a failure its own job retries. */
export type BatchFetch =
  | { kind: 'fetched'; task: TaskRow; fetched: ProviderPublicRecords; financials: ProviderFinancials; summary: PublicRecordsSummary }
  | { kind: 'refused'; task: TaskRow; reason: string }
  | { kind: 'retry'; task: TaskRow; reason: string };

const UNEXPECTED = 'The public records provider failed unexpectedly.';

const { attempts: SINGLE_ATTEMPTS = 1, backoff } = businessEnrichmentQueue.defaultJobOptions;
/** How long a business that failed transiently waits for its own job: the single job's first backoff. */
export const RETRY_DELAY_MS = typeof backoff === 'number' ? backoff : (backoff?.delay ?? 1000);

/**
 * Throws when a BJL record holds what its table refuses (a kind outside the three, an id or a
 * status that is no text, a filing date that is no date, an amount that is no number or overflows): one vendor's
 * bad answer then fails its own business, as an unexpected error, instead of the whole batch's
 * transaction.
 */
function assertStorable(records: ProviderPublicRecords): void {
  for (const r of records.records) {
    const storable =
      Object.hasOwn(BJL_STATUSES, r.kind) &&
      typeof r.providerRecordId === 'string' &&
      typeof r.status === 'string' &&
      !Number.isNaN(Date.parse(r.filingDate)) &&
      (r.amount === null || (typeof r.amount === 'number' && Number.isFinite(r.amount) && Math.abs(r.amount) < 1e12));
    if (!storable) throw new TypeError('A BJL record of the answer cannot be stored.');
  }
}

/**
 * Asks both providers about one business of a batch, as the single processor does: a
 * non-transient ProviderError is a refusal (logged as the single path logs it), any other
 * failure (transient, a bug, an answer that cannot be stored) one its own job retries.
 */
export async function fetchForBatch(
  deps: { provider: PublicRecordsProvider; financials: FinancialsProvider; logger: WorkerLogger },
  task: TaskRow,
  profile: BusinessProfile,
): Promise<BatchFetch> {
  try {
    const [fetched, financials] = await Promise.all([deps.provider.fetchPublicRecords(profile), deps.financials.fetchFinancials(profile)]);
    assertStorable(fetched);
    return { kind: 'fetched', task, fetched, financials, summary: summarisePublicRecords(fetched) };
  } catch (err) {
    const known = err instanceof ProviderError;
    const reason = known ? err.message : UNEXPECTED;
    if (known && !err.transient) {
      deps.logger.warn({ taskId: task.id, businessId: task.business_id, err }, 'public records refused');
      return { kind: 'refused', task, reason };
    }
    deps.logger.warn({ taskId: task.id, businessId: task.business_id, err }, 'public records failed; the business is retried by its own job');
    return { kind: 'retry', task, reason };
  }
}

/**
 * Queues the business's own enrichment job (`enrichmentJobId`, the id its task carries) after the
 * single job's first backoff, with the attempts a single job would have left after
 * `attemptsMade` (at least one), so it ends as a single job would: SUCCEEDED, or FAILED at its
 * last attempt. A failure to queue is logged: the recovery sweep queues the job of a task left PENDING.
 */
export async function retryAlone(
  deps: { enrichment: Pick<Producer<{ businessId: string; customerId: string }>, 'add'>; logger: WorkerLogger },
  fetch: Extract<BatchFetch, { kind: 'retry' }>,
  attemptsMade: number,
): Promise<void> {
  const { task } = fetch;
  try {
    await deps.enrichment.add(
      { businessId: task.business_id, customerId: task.customer_id },
      { jobId: enrichmentJobId(task.business_id), delay: RETRY_DELAY_MS, attempts: Math.max(1, SINGLE_ATTEMPTS - attemptsMade) },
    );
  } catch (err) {
    deps.logger.error({ taskId: task.id, businessId: task.business_id, err }, 'could not queue the retry of an enrichment; the recovery sweep will');
  }
}
