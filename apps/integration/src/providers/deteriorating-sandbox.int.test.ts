import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { businessEnrichmentQueue, createProducer, enrichmentJobId, type Producer } from '@kyb/queues';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';

/* The sandbox's `deteriorating` trigger through the area's real enrichment path (issue 12). */
describe('a deteriorating sandbox business', () => {
  let t: IntegrationTestApp;
  let jobs: Producer<{ businessId: string; customerId: string }>;
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startIntegrationTestApp();
    jobs = createProducer(businessEnrichmentQueue, { connection: t.redis, prefix: t.redisPrefix });
  });
  afterAll(async () => {
    await jobs.close();
    await t.close();
  });

  const succeeded = (businessId: string, n: number) =>
    eventually(async () => {
      const rows = await t.db('integration.integration_tasks').where({ business_id: businessId, status: 'SUCCEEDED' });
      return rows.length === n ? rows : undefined;
    });
  const liensOf = (businessId: string) =>
    t.db('integration.bjl_records').where({ business_id: businessId, kind: 'LIEN' }).orderBy('provider_record_id').select('provider_record_id', 'status');

  it('has 1 active lien after its first enrichment and 2 after the next (a refresh)', async () => {
    const id = randomUUID();
    await t.business({ id, customerId, name: 'Slowly Deteriorating Diner' });
    await jobs.add({ businessId: id, customerId }, { jobId: enrichmentJobId(id) });
    await succeeded(id, 1);
    expect(await liensOf(id)).toEqual([{ provider_record_id: `${id}-deteriorating-1`, status: 'active' }]);

    const owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' });
    await request(t.app).post(`/integration/api/v1/business/${id}/refresh`).set('Authorization', `Bearer ${owner}`).expect(202);
    await succeeded(id, 2);
    expect(await liensOf(id)).toEqual([
      { provider_record_id: `${id}-deteriorating-1`, status: 'active' },
      { provider_record_id: `${id}-deteriorating-2`, status: 'active' },
    ]);
  });
});
