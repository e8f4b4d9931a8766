import { randomUUID } from 'node:crypto';
import type { AuthContext } from '@kyb/auth';
import { createBusinessDirectory } from '@kyb/area-views';
import { EVENT_TYPES } from '@kyb/db';
import { createPgPublicRecordsStore } from '../public-records/public-records.store';
import { enrichmentProcessorsOf, singleJob } from '../test-support/enrichment-processors';
import { scriptedProvider } from '../test-support/fake-providers';
import { startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { QueueUnavailableError } from './enrichment.errors';
import { createEnrichmentService } from './enrichment.service';
import { createPgTaskStore } from './integration-tasks.store';

const admin: AuthContext = { userId: randomUUID(), role: 'ADMIN', customerId: null, subrole: null, permissions: new Set(), tokenUse: 'access', businessIds: [], sessionId: 'test' };

/* enrichment.completed and enrichment.failed: written with the task's final state, in its transaction, once. */
describe('enrichment events in the outbox', () => {
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

  const eventsOf = (businessId: string) =>
    t.db('integration.outbox_events').whereRaw(`data->>'business_id' = ?`, [businessId]).where('type', 'like', 'enrichment.%').orderBy('seq').select('type', 'customer_id', 'data');
  const event = (type: string, businessId: string, taskId: string) => ({ type, customer_id: customerId, data: { customer_id: customerId, business_id: businessId, task_id: taskId } });
  async function business(): Promise<string> {
    const id = randomUUID();
    await t.business({ id, customerId, name: 'Outbox Dental', owners: [{ firstName: 'Ann', lastName: 'Lee' }] });
    return id;
  }
  async function refuseInserts(table: string): Promise<() => Promise<void>> {
    await t.db.raw(`create or replace function integration.refused_by_test() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
    await t.db.raw(`create trigger refused_by_test before insert on ${table} for each row execute function integration.refused_by_test()`);
    return async () => void (await t.db.raw(`drop trigger refused_by_test on ${table}`));
  }

  it('a refresh whose job cannot be queued fails its new task with enrichment.failed', async () => {
    const id = await business();
    const service = createEnrichmentService({
      tasks: createPgTaskStore(t.db),
      records: createPgPublicRecordsStore(t.db),
      businesses: createBusinessDirectory(t.db),
      enrichment: { add: async () => Promise.reject(new Error('Redis is down')) },
      providerName: 'scripted',
      clock: t.clock.now,
    });
    await expect(service.refresh(admin, id)).rejects.toBeInstanceOf(QueueUnavailableError);
    const task = await t.db('integration.integration_tasks').where({ business_id: id }).first();
    expect(task).toMatchObject({ status: 'FAILED', failure_reason: 'The enrichment could not be queued.' });
    expect(await eventsOf(id)).toEqual([event('enrichment.failed', id, task.id)]);
  });

  it('a success whose transaction rolls back writes no event; run again, the task is announced once', async () => {
    const id = await business();
    const restore = await refuseInserts('integration.financial_profiles');
    try {
      await expect(processors.single(singleJob(id, customerId))).rejects.toThrow('refused by the test');
    } finally {
      await restore();
    }
    const task = await t.db('integration.integration_tasks').where({ business_id: id }).first();
    expect(task.status).toBe('IN_PROGRESS');
    expect(await eventsOf(id)).toEqual([]);
    await processors.single(singleJob(id, customerId));
    expect(await eventsOf(id)).toEqual([event('enrichment.completed', id, task.id)]);
  });

  it('the event and the final state are one: when the event cannot be written the task does not end either', async () => {
    const id = await business();
    const restore = await refuseInserts('integration.outbox_events');
    try {
      await expect(processors.single(singleJob(id, customerId))).rejects.toThrow('refused by the test');
      await t.removeBusiness(id);
      await expect(processors.single(singleJob(id, customerId))).rejects.toThrow('refused by the test');
    } finally {
      await restore();
    }
    expect(await t.db('integration.integration_tasks').where({ business_id: id }).first()).toMatchObject({ status: 'IN_PROGRESS', completed_at: null });
    expect(await t.db('integration.public_records').where({ business_id: id })).toEqual([]);
  });

  it('a task is announced once: failing a final task, or finishing it again, writes nothing more', async () => {
    const tasks = createPgTaskStore(t.db);
    const failed = await tasks.findOrCreate({ jobId: `fail-${randomUUID()}`, businessId: randomUUID(), customerId, provider: 'scripted' });
    await tasks.fail(failed.id, 'First.', new Date());
    await tasks.fail(failed.id, 'Second.', new Date());
    await tasks.noteRetry(failed.id, 'Late retry.', new Date());
    expect(await tasks.find(failed.id)).toMatchObject({ status: 'FAILED', failure_reason: 'First.' });
    expect(await eventsOf(failed.business_id)).toEqual([event('enrichment.failed', failed.business_id, failed.id)]);

    const done = await tasks.findOrCreate({ jobId: `done-${randomUUID()}`, businessId: randomUUID(), customerId, provider: 'scripted' });
    await t.db.transaction((trx) => tasks.succeed(trx, done.id, new Date()));
    await t.db.transaction((trx) => tasks.succeed(trx, done.id, new Date()));
    await t.db.transaction((trx) => tasks.succeedMany(trx, [done.id], new Date()));
    await tasks.settleMany([{ id: done.id, status: 'FAILED', reason: 'Too late.' }], new Date());
    expect(await tasks.find(done.id)).toMatchObject({ status: 'SUCCEEDED', failure_reason: null });
    expect(await eventsOf(done.business_id)).toEqual([event('enrichment.completed', done.business_id, done.id)]);
  });

  it('every event written names exactly its type’s ids and customer_id, nothing else', async () => {
    const rows: Array<{ type: keyof typeof EVENT_TYPES; customer_id: string; data: Record<string, unknown> }> = await t.db('integration.outbox_events').select('type', 'customer_id', 'data');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Object.keys(row.data).sort()).toEqual([...EVENT_TYPES[row.type], 'customer_id'].sort());
      expect(row.data.customer_id).toBe(row.customer_id);
    }
  });
});
