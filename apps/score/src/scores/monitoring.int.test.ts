import { randomUUID } from 'node:crypto';
import { createProducer, scoreMonitoringQueue, type Producer } from '@kyb/queues';
import { statement, summary } from '../test-support/score-fixtures';
import { eventually } from '@kyb/testing';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';


describe('monthly scores of monitored businesses', () => {
  let t: ScoreTestApp;
  let monitoring: Producer<{ scheduledFor?: string }>;

  beforeAll(async () => {
    t = await startScoreTestApp({ monitoringCron: '0 3 1 * *' });
    monitoring = createProducer(scoreMonitoringQueue, { connection: t.redis, prefix: t.redisPrefix });
  });
  afterAll(async () => {
    await monitoring.close();
    await t.close();
  });

  it('schedules the monitoring run as a repeatable job on the configured cron', async () => {
    const schedulers = await monitoring.queue.getJobSchedulers();
    expect(schedulers).toEqual([expect.objectContaining({ key: 'monthly-monitoring', pattern: '0 3 1 * *', tz: 'UTC' })]);
  });

  it('scores every monitored business once a month, however often the run is repeated; others are left alone', async () => {
    const customerId = randomUUID();
    const monitored = [randomUUID(), randomUUID()];
    const unmonitored = randomUUID();
    for (const id of [...monitored, unmonitored]) {
      await t.business({ id, customerId, isMonitoringEnabled: id !== unmonitored });
      await t.integration.put(id, {
        publicRecords: { taskId: randomUUID(), platformId: 100, summary: summary() },
        bjl: [],
        financials: { statements: [statement(2025)], creditBureau: { score: 70, delinquentAccounts: 0 } },
      });
    }
    t.clock.set(new Date('2026-06-01T03:00:00Z'));
    try {
      for (const run of ['june-a', 'june-b']) {
        const job = await monitoring.add({}, { jobId: run });
        await eventually(async () => ((await monitoring.queue.getJob(job.id!))?.finishedOn ? true : undefined));
      }
      const scores = () => t.db('scores.scores').whereIn('business_id', [...monitored, unmonitored]).where({ trigger: 'MONITORING' });
      await eventually(async () => ((await scores()).filter((s) => s.status === 'SUCCESS').length === 2 ? true : undefined));
      const rows = await scores();
      expect(rows.map((r) => r.business_id).sort()).toEqual([...monitored].sort());
      expect(rows.every((r) => r.year === 2026 && r.month === 6 && r.source_key.startsWith('monitoring:2026-06:'))).toBe(true);

      t.clock.set(new Date('2026-07-01T03:00:00Z'));
      const july = await monitoring.add({}, { jobId: 'july' });
      await eventually(async () => ((await monitoring.queue.getJob(july.id!))?.finishedOn ? true : undefined));
      expect(await scores()).toHaveLength(4);
    } finally {
      t.clock.set(undefined);
    }
  });
});
