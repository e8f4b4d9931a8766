import { randomUUID } from 'node:crypto';
import { startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import type { NewVerification, VerificationStatus } from './verification.types';
import { createPgVerificationStore } from './verification.store';

/* business.verified and business.unverified: written exactly when a status change row is, in its transaction. */
describe('verification events in the outbox', () => {
  let t: IntegrationTestApp;
  let store: ReturnType<typeof createPgVerificationStore>;
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
    store = createPgVerificationStore(t.db);
  });
  afterAll(() => t.close());

  const entry = (businessId: string, status: VerificationStatus): NewVerification => ({ businessId, customerId, taskId: null, status, checks: [], reason: 'Test.', at: new Date() });
  const eventsOf = (businessId: string) => t.db('integration.outbox_events').whereRaw(`data->>'business_id' = ?`, [businessId]).orderBy('seq').select('type', 'customer_id', 'data');
  const changesOf = async (businessId: string) => (await t.db('integration.business_verification_status_changes').where({ business_id: businessId })).length;
  const verified = (businessId: string) => ({ type: 'business.verified', customer_id: customerId, data: { customer_id: customerId, business_id: businessId } });
  const unverified = (businessId: string) => ({ type: 'business.unverified', customer_id: customerId, data: { customer_id: customerId, business_id: businessId, status: 'UNVERIFIED' } });

  it('one at a time: an event with each change (the first verification included), none while the status stays', async () => {
    const id = randomUUID();
    for (const status of ['UNVERIFIED', 'UNVERIFIED', 'VERIFIED', 'VERIFIED', 'UNVERIFIED'] as const) await store.record(entry(id, status));
    expect(await eventsOf(id)).toEqual([unverified(id), verified(id), unverified(id)]);
    expect(await changesOf(id)).toBe(3);
  });

  it('a batch: the events of its changes only, in its order, with one statement', async () => {
    const [first, same, changed] = [randomUUID(), randomUUID(), randomUUID()];
    await store.record(entry(same, 'VERIFIED'));
    await store.record(entry(changed, 'VERIFIED'));
    const inserts: string[] = [];
    const counted = (query: { sql: string }) => void (/outbox_events/.test(query.sql) && inserts.push(query.sql));
    t.db.on('query', counted);
    try {
      await t.db.transaction((trx) => store.recordMany([entry(changed, 'UNVERIFIED'), entry(same, 'VERIFIED'), entry(first, 'VERIFIED')], trx));
    } finally {
      t.db.off('query', counted);
    }
    expect(inserts).toHaveLength(1);
    expect(await eventsOf(changed)).toEqual([verified(changed), unverified(changed)]);
    expect(await eventsOf(same)).toEqual([verified(same)]);
    expect(await eventsOf(first)).toEqual([verified(first)]);
  });

  it('a change that rolls back leaves no event, one at a time or in a batch', async () => {
    const [one, many] = [randomUUID(), randomUUID()];
    const rollBack = new Error('rolled back by the test');
    await expect(t.db.transaction(async (trx) => ((await store.record(entry(one, 'VERIFIED'), trx)), Promise.reject(rollBack)))).rejects.toBe(rollBack);
    await expect(t.db.transaction(async (trx) => ((await store.recordMany([entry(many, 'UNVERIFIED')], trx)), Promise.reject(rollBack)))).rejects.toBe(rollBack);
    expect([await changesOf(one), await changesOf(many)]).toEqual([0, 0]);
    expect([await eventsOf(one), await eventsOf(many)]).toEqual([[], []]);
  });
});
