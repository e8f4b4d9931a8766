import { randomBytes, randomUUID } from 'node:crypto';
import { startAreaHarness, type AreaHarness } from '@kyb/area-testing';
import { createBusinessDirectoryStandIn, createCaseDecisionDirectoryStandIn, createDataKeyStandIn, createIntegrationDirectoryStandIn, createMatchScreeningDirectoryStandIn, createScoreDirectoryStandIn, createVerificationDirectoryStandIn, createWatchlistHitDirectoryStandIn } from '@kyb/area-views/testing';
import { eventually, queryPlanOf } from '@kyb/testing';
import { createReportArea, type ReportArea } from '../area';
import { reportMigrations } from '../migrations';
import type { ReportData } from '../pdf/report-data';
import { renderBusinessReport } from '../pdf/render-business-report';
import { createReportSources } from '../reports/report-data.loader';
import { createReportProcessor } from '../reports/report.processor';
import { createPgReportStore } from '../reports/reports.store';
import { createPgReportStorage } from '../storage/report-storage';
import { reportEvent, reportEventsOf } from '../test-support/report-outbox';
import { createPgReportRecoveryStore } from './report-recovery.store';

const longAgo = () => new Date(Date.now() - 10 * 60_000);

describe('the report recovery sweep (Redis came back empty; PostgreSQL still knows the work)', () => {
  let h: AreaHarness;
  let area: ReportArea;
  let businesses: Awaited<ReturnType<typeof createBusinessDirectoryStandIn>>;
  const rendered: string[] = [];
  const render = async (data: ReportData) => {
    rendered.push(data.reportId);
    return renderBusinessReport(data);
  };
  const customerId = randomUUID();

  beforeAll(async () => {
    h = await startAreaHarness([reportMigrations], 'report-recovery');
    await createDataKeyStandIn(h.db);
    businesses = await createBusinessDirectoryStandIn(h.db);
    await createIntegrationDirectoryStandIn(h.db);
    await createScoreDirectoryStandIn(h.db);
    await createVerificationDirectoryStandIn(h.db);
    await createWatchlistHitDirectoryStandIn(h.db);
    await createMatchScreeningDirectoryStandIn(h.db);
    await createCaseDecisionDirectoryStandIn(h.db);
    area = createReportArea({
      db: h.db,
      redis: h.redis,
      redisPrefix: h.redisPrefix,
      logger: h.logger,
      tokens: h.tokens,
      dataEncryptionKey: randomBytes(32),
      publicAppUrl: 'http://reports.test',
      render,
      clock: h.clock.now,
      recovery: { sweepEveryMs: 3_600_000, stuckAfterMs: 60_000, maxRecoveries: 2 },
    });
    await area.startWorkers(h.workerConnection);
  });
  afterAll(() => h.close(() => area.stop()));

  async function report(fields: object): Promise<string> {
    const businessId = randomUUID();
    await businesses.put({ id: businessId, customerId, name: 'Report Co' });
    const [{ id }] = await h.db('reports.reports')
      .insert({
        report_type_id: 1, customer_id: customerId, business_id: businessId, created_by: customerId, triggered_by: 'CUSTOMER', triggered_id: customerId,
        created_at: longAgo(), updated_at: longAgo(), ...fields,
      })
      .returning('id');
    return id;
  }
  const row = (id: string) => h.db('reports.reports').where({ id }).first();
  const ended = (id: string) => eventually(async () => ((await row(id)).status === 'COMPLETED' || (await row(id)).status === 'FAILED' ? row(id) : undefined));

  it('reads stuck reports through their partial index', async () => {
    const store = createPgReportRecoveryStore(h.db);
    expect(await queryPlanOf(h.db, () => store.stuckReports({ cutoff: new Date(), now: new Date(), afterId: null, limit: 500 }))).toContain('reports_open');
  });

  it('renders a report left REQUESTED with no job, and one left IN_PROGRESS by a worker that died, each once', async () => {
    const requested = await report({ status: 'REQUESTED' });
    const orphaned = await report({ status: 'IN_PROGRESS', lease_owner: randomUUID(), lease_expires_at: new Date(Date.now() - 1000), attempts: 1 });
    expect(await area.recovery.sweep()).toEqual({ reports: { requeued: 2, live: 0, failed: 0 } });
    expect(await ended(requested)).toMatchObject({ status: 'COMPLETED', recoveries: 1, file_path: `reports/${requested}.pdf` });
    expect(await ended(orphaned)).toMatchObject({ status: 'COMPLETED', recoveries: 1, attempts: 2 });
    expect(await area.recovery.sweep()).toMatchObject({ reports: { requeued: 0, live: 0 } });
    expect(rendered.filter((id) => id === requested || id === orphaned).sort()).toEqual([requested, orphaned].sort());
    for (const id of [requested, orphaned]) expect(await reportEventsOf(h.db, id)).toEqual([reportEvent('report.completed', await row(id))]);
  });

  it('leaves a report whose worker still holds its lease, and fails one recovered too often with the reason in its log', async () => {
    const held = await report({ status: 'IN_PROGRESS', lease_owner: randomUUID(), lease_expires_at: new Date(Date.now() + 60_000) });
    const given = await report({ status: 'REQUESTED', recoveries: 2 });
    expect(await area.recovery.sweep()).toMatchObject({ reports: { requeued: 0, failed: 1 } });
    expect(await row(held)).toMatchObject({ status: 'IN_PROGRESS', recoveries: 0 });
    expect(await row(given)).toMatchObject({ status: 'FAILED', log: 'Gave up after 2 recoveries: its job was lost, or its worker stopped, each time.' });
    expect(rendered).not.toContain(given);
    // Given up on by the sweep: report.failed, never completed; the report still held announces nothing.
    expect(await reportEventsOf(h.db, given)).toEqual([reportEvent('report.failed', await row(given))]);
    expect(await reportEventsOf(h.db, held)).toEqual([]);
  });

  it('processed twice, a report renders once', async () => {
    const id = await report({ status: 'REQUESTED', updated_at: new Date() });
    const processReport = createReportProcessor({
      store: createPgReportStore(h.db),
      storage: createPgReportStorage(h.db),
      sources: createReportSources(h.db),
      render,
      clock: () => new Date(),
      logger: h.logger,
      leaseMs: 60_000,
    });
    expect(await processReport(id, { made: 0, allowed: 3 })).toEqual({ outcome: 'completed' });
    expect(await processReport(id, { made: 0, allowed: 3 })).toEqual({ outcome: 'ended' });
    expect(rendered.filter((r) => r === id)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'COMPLETED', attempts: 1 });
    expect((await reportEventsOf(h.db, id)).map((e) => e.type)).toEqual(['report.completed']);
  });
});
