import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createProducer, reportQueue } from '@kyb/queues';
import { eventually, extractPdfText } from '@kyb/testing';
import { reportEvent, reportEventsOf } from '../test-support/report-outbox';
import { reportableBusiness } from '../test-support/report-sources';
import { startReportTestApp, type ReportTestApp } from '../test-support/report-test-app';


describe('the report worker and downloads', () => {
  let t: ReportTestApp;
  const customerId = randomUUID();
  let owner: string;
  let renders = 0;
  const failing = new Set<string>();

  beforeAll(async () => {
    const { renderBusinessReport } = await import('../pdf/render-business-report');
    t = await startReportTestApp({
      render: async (data) => {
        renders += 1;
        if (failing.has(data.business.id)) throw new Error('renderer crashed');
        return renderBusinessReport(data);
      },
    });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
  });
  afterAll(() => t.close());

  const generate = async (businessId: string) =>
    (await request(t.app).post(`/report/api/v1/reports/customers/${customerId}/businesses/${businessId}`).set('Authorization', `Bearer ${owner}`).expect(200)).body
      .data.report_id as string;
  const ended = (reportId: string) =>
    eventually(async () => {
      const row = await t.db('reports.reports').where({ id: reportId }).first();
      return row && ['COMPLETED', 'FAILED'].includes(row.status) ? row : undefined;
    });
  const download = (reportId: string) => request(t.app).post(`/report/api/v1/reports/${reportId}/download`).set('Authorization', `Bearer ${owner}`);

  it('renders REQUESTED -> COMPLETED with file_path, and the signed URL serves a PDF that shows the business, masked', async () => {
    const businessId = await reportableBusiness(t, customerId);
    const reportId = await generate(businessId);
    const row = await ended(reportId);
    expect(row).toMatchObject({ status: 'COMPLETED', file_path: `reports/${reportId}.pdf`, log: null, attempts: 1 });
    const events = await reportEventsOf(t.db, reportId);
    expect(events).toEqual([reportEvent('report.completed', { id: reportId, business_id: businessId, customer_id: customerId })]);
    expect(Object.keys(events[0].data).sort()).toEqual(['business_id', 'customer_id', 'report_id']);
    const res = await download(reportId).expect(200);
    expect(res.body.message).toBe('Report is ready to download');
    const url = new URL(res.body.data.pdf_url);
    expect(url.origin).toBe('http://reports.test');
    const file = await request(t.app).get(`${url.pathname}${url.search}`).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="business-report-${reportId}.pdf"`);
    const pdf = file.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractPdfText(pdf);
    for (const expected of [
      'Longwood Dental',
      'XXXXX6789',
      'XXXXX1234',
      'XXXXX9876',
      'Ann Lee',
      '710',
      'LOW',
      'APPROVE',
      'Public Records',
      'Credit Bureau',
      '2.2',
      // Read through the score area's views: the reason codes and monitoring's alerts.
      'R01 Active liens and judgements total USD 4,445 21.3',
      'HIGH OPEN New lien: A lien of USD 4,445 was filed on 2025-05-15',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/\b\d{9}\b/);
    // The link handed to the owner and the PDF served to the link's holder are both audited.
    const audited = await eventually(async () => {
      const mine = (await t.auditEntries()).filter((e) => e.target_id === reportId);
      return mine.length === 2 ? mine : undefined;
    });
    expect(audited.map((e) => [e.action, e.actor_role, e.request_id])).toEqual([
      ['report.download_link_issued', 'CUSTOMER', res.headers['x-request-id']],
      ['report.file_served', 'SIGNED_URL', file.headers['x-request-id']],
    ]);
    expect(audited[1]).toMatchObject({ customer_id: customerId, actor_id: null, details: { business_id: businessId, link_expires: Number(url.searchParams.get('expires')) } });
  });

  it('refuses the signed URL once it expired, and a URL signed for another report', async () => {
    const reportId = await generate(await reportableBusiness(t, customerId));
    await ended(reportId);
    const url = new URL((await download(reportId).expect(200)).body.data.pdf_url);
    const other = await generate(await reportableBusiness(t, customerId));
    await ended(other);
    await request(t.app).get(`/report/api/v1/reports/${other}/file${url.search}`).expect(403);
    t.clock.set(new Date(Date.now() + 301_000));
    try {
      expect((await request(t.app).get(`${url.pathname}${url.search}`).expect(403)).body.data.errorName).toBe('SignedUrlError');
    } finally {
      t.clock.set(undefined);
    }
  });

  it('retries a failing render, then FAILS the report with log saying why', async () => {
    const businessId = await reportableBusiness(t, customerId);
    failing.add(businessId);
    const reportId = await generate(businessId);
    const row = await eventually(async () => {
      const r = await t.db('reports.reports').where({ id: reportId }).first();
      return r.status === 'FAILED' ? r : undefined;
    }, 30000);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 3, log: 'The report could not be rendered because of an internal error.', file_path: null });
    // Two attempts given back for a retry announce nothing; the last one's failure announces report.failed, once.
    expect(await reportEventsOf(t.db, reportId)).toEqual([reportEvent('report.failed', { id: reportId, business_id: businessId, customer_id: customerId })]);
    expect((await request(t.app).get(`/report/api/v1/reports/${reportId}`).set('Authorization', `Bearer ${owner}`).expect(200)).body.data).toMatchObject({
      status: 'FAILED',
      log: 'The report could not be rendered because of an internal error.',
    });
    expect((await download(reportId).expect(200)).body.data.pdf_url).toBeNull();
  });

  it('FAILS at once, without rendering, when the business is gone', async () => {
    const [{ id: reportId }] = await t
      .db('reports.reports')
      .insert({ report_type_id: 1, customer_id: customerId, business_id: randomUUID(), created_by: randomUUID(), triggered_by: 'CUSTOMER', triggered_id: customerId })
      .returning('id');
    const jobs = createProducer(reportQueue, { connection: t.redis, prefix: t.redisPrefix });
    const before = renders;
    try {
      await jobs.add({ reportId }, { jobId: `report-${reportId}` });
      const row = await ended(reportId);
      expect(row).toMatchObject({ status: 'FAILED', log: 'The business no longer exists.', attempts: 1 });
      expect(renders).toBe(before);
      expect(await reportEventsOf(t.db, reportId)).toEqual([reportEvent('report.failed', row)]);
    } finally {
      await jobs.close();
    }
  });
});
