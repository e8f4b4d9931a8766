import { randomUUID } from 'node:crypto';
import { ProviderError } from '../providers/providers.errors';
import { batchJob, enrichmentProcessorsOf, singleJob } from '../test-support/enrichment-processors';
import { providerRecords, scriptedProvider } from '../test-support/fake-providers';
import { startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';

const lien = (id: string) => ({ kind: 'LIEN' as const, providerRecordId: id, filingDate: '2025-01-01T00:00:00.000Z', status: 'active', amount: 100 });

/* Set-based: the statements of a batch do not grow with its size. */
describe('enrichment batch statements', () => {
  let t: IntegrationTestApp;
  let processors: ReturnType<typeof enrichmentProcessorsOf>;
  const provider = scriptedProvider();
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
    processors = enrichmentProcessorsOf(t, { provider });
  });
  afterAll(async () => {
    await processors.close();
    await t.close();
  });

  /** Statements sent to PostgreSQL while `run` runs (BEGIN, SAVEPOINT and COMMIT included). */
  async function statementsOf(run: () => Promise<unknown>): Promise<number> {
    let count = 0;
    const counted = () => void (count += 1);
    t.db.on('query', counted);
    try {
      await run();
    } finally {
      t.db.off('query', counted);
    }
    return count;
  }

  /**
   * `size` businesses with every outcome a batch knows: one refused, one failing transiently, one
   * gone, one finished before whose verification was lost, and the rest enriched with two liens
   * and a refusal-free verification (one of them enriched before, so a record is deleted).
   */
  async function mixedBatch(size: number): Promise<string[]> {
    const ids: string[] = [];
    for (let n = 0; n < size; n += 1) {
      const id = randomUUID();
      await t.business({ id, customerId, name: n % 2 === 0 ? `Batch Dental ${n}` : `Mismatch Bakery ${n}`, owners: [{ firstName: 'Ann', lastName: 'Lee' }] });
      await t.tin(id, '987654321');
      provider.script(id, [providerRecords([lien(`L-${n}`), lien(`M-${n}`)])]);
      ids.push(id);
    }
    const [refused, transient, gone, done, before] = ids;
    provider.script(refused, [new ProviderError('Refused.', { transient: false })]);
    provider.script(transient, [new ProviderError('Timed out.', { transient: true })]);
    await t.removeBusiness(gone);
    await processors.single(singleJob(done, customerId));
    await t.db('integration.business_verification_status_changes').where({ business_id: done }).delete();
    await t.db('integration.business_verifications').where({ business_id: done }).delete();
    provider.script(before, [providerRecords([lien('OLD')]), providerRecords([lien('NEW'), lien('NEWER')])]);
    await processors.single(singleJob(before, customerId, `before-${before}`));
    return ids;
  }

  it('a batch of 40 businesses sends as many statements as a batch of 5, fewer than two single jobs', async () => {
    const five = await mixedBatch(5);
    const forty = await mixedBatch(40);
    const alone = randomUUID();
    await t.business({ id: alone, customerId, name: 'Alone Dental', owners: [{ firstName: 'Ann', lastName: 'Lee' }] });
    await t.tin(alone, '987654321');

    const ofFive = await statementsOf(() => processors.batch(batchJob('five', five, customerId)));
    const ofForty = await statementsOf(() => processors.batch(batchJob('forty', forty, customerId)));
    const ofOne = await statementsOf(() => processors.single(singleJob(alone, customerId)));

    expect(ofForty).toBe(ofFive);
    expect(ofForty).toBeLessThan(2 * ofOne);
    // The batches did all their work: 37 of 40 businesses enriched (one refused, one left for its own job, one gone).
    const statuses = await t.db('integration.integration_tasks').whereIn('business_id', forty).where('job_id', 'like', 'enrich-%').pluck('status');
    expect(statuses.sort()).toEqual([...Array(37).fill('SUCCEEDED'), 'FAILED', 'FAILED', 'PENDING'].sort());
    expect(await t.db('integration.bjl_records').whereIn('business_id', forty).count({ n: '*' })).toEqual([{ n: String(2 * 37) }]);
    expect(await t.db('integration.business_verifications').whereIn('business_id', forty).count({ n: '*' })).toEqual([{ n: String(37 + 1) }]);
    process.stdout.write(`statements: batch of 5 ${ofFive}, batch of 40 ${ofForty}, one single job ${ofOne}\n`);
  });
});
