import { randomUUID } from 'node:crypto';
import { createProducer, enrichmentBatchCompletedQueue, enrichmentBatchQueue, enrichmentCompletedQueue, type Producer } from '@kyb/queues';
import { ProviderError } from '../providers/providers.errors';
import { providerRecords, scriptedProvider } from '../test-support/fake-providers';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';

/* The batch queue as the area consumes it: the worker, its producers and a transient failure retried by the business's own job. */
describe('enrichment batch worker', () => {
  let t: IntegrationTestApp;
  let batches: Producer<{ businessIds: string[]; customerId: string }>;
  let batchAnnouncements: Producer<{ completions: Array<{ businessId: string; taskId: string }> }>;
  let announcements: Producer<{ businessId: string; taskId: string }>;
  const provider = scriptedProvider();
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startIntegrationTestApp({ publicRecordsProvider: provider });
    const context = { connection: t.redis, prefix: t.redisPrefix };
    batches = createProducer(enrichmentBatchQueue, context);
    batchAnnouncements = createProducer(enrichmentBatchCompletedQueue, context);
    announcements = createProducer(enrichmentCompletedQueue, context);
  });
  afterAll(async () => {
    await Promise.all([batches.close(), batchAnnouncements.close(), announcements.close()]);
    await t.close();
  });

  it('enriches, verifies and announces a batch; a business failing transiently is finished by its own job', async () => {
    const ids: string[] = [];
    for (const name of ['Worker Dental', 'Worker Bakery', 'Worker Flaky Pizza']) {
      const id = randomUUID();
      await t.business({ id, customerId, name, owners: [{ firstName: 'Ann', lastName: 'Lee' }] });
      await t.tin(id, '987654321');
      ids.push(id);
    }
    const flaky = ids[2];
    provider.script(flaky, [new ProviderError('Provider timed out.', { transient: true }), providerRecords()]);
    const runJobId = `enrich-run-${randomUUID()}-0`;
    await batches.add({ businessIds: ids, customerId }, { jobId: runJobId });

    const tasks = await eventually(async () => {
      const rows = await t.db('integration.integration_tasks').whereIn('business_id', ids);
      return rows.length === 3 && rows.every((r) => r.status === 'SUCCEEDED') ? rows : undefined;
    });
    const taskOf = (id: string) => tasks.find((r) => r.business_id === id);
    expect(ids.map((id) => [taskOf(id)?.job_id, taskOf(id)?.attempts])).toEqual([
      [`enrich-${ids[0]}`, 1],
      [`enrich-${ids[1]}`, 1],
      [`enrich-${flaky}`, 2],
    ]);
    expect(await t.db('integration.business_verifications').whereIn('business_id', ids).pluck('status')).toEqual(['VERIFIED', 'VERIFIED', 'VERIFIED']);

    // The batch announces after its transaction commits: its tasks can read SUCCEEDED a moment before.
    const batchAnnouncement = await eventually(async () => (await batchAnnouncements.queue.getJob(`enriched-${runJobId}`)) ?? undefined);
    expect(batchAnnouncement.data).toEqual({
      completions: [
        { businessId: ids[0], taskId: taskOf(ids[0])?.id },
        { businessId: ids[1], taskId: taskOf(ids[1])?.id },
      ],
    });
    const alone = await eventually(async () => (await announcements.queue.getJob(`enriched-${taskOf(flaky)?.id}`)) ?? undefined);
    expect(alone.data).toEqual({ businessId: flaky, taskId: taskOf(flaky)?.id });
  });
});
