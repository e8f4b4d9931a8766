import { randomUUID } from 'node:crypto';
import type { AuthContext } from '@kyb/auth';
import { RawJson } from '@kyb/envelope';
import type { Producer } from '@kyb/queues';
import type { BusinessDirectory } from '@kyb/area-views';
import { listPage } from '@kyb/validation';
import { assertBusinessAccess, findAccessibleBusiness } from '@kyb/area-views';
import { buildBjlFacts, type BjlFacts } from '../facts/bjl-facts';
import { PublicRecordsNotFoundError, PublicRecordsUnavailableError } from './public-records-read.errors';
import type { PublicRecordsStore } from '../public-records/public-records.store';
import { QueueUnavailableError } from './enrichment.errors';
import type { TaskListQuery } from './enrichment.schemas';
import type { TaskStore } from './integration-tasks.store';
import { presentTask, type TaskView } from './task.presenter';
import { UNTASKED_WINDOW_MS } from './untasked-window';

/** E1 and E11 while the business's public records are still being fetched: the task (null while its job waits). */
export type StillFetching = { ready: false; task: TaskView | null };
/** What E1 answers: the records (`data.public_records` as stored, JSON text), or the task still fetching them. */
export type PublicRecordsAnswer = { ready: true; publicRecords: RawJson } | StillFetching;
/** What E11 answers: the six facts, or (as E1) the task still fetching the records they come from. */
export type BjlFactsAnswer = { ready: true; facts: BjlFacts } | StillFetching;

/** What the enrichment service is built from. */
export interface EnrichmentServiceDeps {
  tasks: TaskStore;
  records: PublicRecordsStore;
  businesses: BusinessDirectory;
  enrichment: Pick<Producer<{ businessId: string; customerId: string }>, 'add'>;
  providerName: string;
  clock: () => Date;
}

/**
 * A task untouched for this long no longer stops a refresh: its job was lost (a Redis flush), and
 * a live attempt touches its task at least once per backoff step.
 */
const OPEN_TASK_FRESH_MS = 15 * 60 * 1000;

/** Reading public records (E1) and BJL facts (E11), and asking for them again. */
export function createEnrichmentService(deps: EnrichmentServiceDeps) {
  /**
   * While a business has no public records, E1 and E11 answer alike: the task fetching them (null
   * while its job waits for a worker), or 404 when the fetch failed or was never asked for.
   */
  async function stillFetching(business: { createdAt: Date }, businessId: string): Promise<StillFetching> {
    const task = await deps.tasks.latest(businessId);
    if (!task) {
      // Its enrichment job is queued, or was lost and the recovery sweep will make the task.
      if (business.createdAt.getTime() > deps.clock().getTime() - UNTASKED_WINDOW_MS) return { ready: false, task: null };
      throw new PublicRecordsNotFoundError();
    }
    if (task.status === 'FAILED') throw new PublicRecordsUnavailableError(presentTask(task));
    return { ready: false, task: presentTask(task) };
  }

  return {
    /** The latest public records; while none exist, the task fetching them (or why there are none). */
    async publicRecords(caller: AuthContext, businessId: string): Promise<PublicRecordsAnswer> {
      const found = await deps.records.findWithBusiness(businessId);
      const business = assertBusinessAccess(caller, found.business);
      const [row] = found.rows;
      if (row) return { ready: true, publicRecords: new RawJson(row.presented) };
      return stillFetching(business, businessId);
    },

    /** E11: the BJL facts once public records were fetched; until then what E1 answers (the task, or why there are none). */
    async bjlFacts(caller: AuthContext, businessId: string): Promise<BjlFactsAnswer> {
      const { business, platformId, records } = await deps.records.bjlWithBusiness(businessId);
      const accessible = assertBusinessAccess(caller, business);
      if (platformId === undefined) return stillFetching(accessible, businessId);
      return { ready: true, facts: buildBjlFacts({ platformId }, records) };
    },

    /**
     * Asks for the business's public records again. A task still waiting or running is answered
     * instead of a second one; otherwise a new task is recorded and its job queued.
     */
    async refresh(caller: AuthContext, businessId: string): Promise<{ created: boolean; task: TaskView }> {
      const business = await findAccessibleBusiness(deps.businesses, caller, businessId);
      const open = await deps.tasks.open(businessId, new Date(deps.clock().getTime() - OPEN_TASK_FRESH_MS));
      if (open) return { created: false, task: presentTask(open) };
      const jobId = `refresh-${randomUUID()}`;
      const task = await deps.tasks.findOrCreate({
        jobId,
        businessId,
        customerId: business.customerId,
        provider: deps.providerName,
        requestedBy: caller.userId,
      });
      try {
        await deps.enrichment.add({ businessId, customerId: business.customerId }, { jobId });
      } catch (err) {
        await deps.tasks.fail(task.id, 'The enrichment could not be queued.', deps.clock());
        throw new QueueUnavailableError(err);
      }
      return { created: true, task: presentTask(task) };
    },

    async listTasks(caller: AuthContext, query: TaskListQuery) {
      await findAccessibleBusiness(deps.businesses, caller, query.businessId);
      const { items, total } = await deps.tasks.list(query);
      return listPage(items.map(presentTask), total, query);
    },
  };
}

/** The enrichment service type, for injection. */
export type EnrichmentService = ReturnType<typeof createEnrichmentService>;
