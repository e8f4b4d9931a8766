import { randomUUID } from 'node:crypto';
import { createPgReportRecoveryStore } from '../recovery/report-recovery.store';
import { reportEvent, reportEventsOf } from '../test-support/report-outbox';
import { startReportTestApp, type ReportTestApp } from '../test-support/report-test-app';
import { createPgReportStore, type ReportStore } from './reports.store';

/** report.completed and report.failed (issue 11): written with the report's end, in its transaction, once. */
describe('report events', () => {
  let t: ReportTestApp;
  let store: ReportStore;
  const customerId = randomUUID();
  const at = () => new Date();
  const lease = () => new Date(Date.now() + 60_000);

  beforeAll(async () => {
    t = await startReportTestApp({ workers: false });
    store = createPgReportStore(t.db);
  });
  afterAll(() => t.close());

  const requested = () => store.create({ customerId, businessId: randomUUID(), createdBy: randomUUID(), triggeredBy: 'CUSTOMER', at: at() });
  const row = (id: string) => t.db('reports.reports').where({ id }).first();

  it('a report completes once and announces it once: a second completion, or a failure after it, writes nothing', async () => {
    const report = await requested();
    const owner = randomUUID();
    await store.claim(report.id, owner, at(), lease());
    expect(await store.complete(report.id, owner, 'reports/x.pdf', at())).toBe(true);
    expect(await store.complete(report.id, owner, 'reports/x.pdf', at())).toBe(false);
    await store.fail(report.id, owner, 'too late', at());
    await createPgReportRecoveryStore(t.db).fail(report.id, 'given up', new Date(Date.now() + 120_000));
    expect(await row(report.id)).toMatchObject({ status: 'COMPLETED' });
    expect(await reportEventsOf(t.db, report.id)).toEqual([reportEvent('report.completed', report)]);
    const same = await t.db.raw(`select r.xmin = xid(e.tx) as same from reports.outbox_events e join reports.reports r on r.id::text = e.data->>'report_id' where r.id = ?`, [
      report.id,
    ]);
    expect(same.rows).toEqual([{ same: true }]);
  });

  it('a worker whose lease was taken over announces nothing; the worker holding it does', async () => {
    const report = await requested();
    const first = randomUUID();
    const second = randomUUID();
    await store.claim(report.id, first, at(), new Date(Date.now() - 1));
    await store.claim(report.id, second, at(), lease());
    expect(await store.complete(report.id, first, 'reports/x.pdf', at())).toBe(false);
    await store.fail(report.id, first, 'lost the lease', at());
    expect(await reportEventsOf(t.db, report.id)).toEqual([]);
    await store.fail(report.id, second, 'failed for good', at());
    expect(await row(report.id)).toMatchObject({ status: 'FAILED', log: 'failed for good' });
    expect(await reportEventsOf(t.db, report.id)).toEqual([reportEvent('report.failed', report)]);
  });

  it('writes the event in the transaction of the end: when it cannot be written, the report is not ended either', async () => {
    const report = await requested();
    const failing = await requested();
    const owner = randomUUID();
    await store.claim(report.id, owner, at(), lease());
    await t.db.raw('alter table reports.outbox_events rename to outbox_events_away');
    try {
      await expect(store.complete(report.id, owner, 'reports/x.pdf', at())).rejects.toThrow(/outbox_events/);
      await expect(createPgReportRecoveryStore(t.db).fail(failing.id, 'given up', at())).rejects.toThrow(/outbox_events/);
    } finally {
      await t.db.raw('alter table reports.outbox_events_away rename to outbox_events');
    }
    expect(await row(report.id)).toMatchObject({ status: 'IN_PROGRESS', lease_owner: owner, file_path: null });
    expect(await row(failing.id)).toMatchObject({ status: 'REQUESTED' });
    expect(await store.complete(report.id, owner, 'reports/x.pdf', at())).toBe(true);
    expect(await reportEventsOf(t.db, report.id)).toEqual([reportEvent('report.completed', report)]);
    expect(await reportEventsOf(t.db, failing.id)).toEqual([]);
  });
});
