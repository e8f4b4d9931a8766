import { TenantAccessDeniedError, type AuthContext } from '@kyb/auth';
import { withTransaction, type Knex } from '@kyb/db';
import type { Logger } from '@kyb/http';
import type { Producer } from '@kyb/queues';
import type { BusinessDirectory } from '@kyb/area-views';
import { listPage } from '@kyb/validation';
import type { ScreeningCredentialsService } from './screening-credentials.service';
import { findAccessibleBusiness } from '@kyb/area-views';
import { ScreeningConnectionError, ScreeningIcasMissingError, ScreeningNotFoundError } from './screening.errors';
import { presentListedScreening, presentResult, type ScreeningResultAnswer } from './screening.presenter';
import type { ScreeningListQuery } from './screening.schemas';
import type { ScreeningStatus, ScreeningStore } from './screening.store';

/** The acknowledgement of E3: the submission task was accepted and queued; the result comes later. */
export interface ScreeningAcknowledgement {
  task_status: 'completed';
  metadata: { businessId: string; customerId: string };
  screening: { id: string; status: ScreeningStatus };
}

/** Job id of a screening's job: a second enqueue of the same screening is a no-op. */
export const screeningJobId = (screeningId: string): string => `screening-${screeningId}`;

/** Starting screenings (E3) and reading their results. */
export function createScreeningService(options: {
  db: Knex;
  store: ScreeningStore;
  credentials: ScreeningCredentialsService;
  businesses: BusinessDirectory;
  queue: Pick<Producer<{ screeningId: string }>, 'add'>;
  clock: () => Date;
  logger: Logger;
}) {
  const { store, businesses, logger } = options;

  return {
    /**
     * E3: queues a screening of the business over `requestedIcas` (default: the stored ICAs).
     * While one over the same ICAs has not ended, that one is answered instead of a new one.
     */
    async run(caller: AuthContext, customerId: string, businessId: string, requestedIcas: string[] | undefined): Promise<ScreeningAcknowledgement> {
      const business = await findAccessibleBusiness(businesses, caller, businessId);
      if (business.customerId !== customerId) throw new TenantAccessDeniedError();
      const { statusConnection, defaultIcas, providerName } = await options.credentials.inspect(customerId);
      if (statusConnection.status !== 'CONNECTED') throw new ScreeningConnectionError(statusConnection);
      const icas = requestedIcas && requestedIcas.length > 0 ? requestedIcas : defaultIcas;
      if (icas.length === 0) throw new ScreeningIcasMissingError();

      const screening = await withTransaction(options.db, async (trx) => {
        await store.lockBusiness(trx, businessId);
        const running = await store.findInFlight(trx, businessId, icas);
        if (running) return running;
        return store.insert(trx, {
          customer_id: customerId,
          business_id: businessId,
          icas,
          provider: providerName,
          requested_by: caller.userId,
          created_at: options.clock(),
        });
      });
      // Queued after the commit (also again for a running one: the job id makes that a no-op, or recovers a lost enqueue).
      await options.queue
        .add({ screeningId: screening.id }, { jobId: screeningJobId(screening.id) })
        .catch((err: unknown) => logger.error({ err, screeningId: screening.id }, 'could not queue screening'));
      return { task_status: 'completed', metadata: { businessId, customerId }, screening: { id: screening.id, status: screening.status } };
    },

    /** The latest screening of the business, in whatever state it is. */
    async latest(caller: AuthContext, businessId: string): Promise<ScreeningResultAnswer> {
      await findAccessibleBusiness(businesses, caller, businessId);
      const row = await store.latest(businessId);
      if (!row) throw new ScreeningNotFoundError();
      return presentResult(row, true);
    },

    /** One screening of the business. */
    async get(caller: AuthContext, businessId: string, screeningId: string): Promise<ScreeningResultAnswer> {
      await findAccessibleBusiness(businesses, caller, businessId);
      const row = await store.findById(screeningId);
      if (!row || row.business_id !== businessId) throw new ScreeningNotFoundError('Screening not found for this business.');
      return presentResult(row, false);
    },

    /** The business's screenings, newest first unless sorted otherwise. */
    async list(caller: AuthContext, query: ScreeningListQuery) {
      await findAccessibleBusiness(businesses, caller, query.businessId);
      const { items, total } = await store.list(query);
      return listPage(items.map(presentListedScreening), total, query);
    },
  };
}

/** The screening service type, for injection. */
export type ScreeningService = ReturnType<typeof createScreeningService>;
