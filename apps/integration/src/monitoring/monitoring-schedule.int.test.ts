import { randomUUID } from 'node:crypto';
import { createBusinessDirectory, createMonitoringSettingsDirectory, type MonitoringFrequency } from '@kyb/area-views';
import { createMonitoringSettingsStandIn } from '@kyb/area-views/testing';
import { createProducer, enrichmentCompletedQueue, type Producer } from '@kyb/queues';
import type { Job } from 'bullmq';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { monitoringTickQueue } from '@kyb/queues';
import { createMonitoringSchedule } from './monitoring-schedule';
import { createPgMonitoringScheduleStore } from './monitoring-schedule.store';
import { periodOf, slotOf } from './monitoring-slots';

const TICK = 15 * 60_000;

/* The monitoring schedule (issue 12) on real PostgreSQL: the tick that queues monitored businesses' re-enrichments. */
describe('the monitoring schedule', () => {
  let t: IntegrationTestApp;
  let settings: Awaited<ReturnType<typeof createMonitoringSettingsStandIn>>;
  let now = new Date('2026-11-16T12:00:00Z');
  /** What the tick queued, as the enrichment queue would have received it. */
  const queued: Array<{ jobId: string; businessId: string; customerId: string }> = [];
  const scheduleWith = (pageSize: number) =>
    createMonitoringSchedule({
      store: createPgMonitoringScheduleStore(t.db),
      businesses: createBusinessDirectory(t.db),
      settings: createMonitoringSettingsDirectory(t.db),
      enrichment: {
        add: async (payload, options) => {
          queued.push({ jobId: options.jobId, ...payload });
          return { id: options.jobId } as Job;
        },
      },
      providerName: 'sandbox',
      tickEveryMs: TICK,
      pageSize,
      clock: () => now,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });

  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
    settings = await createMonitoringSettingsStandIn(t.db);
  });
  afterAll(() => t.close());
  beforeEach(() => void queued.splice(0));

  /** A customer with `n` monitored businesses (and one not monitored); `frequency` undefined: it set none. */
  async function customerWith(n: number, frequency?: MonitoringFrequency) {
    const customerId = randomUUID();
    if (frequency) await settings.put(customerId, { frequency, scoreChangeAlertPoints: 50 });
    const monitored = Array.from({ length: n }, () => randomUUID());
    for (const id of monitored) await t.business({ id, customerId, name: 'Watched Co', isMonitoringEnabled: true });
    const unmonitored = randomUUID();
    await t.business({ id: unmonitored, customerId, name: 'Unwatched Co', isMonitoringEnabled: false });
    return { customerId, monitored, unmonitored };
  }
  const queuedFor = (ids: string[]) => queued.filter((q) => ids.includes(q.businessId));
  const slot = (id: string, frequency: MonitoringFrequency) => slotOf(id, periodOf(frequency, now), TICK).getTime();

  it('queues exactly the businesses whose slot has come, each once per period however often it ticks, in pages; never one not monitored', async () => {
    const weekly = await customerWith(30, 'WEEKLY');
    const schedule = scheduleWith(7);
    now = new Date('2026-11-26T12:00:00Z'); // Thursday of week 48: about half the week's slots have come.
    await schedule.tick();
    const due = weekly.monitored.filter((id) => slot(id, 'WEEKLY') <= now.getTime());
    expect(due.length).toBeGreaterThan(0);
    expect(due.length).toBeLessThan(30);
    expect(queuedFor([...weekly.monitored, weekly.unmonitored]).map((q) => q.businessId).sort()).toEqual([...due].sort());
    expect(queuedFor(due).every((q) => q.jobId === `monitoring-2026-W48-${q.businessId}` && q.customerId === weekly.customerId)).toBe(true);
    const tasks = await t.db('integration.integration_tasks').whereIn('business_id', due).select('job_id', 'status', 'provider');
    expect(tasks).toHaveLength(due.length);
    expect(tasks.every((task) => task.status === 'PENDING' && task.provider === 'sandbox')).toBe(true);

    // Again, and two ticks at once (two workers): nothing more.
    queued.splice(0);
    await Promise.all([schedule.tick(), scheduleWith(500).tick(), schedule.tick()]);
    expect(queuedFor(weekly.monitored)).toEqual([]);

    // The last tick of the week: every other business, once; the one not monitored never.
    now = new Date('2026-11-29T23:45:00Z');
    await schedule.tick();
    expect(queuedFor([...weekly.monitored, weekly.unmonitored]).map((q) => q.businessId).sort()).toEqual(weekly.monitored.filter((id) => !due.includes(id)).sort());
    expect(await t.db('integration.integration_tasks').whereIn('business_id', weekly.monitored)).toHaveLength(30);
    expect(await t.db('integration.integration_tasks').where({ business_id: weekly.unmonitored })).toEqual([]);
  });

  it("queues a DAILY customer's business every day, at its slot", async () => {
    const daily = await customerWith(1, 'DAILY');
    const [id] = daily.monitored;
    const schedule = scheduleWith(500);
    now = new Date('2026-11-20T00:00:00Z');
    const today = slot(id, 'DAILY');
    now = new Date(today - 1);
    await schedule.tick();
    expect(queuedFor([id])).toEqual([]);
    now = new Date(today);
    await schedule.tick();
    now = new Date(today + TICK);
    await schedule.tick();
    now = new Date(today + 86_400_000);
    await schedule.tick();
    expect(queuedFor([id]).map((q) => q.jobId)).toEqual([`monitoring-2026-11-20-${id}`, `monitoring-2026-11-21-${id}`]);
  });

  it('does not refresh a business enriched since its slot (added or refreshed after it) until the next period; a failed enrichment does not count', async () => {
    const monthly = await customerWith(3, 'MONTHLY');
    const [fresh, stale, failed] = monthly.monitored;
    const schedule = scheduleWith(500);
    now = new Date('2026-11-30T23:00:00Z'); // Every November slot has come.
    const enrichedAt = (id: string, at: number, status = 'SUCCEEDED') =>
      t.db('integration.integration_tasks').insert({ job_id: `enrich-${randomUUID()}`, business_id: id, customer_id: monthly.customerId, provider: 'sandbox', status, created_at: new Date(at) });
    await enrichedAt(fresh, slot(fresh, 'MONTHLY') + 1); // Added after its slot: enriched this month already.
    await enrichedAt(stale, slot(stale, 'MONTHLY') - 1); // Enriched before its slot: due.
    await enrichedAt(failed, slot(failed, 'MONTHLY') + 1, 'FAILED');
    await schedule.tick();
    expect(queuedFor(monthly.monitored).map((q) => q.businessId).sort()).toEqual([stale, failed].sort());
    // December: the fresh business is due again at its slot.
    queued.splice(0);
    now = new Date('2026-12-31T23:00:00Z');
    await schedule.tick();
    expect(queuedFor(monthly.monitored).map((q) => q.jobId).sort()).toEqual(monthly.monitored.map((id) => `monitoring-2026-12-${id}`).sort());
  });

  it("falls back to MONTHLY for a customer that set no settings: one enrichment in the month", async () => {
    const unset = await customerWith(3);
    const schedule = scheduleWith(500);
    for (const at of ['2026-11-01T00:00:00Z', '2026-11-10T12:00:00Z', '2026-11-20T12:00:00Z', '2026-11-30T23:45:00Z', '2026-12-31T23:45:00Z']) {
      now = new Date(at);
      await schedule.tick();
    }
    const ids = unset.monitored;
    expect(queuedFor(ids).map((q) => q.jobId).sort()).toEqual([...ids.map((id) => `monitoring-2026-11-${id}`), ...ids.map((id) => `monitoring-2026-12-${id}`)].sort());
  });

  it('leaves the task PENDING when its job cannot be queued (the recovery sweep queues it), and does not record it twice', async () => {
    const daily = await customerWith(1, 'DAILY');
    const [id] = daily.monitored;
    now = new Date('2026-11-21T23:45:00Z');
    const down = createMonitoringSchedule({
      store: createPgMonitoringScheduleStore(t.db),
      businesses: createBusinessDirectory(t.db),
      settings: createMonitoringSettingsDirectory(t.db),
      enrichment: { add: async () => Promise.reject(new Error('Redis is down')) },
      providerName: 'sandbox',
      tickEveryMs: TICK,
      clock: () => now,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    expect((await down.tick()).queued).toBe(0);
    expect(await t.db('integration.integration_tasks').where({ business_id: id }).select('job_id', 'status')).toEqual([{ job_id: `monitoring-2026-11-21-${id}`, status: 'PENDING' }]);
    await scheduleWith(500).tick();
    expect(queuedFor([id])).toEqual([]);
    expect(await t.db('integration.integration_tasks').where({ business_id: id })).toHaveLength(1);
  });

  it('stops queueing a business once its monitoring is switched off', async () => {
    const daily = await customerWith(1, 'DAILY');
    const [id] = daily.monitored;
    await t.business({ id, customerId: daily.customerId, name: 'Watched Co', isMonitoringEnabled: false });
    now = new Date('2026-11-22T23:45:00Z');
    await scheduleWith(500).tick();
    expect(queuedFor([id])).toEqual([]);
  });
});

/* The area's wiring: the tick's cron, and a due business enriched on the normal path (announced to the score area). */
describe('the monitoring schedule in the integration area', () => {
  let t: IntegrationTestApp;
  let ticks: Producer<Record<string, never>>;
  let announcements: Producer<{ businessId: string; taskId: string }>;

  beforeAll(async () => {
    t = await startIntegrationTestApp({ monitoringTickMinutes: 15 });
    ticks = createProducer(monitoringTickQueue, { connection: t.redis, prefix: t.redisPrefix });
    announcements = createProducer(enrichmentCompletedQueue, { connection: t.redis, prefix: t.redisPrefix });
  });
  afterAll(async () => {
    await Promise.all([ticks.close(), announcements.close()]);
    await t.close();
  });

  it('schedules a tick every 15 minutes, and a tick enriches a due business through the enrichment queue, announced once', async () => {
    expect(await ticks.queue.getJobSchedulers()).toEqual([expect.objectContaining({ key: 'monitoring-tick', pattern: '*/15 * * * *', tz: 'UTC' })]);
    const customerId = randomUUID();
    const id = randomUUID();
    await (await createMonitoringSettingsStandIn(t.db)).put(customerId, { frequency: 'DAILY', scoreChangeAlertPoints: 50 });
    await t.business({ id, customerId, name: 'Watched Diner', isMonitoringEnabled: true });
    t.clock.set(new Date('2026-11-24T23:50:00Z'));
    try {
      const job = await ticks.add({}, { jobId: 'tick-1' });
      await eventually(async () => ((await ticks.queue.getJob(job.id!))?.finishedOn ? true : undefined));
      const task = await eventually(async () => {
        const row = await t.db('integration.integration_tasks').where({ business_id: id, status: 'SUCCEEDED' }).first();
        return row ?? undefined;
      });
      expect(task.job_id).toBe(`monitoring-2026-11-24-${id}`);
      expect(await t.db('integration.public_records').where({ business_id: id })).toHaveLength(1);
      const announced = await eventually(async () => (await announcements.queue.getJob(`enriched-${task.id}`)) ?? undefined);
      expect(announced.data).toEqual({ businessId: id, taskId: task.id });
    } finally {
      t.clock.set(undefined);
    }
  });
});
