import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { startAreaHarness, type AreaHarness } from '@kyb/area-testing';
import { createLogger } from '@kyb/http';
import { businessEnrichmentQueue, closeGracefully, createProducer, ENRICHMENT_BATCH_SIZE, enrichmentBatchQueue, type Producer } from '@kyb/queues';
import { eventually } from '@kyb/testing';
import { createEnrichmentGatherer } from './enrichment-gatherer';

/* Single adds' enrichments gathered into batches (ADR 0028), on real queues. */
describe('the enrichment gatherer', () => {
  let h: AreaHarness;
  let enrichment: Producer<{ businessId: string; customerId: string }>;
  let enrichmentBatches: Producer<{ businessIds: string[]; customerId: string }>;
  const logLines: string[] = [];
  const logger = createLogger({ level: 'error', name: 'gatherer-test', destination: new Writable({ write: (chunk, _e, done) => (logLines.push(String(chunk)), done()) }) });

  beforeAll(async () => {
    h = await startAreaHarness([], 'case-gatherer');
    const context = { connection: h.redis, prefix: h.redisPrefix, logger: h.logger };
    enrichment = createProducer(businessEnrichmentQueue, context);
    enrichmentBatches = createProducer(enrichmentBatchQueue, context);
  });
  afterAll(async () => {
    await closeGracefully([], [enrichment, enrichmentBatches]);
    await h.close(async () => undefined);
  });

  const ids = (n: number) => Array.from({ length: n }, () => randomUUID());
  const single = (id: string) => enrichment.queue.getJob(`enrich-${id}`);
  const gathered = (first: string) => enrichmentBatches.queue.getJob(`enrich-gathered-${first}`);

  it("queues businesses added within the window as one batch of their customer's, in order, and no single job", async () => {
    const gatherer = createEnrichmentGatherer({ enrichment, enrichmentBatches, windowMs: 200, logger });
    const customerId = randomUUID();
    const added = ids(3);
    for (const id of added) gatherer.add(customerId, id);
    expect(await gathered(added[0])).toBeUndefined();
    expect((await eventually(() => gathered(added[0]))).data).toEqual({ businessIds: added, customerId });
    for (const id of added) expect(await single(id)).toBeUndefined();
    await gatherer.close();
  });

  it('queues a business that no other joined alone, under its single job id', async () => {
    const gatherer = createEnrichmentGatherer({ enrichment, enrichmentBatches, windowMs: 20, logger });
    const [customerId, id] = ids(2);
    gatherer.add(customerId, id);
    expect((await eventually(() => single(id))).data).toEqual({ businessId: id, customerId });
    expect(await gathered(id)).toBeUndefined();
    await gatherer.close();
  });

  it("never puts two customers' businesses in one batch", async () => {
    const gatherer = createEnrichmentGatherer({ enrichment, enrichmentBatches, windowMs: 100, logger });
    const [first, second] = ids(2);
    const [a, b, c, d] = ids(4);
    gatherer.add(first, a);
    gatherer.add(second, b);
    gatherer.add(first, c);
    gatherer.add(second, d);
    expect((await eventually(() => gathered(a))).data).toEqual({ businessIds: [a, c], customerId: first });
    expect((await eventually(() => gathered(b))).data).toEqual({ businessIds: [b, d], customerId: second });
    await gatherer.close();
  });

  it('queues a full batch at once, without waiting for the window, and gathers the next business anew', async () => {
    const gatherer = createEnrichmentGatherer({ enrichment, enrichmentBatches, windowMs: 60_000, logger });
    const customerId = randomUUID();
    const added = ids(ENRICHMENT_BATCH_SIZE + 1);
    for (const id of added) gatherer.add(customerId, id);
    expect((await eventually(() => gathered(added[0]))).data.businessIds).toEqual(added.slice(0, ENRICHMENT_BATCH_SIZE));
    expect(await single(added[ENRICHMENT_BATCH_SIZE])).toBeUndefined();
    // Closing queues what is still gathered, at once, and waits for it.
    await gatherer.close();
    expect((await single(added[ENRICHMENT_BATCH_SIZE]))?.data).toEqual({ businessId: added[ENRICHMENT_BATCH_SIZE], customerId });
    // Once closed, a business is queued at once.
    const late = randomUUID();
    gatherer.add(customerId, late);
    expect((await eventually(() => single(late))).data).toEqual({ businessId: late, customerId });
  });

  it('logs a queueing Redis refuses, without the caller seeing it', async () => {
    const refusing = { add: () => Promise.reject(new Error('Connection is closed.')) } as never;
    const gatherer = createEnrichmentGatherer({ enrichment: refusing, enrichmentBatches: refusing, windowMs: 0, logger });
    const [customerId, id] = ids(2);
    expect(() => gatherer.add(customerId, id)).not.toThrow();
    await gatherer.close();
    expect(logLines.join('\n')).toContain('could not queue enrichment; the recovery sweep will');
  });
});
