import { createHash } from 'node:crypto';
import { enrichmentBatchCompletedJobId, enrichmentJobId, watchlistScreeningJobId, type EnrichmentCompletion, type Producer } from '@kyb/queues';
import type { BusinessEntry } from '@kyb/area-views';
import { isUuid } from '@kyb/validation';
import { businessProfileOf, type BusinessProfile } from '../providers/business-profile';
import type { PreparedVerification } from '../verification/business-verifier';
import { fetchForBatch, retryAlone, type BatchFetch } from './enrichment-batch.fetch';
import type { TaskSettlement } from './integration-tasks-batch.store';
import { CUSTOMER_ERASED_REASON, type EnrichmentProcessorDeps } from './enrichment.processor';
import type { TaskRow } from './integration-tasks.store';

/** The slice of a BullMQ job of the enrichment batch queue the processor reads. */
export interface EnrichmentBatchJob {
  id?: string;
  data: { businessIds: string[]; customerId: string };
  attemptsMade: number;
  opts: { attempts?: number };
}

/** What the batch enrichment processor is built from: the single processor's parts, and two producers instead of its one. */
export interface EnrichmentBatchProcessorDeps extends Omit<EnrichmentProcessorDeps, 'completed'> {
  /** Queues a business's own enrichment job, which retries a transient failure with the single processor. */
  enrichment: Pick<Producer<{ businessId: string; customerId: string }>, 'add'>;
  /** Tells the score area which businesses' records are in: one job per batch. */
  batchCompleted: Pick<Producer<{ completions: EnrichmentCompletion[] }>, 'add'>;
}

const GONE = 'The business no longer exists.';

/** A business of the batch the providers are asked about, with what the directory says of it. */
interface Candidate {
  task: TaskRow;
  business: BusinessEntry;
  profile: BusinessProfile;
}

/** The distinct UUIDs of a payload's business ids, in their order (anything else in it is dropped). */
function businessIdsOf(payload: unknown): string[] {
  if (!Array.isArray(payload)) return [];
  return [...new Set(payload.filter((id): id is string => typeof id === 'string' && isUuid(id)))];
}

/**
 * Runs one enrichment batch: up to ENRICHMENT_BATCH_SIZE businesses of one customer, with the
 * outcome the single processor gives each (same tasks, records, verification, classification),
 * but a fixed number of SQL statements for the whole batch (26 with every outcome present): tasks
 * found or created by two, started by one, settled by one with the failures' events in a
 * transaction of their own, the businesses, owners and sealed TINs read by one each, and every
 * write of the batch (the completions' events and the status changes' events each one insert)
 * made set-based in one transaction. Providers are still asked once per business, concurrently.
 * A business that fails transiently leaves the batch: its task notes the reason (no event: the
 * attempt is not final) and its own job retries it. Safe to run again: finished tasks are only
 * announced (and verified if they never were), records are keyed so nothing is duplicated, and
 * a task's event is written only when it reaches its final state.
 */
export function createEnrichmentBatchProcessor(deps: EnrichmentBatchProcessorDeps) {
  const { tasks, logger } = deps;

  /** Each candidate asked about, and verified if its records came (both per business, concurrently across the batch). */
  async function fetchAll(candidates: Candidate[], reverify: Candidate[]) {
    const prepare = deps.verifier?.preparerFor([...candidates, ...reverify].map((c) => c.business.id));
    const verify = (c: Candidate) => (prepare ? prepare(c.task, c.profile, c.business) : Promise.resolve(undefined));
    const [fetches, verifications] = await Promise.all([
      Promise.all(
        candidates.map(async (c): Promise<{ fetch: BatchFetch; verification?: PreparedVerification }> => {
          const fetch = await fetchForBatch(deps, c.task, c.profile);
          return { fetch, verification: fetch.kind === 'fetched' ? await verify(c) : undefined };
        }),
      ),
      Promise.all(reverify.map(verify)),
    ]);
    const prepared = [...fetches.map((f) => f.verification), ...verifications].filter((v): v is PreparedVerification => v !== undefined);
    return { fetches: fetches.map((f) => f.fetch), prepared };
  }

  /** Stores the batch's records, finished tasks and verifications in one transaction (the verifications in a savepoint that never fails it). */
  async function store(fetched: Array<Extract<BatchFetch, { kind: 'fetched' }>>, prepared: PreparedVerification[]): Promise<void> {
    if (fetched.length === 0 && prepared.length === 0) return;
    const at = deps.clock();
    await deps.db.transaction(async (trx) => {
      await deps.records.writeMany(
        trx,
        fetched.map(({ task, fetched: records, financials, summary }) => ({
          businessId: task.business_id,
          taskId: task.id,
          provider: deps.provider.name,
          platformId: deps.provider.platformId,
          summary,
          records: records.records,
          financials,
          financialsProvider: deps.financials.name,
          at,
        })),
      );
      await tasks.succeedMany(trx, fetched.map((f) => f.task.id), at);
      await deps.verifier?.saveMany(prepared, trx);
    });
  }

  async function announce(job: EnrichmentBatchJob, customerId: string, businessIds: string[], completions: EnrichmentCompletion[]): Promise<void> {
    if (completions.length === 0) return;
    // BullMQ always gives an id; without one, the batch's own content names its announcement.
    const batchJobId = job.id ?? `batch-${createHash('sha256').update(`${customerId}:${businessIds.join(',')}`).digest('hex')}`;
    await deps.batchCompleted.add({ completions }, { jobId: enrichmentBatchCompletedJobId(batchJobId) });
    // A batch's businesses were added together (their tasks are their first enrichments): screened in one job.
    await deps.watchlistScreenings?.add({ customerId, businessIds: completions.map((c) => c.businessId), trigger: 'added' }, { jobId: watchlistScreeningJobId(batchJobId) });
  }

  return async function processEnrichmentBatch(job: EnrichmentBatchJob): Promise<void> {
    const customerId = job.data?.customerId;
    const businessIds = businessIdsOf(job.data?.businessIds);
    if (typeof customerId !== 'string' || !isUuid(customerId) || businessIds.length === 0) {
      logger.warn({ jobId: job.id }, 'enrichment batch without a customer or any business id: nothing to do');
      return;
    }
    const found = await tasks.findOrCreateMany({ jobs: businessIds.map((id) => ({ jobId: enrichmentJobId(id), businessId: id })), customerId, provider: deps.provider.name });
    if (await deps.erased?.isErased(customerId)) {
      const waiting = found.filter((t) => t.status === 'PENDING' || t.status === 'IN_PROGRESS');
      return void (await tasks.settleMany(waiting.map((t) => ({ id: t.id, status: 'FAILED' as const, reason: CUSTOMER_ERASED_REASON })), deps.clock()));
    }
    const byBusiness = new Map(found.map((t) => [t.business_id, t]));
    const batch = businessIds.flatMap((id) => byBusiness.get(id) ?? []);
    const done = batch.filter((t) => t.status === 'SUCCEEDED');
    const open = batch.filter((t) => t.status === 'PENDING' || t.status === 'IN_PROGRESS');

    // A finished task whose verification was never stored (an older run) is verified with the batch.
    const verified = deps.verifier && done.length > 0 ? await deps.verifier.verifiedTasks(done.map((t) => t.id)) : new Set<string>();
    const unverified = deps.verifier ? done.filter((t) => !verified.has(t.id)) : [];
    const wanted = [...open, ...unverified].map((t) => t.business_id);
    const [businesses, owners] = await Promise.all([deps.businesses.findMany(wanted), deps.businesses.ownersOfMany(wanted)]);
    const candidateOf = (task: TaskRow): Candidate[] => {
      const business = businesses.get(task.business_id);
      return business ? [{ task, business, profile: businessProfileOf(business, owners.get(task.business_id) ?? []) }] : [];
    };
    const candidates = open.flatMap(candidateOf);
    const gone = open.filter((t) => !businesses.has(t.business_id));

    const attempts = await tasks.startMany(candidates.map((c) => c.task.id), deps.clock());
    const { fetches, prepared } = await fetchAll(candidates, unverified.flatMap(candidateOf));
    const fetched = fetches.flatMap((f) => (f.kind === 'fetched' ? [f] : []));
    const retried = fetches.flatMap((f) => (f.kind === 'retry' ? [f] : []));
    // Failures are settled outside the transaction, as the single path settles them: a failed transaction does not undo them
    // (nor their enrichment.failed events, written with them).
    const settlements: TaskSettlement[] = [
      ...gone.map((t) => ({ id: t.id, status: 'FAILED' as const, reason: GONE })),
      ...fetches.flatMap((f) => (f.kind === 'refused' ? [{ id: f.task.id, status: 'FAILED' as const, reason: f.reason }] : [])),
      ...retried.map((f) => ({ id: f.task.id, status: 'PENDING' as const, reason: f.reason })),
    ];
    await tasks.settleMany(settlements, deps.clock());
    await Promise.all(retried.map((f) => retryAlone(deps, f, attempts.get(f.task.id) ?? 1)));

    await store(fetched, prepared);
    const succeeded = new Set([...done, ...fetched.map((f) => f.task)].map((t) => t.id));
    const completions = batch.filter((t) => succeeded.has(t.id)).map((t) => ({ businessId: t.business_id, taskId: t.id }));
    await announce(job, customerId, businessIds, completions);
  };
}
