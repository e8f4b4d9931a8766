import { ENRICHMENT_BATCH_SIZE, enrichmentBatchJobId, enrichmentJobId, gatheredEnrichmentJobId, type Producer } from '@kyb/queues';
import type { Logger } from '@kyb/http';

/** How long after a customer's last single add its next one is still gathered with it (ADR 0048). */
export const ENRICHMENT_GATHER_MS = 40;
/** How long a gathered batch waits at most for more of its customer's adds before it goes (ADR 0048). */
export const ENRICHMENT_GATHER_MAX_MS = 500;
/** How long work held for an answer (`afterAnswer`) waits at most for the answer to be sent. */
export const AFTER_ANSWER_MAX_MS = 2000;

/** Options of {@link createEnrichmentGatherer}. */
export interface EnrichmentGathererOptions {
  enrichment: Producer<{ businessId: string; customerId: string }>;
  enrichmentBatches: Producer<{ businessIds: string[]; customerId: string }>;
  /** Milliseconds after a customer's last add during which its next one is gathered (0: each is queued at once, alone). */
  windowMs?: number;
  /** Milliseconds a window stays open at most however many adds keep coming (default `ENRICHMENT_GATHER_MAX_MS`). */
  maxWindowMs?: number;
  /** Milliseconds work held for an answer waits at most (default `AFTER_ANSWER_MAX_MS`). */
  afterAnswerMaxMs?: number;
  logger: Logger;
}

/** A customer whose business was queued within the window: what came since, when the window opened, and its end's timer. */
interface Window {
  businessIds: string[];
  openedAt: number;
  timer: NodeJS.Timeout;
}

/**
 * Businesses added one by one, enriched together (ADR 0048). A business added while its
 * customer added none within `windowMs` is queued at once, alone, as before; the window then opens,
 * and the businesses the customer adds while it is open go together when it ends, as one batch (the
 * path a bulk's businesses take: one statement per step for the batch, one job, one score batch).
 * Each add keeps the window open `windowMs` longer, up to `maxWindowMs` after it opened or
 * ENRICHMENT_BATCH_SIZE businesses; the window opens again after each batch and closes when
 * `windowMs` passes with no business. So a lone add never waits, and a stream of adds is enriched
 * in batches while it lasts, instead of one business's enrichment and scoring running beside each
 * next add (in a process that also answers requests, that work, not the request's own, was most of
 * an add's time: ~2.5 ms alone, 15 ms beside it).
 *
 * The answer does not wait for the queueing. A business whose enrichment could not be queued (an
 * outage of Redis, a process stopped hard inside the window) is found by the integration area's
 * recovery sweep, as one whose queueing failed always was: it has no enrichment task.
 */
export function createEnrichmentGatherer(options: EnrichmentGathererOptions) {
  const windowMs = options.windowMs ?? ENRICHMENT_GATHER_MS;
  const maxWindowMs = Math.max(windowMs, options.maxWindowMs ?? ENRICHMENT_GATHER_MAX_MS);
  const afterAnswerMaxMs = options.afterAnswerMaxMs ?? AFTER_ANSWER_MAX_MS;
  const windows = new Map<string, Window>();
  const queueing = new Set<Promise<void>>();
  /** Work waiting for an answer to be sent (`afterAnswer`), started at once when the gatherer closes. */
  const waiting = new Set<() => void>();
  let closed = false;

  /** Keeps `added` until it settles (close waits for it); a failure is logged, the recovery sweep does the rest. */
  function track(added: Promise<unknown>, customerId: string, businesses: number): Promise<void> {
    const settled = added.then(
      () => undefined,
      (err: unknown) => options.logger.error({ err, customerId, businesses }, 'could not queue enrichment; the recovery sweep will'),
    );
    queueing.add(settled);
    void settled.finally(() => queueing.delete(settled));
    return settled;
  }

  function queue(customerId: string, businessIds: string[]): void {
    const added =
      businessIds.length === 1
        ? options.enrichment.add({ businessId: businessIds[0], customerId }, { jobId: enrichmentJobId(businessIds[0]) })
        : options.enrichmentBatches.add({ businessIds, customerId }, { jobId: gatheredEnrichmentJobId(businessIds) });
    void track(added, customerId, businessIds.length);
  }

  function open(customerId: string): void {
    windows.set(customerId, { businessIds: [], openedAt: Date.now(), timer: setTimeout(() => end(customerId), windowMs) });
  }

  /** Keeps `window` open `windowMs` from now, but not past `maxWindowMs` after it opened. */
  function extend(customerId: string, window: Window): void {
    clearTimeout(window.timer);
    const left = Math.max(0, Math.min(windowMs, window.openedAt + maxWindowMs - Date.now()));
    window.timer = setTimeout(() => end(customerId), left);
  }

  /** The window's end: what came in it goes as one batch and the window opens again; an empty window closes. */
  function end(customerId: string): void {
    const window = windows.get(customerId);
    if (!window) return;
    windows.delete(customerId);
    clearTimeout(window.timer);
    if (window.businessIds.length === 0) return;
    queue(customerId, window.businessIds);
    if (!closed) open(customerId);
  }

  return {
    /** Queues the enrichment of `businessId`: at once when its customer added none within the window, else with the window's others. */
    add(customerId: string, businessId: string): void {
      const window = windows.get(customerId);
      if (closed || windowMs <= 0 || !window) {
        queue(customerId, [businessId]);
        if (!closed && windowMs > 0) open(customerId);
        return;
      }
      window.businessIds.push(businessId);
      if (window.businessIds.length >= ENRICHMENT_BATCH_SIZE) end(customerId);
      else extend(customerId, window);
    },

    /** Queues a bulk's businesses at once, in batches of ENRICHMENT_BATCH_SIZE, under job ids of its run and chunk. */
    addRun(runId: string, customerId: string, businessIds: string[]): Promise<void> {
      const batches = chunksOf(businessIds, ENRICHMENT_BATCH_SIZE).map((batch, chunk) =>
        track(options.enrichmentBatches.add({ businessIds: batch, customerId }, { jobId: enrichmentBatchJobId(runId, chunk) }), customerId, batch.length),
      );
      return Promise.all(batches).then(() => undefined);
    },

    /**
     * Runs `queueing` once `answered` settles (the answer sent, or its connection gone), after
     * AFTER_ANSWER_MAX_MS at the latest (a caller reading its answer slowly), or at once when the
     * gatherer closes first: the queued work, which a process running the workers too
     * starts at once, then no longer stands between the commit and the client (a 1,000-row bulk's
     * answer is 7 MB, written while the first batches ran). Not waited for.
     */
    afterAnswer(answered: Promise<unknown>, queueing: () => void): void {
      if (closed) return queueing();
      const start = () => {
        if (!waiting.delete(start)) return;
        clearTimeout(latest);
        queueing();
      };
      // A caller that stops reading a large answer does not hold its businesses' enrichment back for long.
      const latest = setTimeout(start, afterAnswerMaxMs);
      latest.unref();
      waiting.add(start);
      void answered.then(start, start);
    },

    /** Queues what the windows hold and what waits for an answer at once, and waits for every queueing begun (before the producers close). */
    async close(): Promise<void> {
      closed = true;
      for (const start of [...waiting]) start();
      for (const customerId of [...windows.keys()]) end(customerId);
      await Promise.all([...queueing]);
    },
  };
}

/** `items` in consecutive chunks of at most `size`. */
function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** The gatherer type, for injection. */
export type EnrichmentGatherer = ReturnType<typeof createEnrichmentGatherer>;
