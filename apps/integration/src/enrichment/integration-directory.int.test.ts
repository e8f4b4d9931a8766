import { randomUUID } from 'node:crypto';
import { businessEnrichmentQueue, createProducer, type Producer } from '@kyb/queues';
import { createIntegrationDirectory } from '@kyb/area-views';
import { providerRecords, scriptedProvider } from '../test-support/fake-providers';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';

/* The integration area's real views against the reader the score and report areas use (@kyb/tenants). */
describe('the integration directory views', () => {
  let t: IntegrationTestApp;
  let jobs: Producer<{ businessId: string; customerId: string }>;
  const provider = scriptedProvider(17);

  beforeAll(async () => {
    t = await startIntegrationTestApp({ publicRecordsProvider: provider });
    jobs = createProducer(businessEnrichmentQueue, { connection: t.redis, prefix: t.redisPrefix });
  });
  afterAll(async () => {
    await jobs.close();
    await t.close();
  });

  it('publish the public records, BJL records and financial profile an enrichment stored', async () => {
    const id = randomUUID();
    const customerId = randomUUID();
    await t.business({ id, customerId, name: 'Thriving Liens Co' });
    provider.script(id, [
      providerRecords([
        { kind: 'LIEN', providerRecordId: 'L-1', filingDate: '2024-01-01T00:00:00.000Z', status: 'released', amount: 10 },
        { kind: 'LIEN', providerRecordId: 'L-2', filingDate: '2025-01-01T00:00:00.000Z', status: 'active', amount: 20.5 },
      ]),
    ]);
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    const directory = createIntegrationDirectory(t.db);
    const records = await eventually(() => directory.publicRecords(id));
    const task = await t.db('integration.integration_tasks').where({ business_id: id }).first();
    expect(records).toMatchObject({ taskId: task.id, platformId: 17, summary: { number_of_business_liens: '2', average_rating: expect.any(String) } });
    expect((await directory.bjlRecords(id)).map((r) => [r.status, r.amount, r.filingDate.toISOString()])).toEqual([
      ['active', 20.5, '2025-01-01T00:00:00.000Z'],
      ['released', 10, '2024-01-01T00:00:00.000Z'],
    ]);
    const financials = await directory.financialProfile(id);
    expect(financials!.statements!.map((s) => s.year)).toEqual([2023, 2024, 2025]);
    expect(financials!.creditBureau!.score).toBeGreaterThanOrEqual(80);
    expect(await directory.publicRecords(randomUUID())).toBeUndefined();
    expect(await directory.financialProfile('nope')).toBeUndefined();
  });
});
