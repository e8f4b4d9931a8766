import { randomUUID } from 'node:crypto';
import { sampleProfile } from '../test-support/business-profile.sample';
import { startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { processingScreening } from '../test-support/processing-screening';
import { sandboxOutcome } from './sandbox-screening.provider';
import { createPgScreeningStore } from './screening.store';

const RAW = JSON.stringify([{ terminationInquiryResponse: { ref: 'REF-1', possibleMerchantMatches: [{ merchant: { name: 'Terminated Quokkaworks', principals: [{ firstName: 'Ann', lastName: 'Lee' }] } }] } }]);

/* A MATCH inquiry's raw answer is kept sealed beside the screening it explains, never in its result, and goes with the owner's business or the tenant. */
describe("a screening's kept MATCH answer", () => {
  let t: IntegrationTestApp;
  let store: ReturnType<typeof createPgScreeningStore>;
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
    store = createPgScreeningStore(t.db, t.dataKeys);
  });
  afterAll(() => t.close());

  const screening = () => processingScreening(t.db, store, customerId, 'match-pro');
  const outcomeOf = (businessId: string) => sandboxOutcome(sampleProfile('Terminated Quokkaworks', { id: businessId, customerId }), ['1996']);
  const trace = { adapter: 'match-pro', version: 'match-pro', raw: RAW };

  it('keeps the trace given to complete sealed for the tenant, opens it for an auditor, and leaves it out of the result', async () => {
    const row = await screening();
    await store.complete(row.id, { ...outcomeOf(row.business_id), trace }, new Date());

    const kept = await t.db('integration.vendor_answers').where({ screening_id: row.id });
    expect(kept.map((k) => [k.customer_id, k.business_id, k.verification_id, k.check_code, k.adapter, k.adapter_version])).toEqual([
      [customerId, row.business_id, null, 'MATCH', 'match-pro', 'match-pro'],
    ]);
    expect(kept[0].raw_sealed).toMatch(/^d1\./);
    expect(kept[0].raw_sealed).not.toContain('Quokkaworks');
    expect(await store.keptAnswers(row.id)).toEqual([{ check: 'MATCH', adapter: 'match-pro', version: 'match-pro', raw: RAW, keptAt: expect.any(Date) }]);

    const stored = await store.findById(row.id);
    expect(stored).toMatchObject({ status: 'COMPLETED', result: outcomeOf(row.business_id) });
    expect(JSON.stringify(stored?.result)).not.toContain('terminationInquiryResponse');
  });

  it('keeps nothing for an outcome without a trace (a sandbox), nor for a screening that had ended', async () => {
    const sandboxed = await screening();
    await store.complete(sandboxed.id, outcomeOf(sandboxed.business_id), new Date());
    expect(await store.keptAnswers(sandboxed.id)).toEqual([]);

    const ended = await screening();
    await store.fail(ended.id, 'Refused.', new Date());
    await store.complete(ended.id, { ...outcomeOf(ended.business_id), trace }, new Date());
    expect(await t.db('integration.vendor_answers').where({ screening_id: ended.id })).toEqual([]);
  });

  it('goes with an owner of the business, and with the tenant', async () => {
    const [owners, other] = [await screening(), await screening()];
    await store.complete(owners.id, { ...outcomeOf(owners.business_id), trace }, new Date());
    await store.complete(other.id, { ...outcomeOf(other.business_id), trace }, new Date());

    await t.db.raw('select integration.erase_owner(?::uuid, ?::uuid, ?::uuid)', [customerId, owners.business_id, randomUUID()]);
    expect(await store.keptAnswers(owners.id)).toEqual([]);
    expect(await store.keptAnswers(other.id)).toHaveLength(1);

    await t.db.raw('select integration.erase_customer(?::uuid)', [customerId]);
    expect(await t.db('integration.vendor_answers').where({ customer_id: customerId })).toEqual([]);
  });
});
