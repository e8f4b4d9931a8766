import request from 'supertest';
import { eventually, extractPdfText } from '@kyb/testing';
import type { ReportData } from '../pdf/report-data';
import { startReportTestApp, type ReportTestApp } from './report-test-app';

/** What the worker rendered for a report: the data it read and the PDF's text, whitespace folded. */
export interface RenderedReport {
  data: ReportData;
  text: string;
}

/** The report app whose worker renders real PDFs, and a way to ask for one business's report and read it. */
export interface RenderingReportTestApp extends ReportTestApp {
  /** Asks for the business's report as its customer, waits until it is COMPLETED, and answers what was rendered. */
  reportOf(businessId: string): Promise<RenderedReport>;
}

/**
 * Starts the report app for a test file that checks what a report shows for `customerId`'s
 * businesses: every render is real and kept by business. Call in `beforeAll`; `close()` in `afterAll`.
 */
export async function startRenderingReportTestApp(customerId: string): Promise<RenderingReportTestApp> {
  const { renderBusinessReport } = await import('../pdf/render-business-report');
  const rendered = new Map<string, { data: ReportData; pdf: Buffer }>();
  const t = await startReportTestApp({
    render: async (data) => {
      const pdf = await renderBusinessReport(data);
      rendered.set(data.business.id, { data, pdf });
      return pdf;
    },
  });
  const token = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
  return {
    ...t,
    async reportOf(businessId) {
      const res = await request(t.app).post(`/report/api/v1/reports/customers/${customerId}/businesses/${businessId}`).set('Authorization', `Bearer ${token}`).expect(200);
      const reportId = res.body.data.report_id as string;
      await eventually(async () => ((await t.db('reports.reports').where({ id: reportId, status: 'COMPLETED' }).first()) ? true : undefined));
      const done = rendered.get(businessId);
      if (!done) throw new Error('not rendered');
      return { data: done.data, text: (await extractPdfText(done.pdf)).text.replace(/\s+/g, ' ') };
    },
  };
}
