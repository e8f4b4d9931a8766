import { randomUUID } from 'node:crypto';
import { createProducer, enrichmentBatchCompletedJobId, enrichmentBatchCompletedQueue, scoreQueue, type EnrichmentCompletion, type Producer } from '@kyb/queues';
import { eventually } from '@kyb/testing';
import { scoredBusiness } from '../test-support/score-fixtures';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';
import { scoreJobId } from './scores.service';

describe('the score worker takes announcements of enrichment batches', () => {
  let t: ScoreTestApp;
  let announced: Producer<{ completions: EnrichmentCompletion[] }>;
  let scoreJobs: Producer<{ scoreId: string }>;
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startScoreTestApp();
    announced = createProducer(enrichmentBatchCompletedQueue, { connection: t.redis, prefix: t.redisPrefix });
    scoreJobs = createProducer(scoreQueue, { connection: t.redis, prefix: t.redisPrefix });
  });
  afterAll(async () => {
    await announced.close();
    await scoreJobs.close();
    await t.close();
  });

  const finished = (jobId: string) =>
    eventually(async () => {
      const job = await announced.queue.getJob(jobId);
      return job?.finishedOn ? job : undefined;
    });

  it('scores every business of the batch in the job itself: SUCCESS (or FAILED without inputs), no job per business', async () => {
    const completions = [
      { businessId: await scoredBusiness(t, customerId), taskId: randomUUID() },
      { businessId: await scoredBusiness(t, customerId, { statements: null }), taskId: randomUUID() },
      { businessId: await scoredBusiness(t, customerId, { records: false, profile: false }), taskId: randomUUID() },
    ];
    const jobId = enrichmentBatchCompletedJobId(`enrich-run-${randomUUID()}-0`);
    await announced.add({ completions }, { jobId });
    const job = await finished(jobId);
    expect(job.failedReason).toBeUndefined();
    expect(job.returnvalue).toEqual({ succeeded: 2, failed: 1, queued: 0, skipped: 0 });
    const rows = await Promise.all(completions.map((c) => t.db('scores.scores').where({ source_key: `enrichment:${c.taskId}` }).first()));
    expect(rows.map((r) => [r.business_id, r.trigger, r.status, r.customer_id])).toEqual([
      [completions[0].businessId, 'ENRICHMENT', 'SUCCESS', customerId],
      [completions[1].businessId, 'ENRICHMENT', 'SUCCESS', customerId],
      [completions[2].businessId, 'ENRICHMENT', 'FAILED', customerId],
    ]);
    for (const row of rows) expect(await scoreJobs.queue.getJob(scoreJobId(row.id))).toBeUndefined();
  });

  it('completes a job whose payload carries no list of completions, skipping it', async () => {
    const jobId = `enriched-malformed-${randomUUID()}`;
    await announced.queue.add(enrichmentBatchCompletedQueue.name, { completions: 'none' }, { jobId });
    const job = await finished(jobId);
    expect(job.failedReason).toBeUndefined();
    expect(job.returnvalue).toEqual({ succeeded: 0, failed: 0, queued: 0, skipped: 1 });
  });
});
