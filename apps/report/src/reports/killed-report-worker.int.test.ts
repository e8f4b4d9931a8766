import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import request from 'supertest';
import { createLogger } from '@kyb/http';
import { createRedisConnection, type Redis } from '@kyb/queues';
import { bundleScript, databaseUrlOf, eventually, type BundledScript } from '@kyb/testing';
import type { ReportData } from '../pdf/report-data';
import { createPgReportStorage } from '../storage/report-storage';
import { createReportSources } from './report-data.loader';
import { createReportProcessor } from './report.processor';
import { createPgReportStore } from './reports.store';
import { reportableBusiness } from '../test-support/report-sources';
import { startReportTestApp, type ReportTestApp } from '../test-support/report-test-app';


describe('a report renders exactly once', () => {
  let t: ReportTestApp;
  const connections: Redis[] = [];
  const customerId = randomUUID();
  let renders = 0;
  let script: BundledScript;

  beforeAll(async () => {
    script = bundleScript(join(__dirname, '../test-support/report-worker.child.ts'));
    const { renderBusinessReport } = await import('../pdf/render-business-report');
    t = await startReportTestApp({
      workers: false,
      leaseMs: 1000,
      render: async (data) => {
        renders += 1;
        return renderBusinessReport(data);
      },
    });
  });
  afterAll(async () => {
    await t.close();
    for (const c of connections) c.disconnect();
    script.remove();
  });

  const generate = async (businessId: string) =>
    (
      await request(t.app)
        .post(`/report/api/v1/reports/customers/${customerId}/businesses/${businessId}`)
        .set('Authorization', `Bearer ${t.keys.tokenFor({ role: 'CUSTOMER', customerId })}`)
        .expect(200)
    ).body.data.report_id as string;

  /** A report processor on the test database whose renders wait for `gate`, counted in `renders.count`. */
  const heldProcessor = (gate: Promise<void>, renders: { count: number }, pdf: string) =>
    createReportProcessor({
      store: createPgReportStore(t.db),
      storage: createPgReportStorage(t.db),
      sources: createReportSources(t.db),
      render: async (_data: ReportData) => {
        renders.count += 1;
        await gate;
        return Buffer.from(pdf);
      },
      clock: () => new Date(),
      logger: createLogger({ level: 'silent', name: 'held' }),
      leaseMs: 60_000,
    });

  it('a render whose report an erasure ended FAILED while it ran stores nothing and leaves no file behind (docs/adr/0043)', async () => {
    const businessId = await reportableBusiness(t, customerId);
    const reportId = await generate(businessId);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const renders = { count: 0 };
    const storage = createPgReportStorage(t.db);
    const processor = heldProcessor(gate, renders, '%PDF-1.7 naming the owner');
    const running = processor(reportId, { made: 0, allowed: 3 });
    await eventually(async () => (renders.count === 1 ? true : undefined));
    // The erasure (reports.erase_owner / erase_customer) ends the report while its PDF is being rendered.
    await t.db('reports.reports').where({ id: reportId }).update({ status: 'FAILED', log: 'erased', file_path: null });
    release();
    expect(await running).toEqual({ outcome: 'ended' });
    expect(await storage.get(`reports/${reportId}.pdf`)).toBeUndefined();
    expect(await t.db('reports.reports').where({ id: reportId }).first('status', 'file_path')).toEqual({ status: 'FAILED', file_path: null });
  });

  it('when two workers take the same report at once, one renders and the other waits', async () => {
    const businessId = await reportableBusiness(t, customerId);
    const reportId = await generate(businessId);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const renders = { count: 0 };
    const processor = () => heldProcessor(gate, renders, '%PDF-1.7 test');
    const first = processor()(reportId, { made: 0, allowed: 3 });
    await eventually(async () => (renders.count === 1 ? true : undefined));
    const second = await processor()(reportId, { made: 0, allowed: 3 });
    expect(second).toMatchObject({ outcome: 'busy' });
    release();
    expect(await first).toEqual({ outcome: 'completed' });
    expect(await processor()(reportId, { made: 0, allowed: 3 })).toEqual({ outcome: 'ended' });
    expect(renders.count).toBe(1);
  });

  it('a worker killed mid-render: another takes over once its lease lapses, and the report completes once', async () => {
    const businessId = await reportableBusiness(t, customerId);
    const child = script.start({ DATABASE_URL: await databaseUrlOf(t.db), REDIS_URL: t.redisUrl, REDIS_PREFIX: t.redisPrefix });
    const rendering = child.printed('rendering');
    const reportId = await generate(businessId);
    await rendering;
    expect((await t.db('reports.reports').where({ id: reportId }).first()).status).toBe('IN_PROGRESS');
    await child.kill();

    const connection = createRedisConnection(t.redisUrl, 'worker');
    connections.push(connection);
    await t.area.startWorkers(connection, { lockDuration: 1000, stalledInterval: 300 });
    const row = await eventually(async () => {
      const r = await t.db('reports.reports').where({ id: reportId }).first();
      return r.status === 'COMPLETED' ? r : undefined;
    });
    expect(row).toMatchObject({ attempts: 2, file_path: `reports/${reportId}.pdf`, log: null });
    expect(renders).toBe(1);
    expect(await t.db('reports.report_files').where({ path: `reports/${reportId}.pdf` })).toHaveLength(1);
  });
});
