import { ENRICHMENT_BATCH_SIZE, enrichmentJobId, gatheredEnrichmentJobId, type Producer } from '@kyb/queues';
import type { Logger } from '@kyb/http';

/** How long a single add's enrichment waits for others of its customer (ADR 0028). */
export const ENRICHMENT_GATHER_MS = 25;

/** Options of {@link createEnrichmentGatherer}. */
export interface EnrichmentGathererOptions {
  enrichment: Producer<{ businessId: string; customerId: string }>;
  enrichmentBatches: Producer<{ businessIds: string[]; customerId: string }>;
  /** Milliseconds a business waits for others (0: each is queued at once, alone). */
  windowMs?: number;
  logger: Logger;
}

interface Gathering {
  businessIds: string[];
  timer: NodeJS.Timeout;
}

/**
 * Businesses added one by one, enriched together (ADR 0028): the enrichment of a single add waits
 * up to `windowMs` for other single adds of the same customer, then all of them go as one batch
 * (the path a bulk's businesses take: one statement per step for the batch, one job, one score
 * batch), or alone as before when no other came. Enriching a business alone cost about three times
 * the CPU it costs in a batch of three.
 *
 * The answer does not wait for the queueing. A business whose enrichment could not be queued (an
 * outage of Redis, a process stopped hard inside the window) is found by the integration area's
 * recovery sweep, as one whose queueing failed always was: it has no enrichment task.
 */
export function createEnrichmentGatherer(options: EnrichmentGathererOptions) {
  const windowMs = options.windowMs ?? ENRICHMENT_GATHER_MS;
  const gatherings = new Map<string, Gathering>();
  const queueing = new Set<Promise<void>>();
  let closed = false;

  function queue(customerId: string, businessIds: string[]): void {
    const added =
      businessIds.length === 1
        ? options.enrichment.add({ businessId: businessIds[0], customerId }, { jobId: enrichmentJobId(businessIds[0]) })
        : options.enrichmentBatches.add({ businessIds, customerId }, { jobId: gatheredEnrichmentJobId(businessIds) });
    const settled = added.then(
      () => undefined,
      (err: unknown) => options.logger.error({ err, customerId, businesses: businessIds.length }, 'could not queue enrichment; the recovery sweep will'),
    );
    queueing.add(settled);
    void settled.finally(() => queueing.delete(settled));
  }

  function flush(customerId: string): void {
    const gathering = gatherings.get(customerId);
    if (!gathering) return;
    gatherings.delete(customerId);
    clearTimeout(gathering.timer);
    queue(customerId, gathering.businessIds);
  }

  return {
    /** Queues the enrichment of `businessId`, now or with others of `customerId` within the window. */
    add(customerId: string, businessId: string): void {
      if (closed || windowMs <= 0) return queue(customerId, [businessId]);
      const gathering = gatherings.get(customerId);
      if (!gathering) {
        gatherings.set(customerId, { businessIds: [businessId], timer: setTimeout(() => flush(customerId), windowMs) });
        return;
      }
      gathering.businessIds.push(businessId);
      if (gathering.businessIds.length >= ENRICHMENT_BATCH_SIZE) flush(customerId);
    },

    /** Queues what is gathered at once and waits for every queueing begun (before the producers close). */
    async close(): Promise<void> {
      closed = true;
      for (const customerId of [...gatherings.keys()]) flush(customerId);
      await Promise.all([...queueing]);
    },
  };
}

/** The gatherer type, for injection. */
export type EnrichmentGatherer = ReturnType<typeof createEnrichmentGatherer>;
