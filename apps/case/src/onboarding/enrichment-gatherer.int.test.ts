import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { startAreaHarness, type AreaHarness } from '@kyb/area-testing';
import { createLogger } from '@kyb/http';
import { businessEnrichmentQueue, closeGracefully, createProducer, ENRICHMENT_BATCH_SIZE, enrichmentBatchQueue, type Producer } from '@kyb/queues';
import { eventually } from '@kyb/testing';
import { createEnrichmentGatherer } from './enrichment-gatherer';

/* Single adds' enrichments gathered into batches (ADR 0048), on real queues. */
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

  it('queues a business its customer adds after a quiet window at once, alone, under its single job id', async () => {
    const gatherer = createEnrichmentGatherer({ enrichment, enrichmentBatches, windowMs: 60_000, logger });
    const [customerId, id] = ids(2);
    gatherer.add(customerId, id);
    // At once: the window is a minute, and the job is there before it ends.
    expect((await eventually(() => single(id))).data).toEqual({ businessId: id, customerId });
    expect(await gathered(id)).toBeUndefined();
    await gatherer.close();
  });

  it("gathers the businesses its customer adds within the window after one, as one batch in order, then opens the window again", async () => {
    const gatherer = createEnrichmentGatherer({ enrichment, enrichmentBatches, windowMs: 1500, logger });
    const customerId = randomUUID();
    const [first, ...next] = ids(4);
    gatherer.add(customerId, first);
    for (const id of next) gatherer.add(customerId, id);
    expect((await eventually(() => single(first))).data).toEqual({ businessId: first, customerId });
    expect(await gathered(next[0])).toBeUndefined();
    expect((await eventually(() => gathered(next[0]))).data).toEqual({ businessIds: next, customerId });
    for (const id of next) expect(await single(id)).toBeUndefined();
    // The window opened again after the batch: a business added now waits for it, then goes (alone, as none joined it).
    const later = randomUUID();
    gatherer.add(customerId, later);
    expect(await single(later)).toBeUndefined();
    expect((await eventually(() => single(later))).data).toEqual({ businessId: later, customerId });
    await gatherer.close();
  });

  it('keeps the window open while the adds keep coming, each add for the window again', async () => {
    // Windows of seconds: the checks keep ~750 ms of slack on a loaded machine.
    const gatherer = createEnrichmentGatherer({ enrichment, enrichmentBatches, windowMs: 2000, maxWindowMs: 60_000, logger });
    const customerId = randomUUID();
    const [first, a, b] = ids(3);
    gatherer.add(customerId, first);
    gatherer.add(customerId, a);
    await new Promise((resolve) => setTimeout(resolve, 1250));
    gatherer.add(customerId, b);
    // 2,500 ms after the window opened: past its first 2,000 ms, but b came 1,250 ms ago and kept it open.
    await new Promise((resolve) => setTimeout(resolve, 1250));
    expect(await gathered(a)).toBeUndefined();
    expect((await eventually(() => gathered(a))).data).toEqual({ businessIds: [a, b], customerId });
    await gatherer.close();
  });

  it('ends a window at its longest however many adds keep coming, the next ones going in the next window', async () => {
    // Each add keeps the window open for a second (a gap may stretch ~850 ms on a loaded machine); 1.5 s is its longest.
    const gatherer = createEnrichmentGatherer({ enrichment, enrichmentBatches, windowMs: 1000, maxWindowMs: 1500, logger });
    const customerId = randomUUID();
    const [first, ...stream] = ids(18);
    gatherer.add(customerId, first);
    for (const id of stream) {
      gatherer.add(customerId, id);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    // 17 adds 150 ms apart (2.4 s): no window may hold them all; together the batches hold each once, in order.
    const batches: string[][] = [];
    for (let at = 0; at < stream.length; at += batches[batches.length - 1].length) {
      batches.push((await eventually(() => gathered(stream[at]))).data.businessIds);
    }
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(batches.flat()).toEqual(stream);
    await gatherer.close();
  });

  it("never puts two customers' businesses in one batch", async () => {
    const gatherer = createEnrichmentGatherer({ enrichment, enrichmentBatches, windowMs: 200, logger });
    const [first, second] = ids(2);
    const [a, b, c, d, e, f] = ids(6);
    for (const [customer, id] of [[first, a], [second, b], [first, c], [second, d], [first, e], [second, f]] as const) gatherer.add(customer, id);
    expect((await eventually(() => gathered(c))).data).toEqual({ businessIds: [c, e], customerId: first });
    expect((await eventually(() => gathered(d))).data).toEqual({ businessIds: [d, f], customerId: second });
    await gatherer.close();
  });

  it('queues a full batch at once, without waiting for the window to end, and what is left when it closes', async () => {
    const gatherer = createEnrichmentGatherer({ enrichment, enrichmentBatches, windowMs: 60_000, logger });
    const customerId = randomUUID();
    const [first, ...added] = ids(ENRICHMENT_BATCH_SIZE + 2);
    gatherer.add(customerId, first);
    for (const id of added) gatherer.add(customerId, id);
    expect((await eventually(() => gathered(added[0]))).data.businessIds).toEqual(added.slice(0, ENRICHMENT_BATCH_SIZE));
    const left = added[ENRICHMENT_BATCH_SIZE];
    expect(await single(left)).toBeUndefined();
    // Closing queues what is still gathered, at once, and waits for it.
    await gatherer.close();
    expect((await single(left))?.data).toEqual({ businessId: left, customerId });
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

  it("queues a bulk's businesses in batches under job ids of its run and chunk, and answers once they are queued", async () => {
    const gatherer = createEnrichmentGatherer({ enrichment, enrichmentBatches, windowMs: 60_000, logger });
    const [customerId, runId] = ids(2);
    const businessIds = ids(ENRICHMENT_BATCH_SIZE + 3);
    await gatherer.addRun(runId, customerId, businessIds);
    const batches = await Promise.all([0, 1, 2].map((chunk) => enrichmentBatches.queue.getJob(`enrich-run-${runId}-${chunk}`)));
    expect(batches.map((job) => job?.data)).toEqual([
      { businessIds: businessIds.slice(0, ENRICHMENT_BATCH_SIZE), customerId },
      { businessIds: businessIds.slice(ENRICHMENT_BATCH_SIZE), customerId },
      undefined,
    ]);
    await gatherer.close();
  });

  it('runs work held for an answer once the answer is sent, or at once when it closes first', async () => {
    const gatherer = createEnrichmentGatherer({ enrichment, enrichmentBatches, windowMs: 0, logger });
    const [customerId, sent, unsent] = ids(3);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    gatherer.afterAnswer(answered, () => gatherer.add(customerId, sent));
    gatherer.afterAnswer(new Promise<void>(() => undefined), () => gatherer.add(customerId, unsent));
    // Nothing before the answer: not even after a round of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await single(sent)).toBeUndefined();
    answer();
    expect((await eventually(() => single(sent))).data).toEqual({ businessId: sent, customerId });
    // An answer that never comes (a stuck connection) does not keep the work from the close: it runs then, and is waited for.
    expect(await single(unsent)).toBeUndefined();
    await gatherer.close();
    expect((await single(unsent))?.data).toEqual({ businessId: unsent, customerId });
    // An answer that takes longer than the gatherer waits: the work runs then, once.
    let late = 0;
    const patient = createEnrichmentGatherer({ enrichment, enrichmentBatches, windowMs: 0, afterAnswerMaxMs: 100, logger });
    let answerLate: () => void = () => undefined;
    patient.afterAnswer(new Promise<void>((resolve) => (answerLate = resolve)), () => (late += 1));
    expect(late).toBe(0);
    await eventually(async () => late === 1 || undefined);
    answerLate();
    await patient.close();
    expect(late).toBe(1);
    // A caller gone before the answer (the promise rejected) still has its work run, once.
    let ran = 0;
    const open = createEnrichmentGatherer({ enrichment, enrichmentBatches, windowMs: 0, logger });
    open.afterAnswer(Promise.reject(new Error('gone')), () => (ran += 1));
    await eventually(async () => ran === 1 || undefined);
    await open.close();
    expect(ran).toBe(1);
  });
});
