import { randomBytes, randomUUID } from 'node:crypto';
import { startAreaHarness, type AreaHarness } from '@kyb/area-testing';
import { ENRICHMENT_TASK_DIRECTORY_COLUMNS } from '@kyb/area-views';
import { createBusinessDirectoryStandIn, createCustomerDirectoryStandIn, createDataKeyStandIn } from '@kyb/area-views/testing';
import { eventually, queryPlanOf } from '@kyb/testing';
import { createIntegrationArea, type IntegrationArea } from '../area';
import { integrationMigrations } from '../migrations';
import { scriptedProvider } from '../test-support/fake-providers';
import { createPgIntegrationRecoveryStore } from './integration-recovery.store';

const longAgo = () => new Date(Date.now() - 10 * 60_000);

describe('the integration recovery sweep (Redis came back empty; PostgreSQL still knows the work)', () => {
  let h: AreaHarness;
  let area: IntegrationArea;
  let directory: Awaited<ReturnType<typeof createBusinessDirectoryStandIn>>;
  const provider = scriptedProvider();
  const customerId = randomUUID();

  beforeAll(async () => {
    h = await startAreaHarness([integrationMigrations], 'integration-recovery');
    await createDataKeyStandIn(h.db);
    directory = await createBusinessDirectoryStandIn(h.db);
    await createCustomerDirectoryStandIn(h.db);
    area = createIntegrationArea({
      db: h.db,
      redis: h.redis,
      redisPrefix: h.redisPrefix,
      dataEncryptionKey: randomBytes(32),
      clock: h.clock.now,
      logger: h.logger,
      tokens: h.tokens,
      publicRecordsProvider: provider,
      screeningSandboxDelayMs: 0,
      recovery: { sweepEveryMs: 3_600_000, stuckAfterMs: 60_000, maxRecoveries: 2 },
    });
    await area.startWorkers(h.workerConnection);
  });
  afterAll(() => h.close(() => area.stop()));

  /** A business added ten minutes ago, whose enrichment job Redis lost before any worker took it. */
  async function lostBusiness(): Promise<string> {
    const id = randomUUID();
    await directory.put({ id, customerId, name: 'Lost Bakery' });
    await h.db('cases.business_directory').where({ id }).update({ created_at: longAgo() });
    return id;
  }
  const tasksOf = (businessId: string) => h.db('integration.integration_tasks').where({ business_id: businessId });
  const eventsOf = (businessId: string) => h.db('integration.outbox_events').whereRaw(`data->>'business_id' = ?`, [businessId]).where('type', 'like', 'enrichment.%').orderBy('seq').select('type', 'customer_id', 'data');
  const screeningEventsOf = (screeningId: string) => h.db('integration.outbox_events').whereRaw(`data->>'screening_id' = ?`, [screeningId]).select('type', 'customer_id', 'data');
  const succeeded = (businessId: string) =>
    eventually(async () => {
      const tasks = await tasksOf(businessId);
      return tasks.length > 0 && tasks.every((t) => t.status === 'SUCCEEDED') ? tasks : undefined;
    });

  it('reads stuck tasks, screenings and recent businesses through their indexes', async () => {
    const store = createPgIntegrationRecoveryStore(h.db);
    const q = { cutoff: new Date(), afterId: null, limit: 500 };
    expect(await queryPlanOf(h.db, () => store.stuckTasks(q))).toContain('integration_tasks_open');
    expect(await queryPlanOf(h.db, () => store.stuckScreenings(q))).toContain('screenings_open');
    expect(await queryPlanOf(h.db, () => store.untaskedBusinesses({ ...q, since: longAgo() }))).toContain('integration_tasks_business');
  });

  it('enriches a business that has no task and no job, once, however often it sweeps', async () => {
    const id = await lostBusiness();
    expect(await area.recovery.sweep()).toMatchObject({ businesses: { requeued: 1 } });
    const [task] = await succeeded(id);
    expect(task).toMatchObject({ job_id: `enrich-${id}`, recoveries: 1, attempts: 1 });
    expect(await area.recovery.sweep()).toMatchObject({ businesses: { requeued: 0 }, tasks: { requeued: 0 } });
    expect(await tasksOf(id)).toHaveLength(1);
    expect(await h.db('integration.public_records').where({ business_id: id })).toHaveLength(1);
    expect(provider.callsFor(id)).toBe(1);
  });

  it('leaves alone a business added less than the stuck time ago (its job may still be on its way)', async () => {
    const id = randomUUID();
    await directory.put({ id, customerId, name: 'Fresh Bakery' });
    await area.recovery.sweep();
    expect(await tasksOf(id)).toEqual([]);
  });

  it('finishes a task left IN_PROGRESS by a worker that died, and fails one recovered too often with the reason', async () => {
    const dead = await lostBusiness();
    const given = await lostBusiness();
    const task = (businessId: string, recoveries: number) => ({
      business_id: businessId, customer_id: customerId, job_id: `enrich-${businessId}`, provider: 'scripted', status: 'IN_PROGRESS', attempts: 1,
      recoveries, created_at: longAgo(), updated_at: longAgo(),
    });
    await h.db('integration.integration_tasks').insert([task(dead, 0), task(given, 2)]);
    expect(await area.recovery.sweep()).toMatchObject({ tasks: { requeued: 1, failed: 1 } });
    await succeeded(dead);
    expect((await tasksOf(given))[0]).toMatchObject({
      status: 'FAILED',
      failure_reason: 'Gave up after 2 recoveries: its job was lost, or its worker stopped, each time.',
    });
    expect(provider.callsFor(given)).toBe(0);
    const [givenTask] = await tasksOf(given);
    expect(await eventsOf(given)).toEqual([{ type: 'enrichment.failed', customer_id: customerId, data: { customer_id: customerId, business_id: given, task_id: givenTask.id } }]);
    const [deadTask] = await tasksOf(dead);
    expect(await eventsOf(dead)).toEqual([{ type: 'enrichment.completed', customer_id: customerId, data: { customer_id: customerId, business_id: dead, task_id: deadTask.id } }]);
    // A sweep that gives up on a task that ended meanwhile neither fails it nor writes an event.
    const store = createPgIntegrationRecoveryStore(h.db);
    await store.failTask(deadTask.id, 'Too late.', new Date());
    await store.failTask(givenTask.id, 'Too late.', new Date());
    expect((await tasksOf(dead))[0]).toMatchObject({ status: 'SUCCEEDED' });
    expect([await eventsOf(dead), await eventsOf(given)].map((events) => events.map((e) => e.type))).toEqual([['enrichment.completed'], ['enrichment.failed']]);
  });

  it('ends a screening left PROCESSING with no job in a final state', async () => {
    const businessId = await lostBusiness();
    const [{ id }] = await h.db('integration.screenings')
      .insert({ customer_id: customerId, business_id: businessId, status: 'PROCESSING', icas: '["1234"]', provider: 'sandbox', requested_by: customerId, attempts: 1, created_at: longAgo(), updated_at: longAgo() })
      .returning('id');
    expect(await area.recovery.sweep()).toMatchObject({ screenings: { requeued: 1 } });
    // No credentials are stored for this customer: the worker ends it FAILED with that reason.
    const ended = await eventually(async () => {
      const row = await h.db('integration.screenings').where({ id }).first();
      return row.status === 'PROCESSING' ? undefined : row;
    });
    expect(ended).toMatchObject({ status: 'FAILED', failure_reason: 'The screening credentials were removed before the screening ran.', recoveries: 1 });
    expect(await screeningEventsOf(id)).toEqual([{ type: 'screening.failed', customer_id: customerId, data: { customer_id: customerId, business_id: businessId, screening_id: id } }]);
  });

  it('fails a screening recovered too often, with its screening.failed event', async () => {
    const businessId = await lostBusiness();
    const [{ id }] = await h.db('integration.screenings')
      .insert({ customer_id: customerId, business_id: businessId, status: 'PENDING', icas: '["1234"]', provider: 'sandbox', requested_by: customerId, recoveries: 2, created_at: longAgo(), updated_at: longAgo() })
      .returning('id');
    expect(await area.recovery.sweep()).toMatchObject({ screenings: { failed: 1 } });
    expect(await h.db('integration.screenings').where({ id }).first()).toMatchObject({
      status: 'FAILED',
      failure_reason: 'Gave up after 2 recoveries: its job was lost, or its worker stopped, each time.',
    });
    expect(await screeningEventsOf(id)).toEqual([{ type: 'screening.failed', customer_id: customerId, data: { customer_id: customerId, business_id: businessId, screening_id: id } }]);
  });

  it('publishes finished tasks to the score area through a view of exactly the columns of the stand-in', async () => {
    const columns = await h.db('information_schema.columns')
      .where({ table_schema: 'integration', table_name: 'enrichment_task_directory' })
      .orderBy('ordinal_position')
      .pluck('column_name');
    expect(columns).toEqual([...ENRICHMENT_TASK_DIRECTORY_COLUMNS]);
  });
});
