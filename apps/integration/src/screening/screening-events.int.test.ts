import { randomUUID } from 'node:crypto';
import { startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { processingScreening } from '../test-support/processing-screening';
import type { ScreeningOutcome } from '../providers/screening.provider';
import { createPgScreeningStore } from './screening.store';

/* screening.completed and screening.failed: written with the screening's final state, in its transaction, once. */
describe('screening events in the outbox', () => {
  let t: IntegrationTestApp;
  let store: ReturnType<typeof createPgScreeningStore>;
  const customerId = randomUUID();
  const outcome = { matchResult: 'No Match' } as ScreeningOutcome;

  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
    store = createPgScreeningStore(t.db, t.dataKeys);
  });
  afterAll(() => t.close());

  const screening = () => processingScreening(t.db, store, customerId);
  const eventsOf = (businessId: string) => t.db('integration.outbox_events').whereRaw(`data->>'business_id' = ?`, [businessId]).orderBy('seq').select('type', 'customer_id', 'data');
  const event = (type: string, row: { id: string; business_id: string }) => ({ type, customer_id: customerId, data: { customer_id: customerId, business_id: row.business_id, screening_id: row.id } });

  it('a screening is announced once: ending it again, either way, writes nothing more', async () => {
    const completed = await screening();
    await store.complete(completed.id, outcome, new Date());
    await store.complete(completed.id, outcome, new Date());
    await store.fail(completed.id, 'Too late.', new Date());
    expect(await store.findById(completed.id)).toMatchObject({ status: 'COMPLETED', failure_reason: null });
    expect(await eventsOf(completed.business_id)).toEqual([event('screening.completed', completed)]);

    const failed = await screening();
    await store.fail(failed.id, 'Refused.', new Date());
    await store.complete(failed.id, outcome, new Date());
    expect(await store.findById(failed.id)).toMatchObject({ status: 'FAILED', failure_reason: 'Refused.' });
    expect(await eventsOf(failed.business_id)).toEqual([event('screening.failed', failed)]);
  });

  it('the event and the final state are one: when either cannot be written, neither is', async () => {
    const row = await screening();
    await t.db.raw(`create or replace function integration.refused_by_test() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
    await t.db.raw(`create trigger refused_by_test before insert on integration.outbox_events for each row execute function integration.refused_by_test()`);
    try {
      await expect(store.complete(row.id, outcome, new Date())).rejects.toThrow('refused by the test');
      await expect(store.fail(row.id, 'Refused.', new Date())).rejects.toThrow('refused by the test');
    } finally {
      await t.db.raw('drop trigger refused_by_test on integration.outbox_events');
    }
    expect(await store.findById(row.id)).toMatchObject({ status: 'PROCESSING', completed_at: null });

    await t.db.raw(`create trigger refused_by_test before update on integration.screenings for each row execute function integration.refused_by_test()`);
    try {
      await expect(store.complete(row.id, outcome, new Date())).rejects.toThrow('refused by the test');
    } finally {
      await t.db.raw('drop trigger refused_by_test on integration.screenings');
    }
    expect(await eventsOf(row.business_id)).toEqual([]);
  });
});
