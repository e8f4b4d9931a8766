import type { EnrichmentGatherer } from './enrichment-gatherer';

/** Queues an add's enrichment, handed to whoever decides when: the router once its answer is sent, a run's worker at once. */
export type EnrichmentQueueing = () => Promise<void>;

/**
 * The queueing of the added businesses' enrichment, after the commit: one business through the
 * gatherer (at once, or with the customer's next single adds in its window; not waited for), a
 * bulk's in batches of ENRICHMENT_BATCH_SIZE (waited for). A failure to queue is logged, the
 * businesses stay: the integration area's recovery sweep finds businesses without an enrichment
 * task and queues them.
 */
export function enrichmentQueueing(gatherer: Pick<EnrichmentGatherer, 'add' | 'addRun'>, added: { runId: string; customerId: string; businessIds: string[] }): EnrichmentQueueing {
  return async () => {
    if (added.businessIds.length === 1) return gatherer.add(added.customerId, added.businessIds[0]);
    await gatherer.addRun(added.runId, added.customerId, added.businessIds);
  };
}
