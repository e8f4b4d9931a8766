import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { merchantCategoryCode, naicsCode } from '@kyb/industry-codes';
import { BUSINESS_DIRECTORY_VIEW } from '@kyb/area-views';
import type { ReportData } from '../pdf/report-data';
import { eventually, extractPdfText } from '@kyb/testing';
import { NEVER_VERIFIED_MESSAGE } from '../pdf/verification-section';
import { reportableBusiness } from '../test-support/report-sources';
import { startReportTestApp, type ReportTestApp } from '../test-support/report-test-app';

/** The worker reads the status, the checks and the classification through the integration area's views. */
describe('the report shows the verification and the classification', () => {
  let t: ReportTestApp;
  const customerId = randomUUID();
  let owner: string;
  const rendered = new Map<string, { data: ReportData; pdf: Buffer }>();

  beforeAll(async () => {
    const { renderBusinessReport } = await import('../pdf/render-business-report');
    t = await startReportTestApp({
      render: async (data) => {
        const pdf = await renderBusinessReport(data);
        rendered.set(data.business.id, { data, pdf });
        return pdf;
      },
    });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
  });
  afterAll(() => t.close());

  async function reportOf(businessId: string) {
    const res = await request(t.app).post(`/report/api/v1/reports/customers/${customerId}/businesses/${businessId}`).set('Authorization', `Bearer ${owner}`).expect(200);
    const reportId = res.body.data.report_id as string;
    await eventually(async () => ((await t.db('reports.reports').where({ id: reportId, status: 'COMPLETED' }).first()) ? true : undefined));
    const done = rendered.get(businessId);
    if (!done) throw new Error('not rendered');
    return { data: done.data, text: (await extractPdfText(done.pdf)).text };
  }

  it("prints the verification with every check, the client's NAICS code and the provider's MCC", async () => {
    const id = await reportableBusiness(t, customerId);
    await t.db(BUSINESS_DIRECTORY_VIEW).where({ id }).update({ naics_code: '621210' });
    await t.verification.putVerification({
      businessId: id,
      status: 'VERIFIED',
      verifiedAt: new Date('2026-11-20T08:00:00.000Z'),
      statusChangedAt: new Date('2026-11-19T08:00:00.000Z'),
      checks: [
        { code: 'TIN_MATCH', result: 'PASS', reason: 'The TIN matches the legal name' },
        { code: 'SOS_FILING', result: 'PASS', reason: 'Active filing in FL' },
        { code: 'ADDRESS', result: 'FAIL', reason: 'The address is not deliverable' },
        { code: 'OFFICERS', result: 'UNAVAILABLE', reason: 'The filing lists no officers' },
      ],
    });
    await t.verification.putClassification({ businessId: id, naicsCode: '541511', mccCode: '8021', provider: 'sandbox' });
    const { data, text } = await reportOf(id);
    expect(data.verification).toMatchObject({ status: 'VERIFIED', checks: expect.arrayContaining([expect.objectContaining({ code: 'ADDRESS', result: 'FAIL' })]) });
    expect(data.classification).toMatchObject({ naics: { code: '621210', source: 'client' }, mcc: { code: '8021', source: 'provider' }, provider: 'sandbox' });
    expect(text).toMatch(/Status\s+VERIFIED/);
    expect(text).toMatch(/Verification status\s+VERIFIED/);
    expect(text).toMatch(/Verified\s+2026-11-20T08:00:00Z/);
    expect(text).toMatch(/Status since\s+2026-11-19T08:00:00Z/);
    expect(text).toMatch(/TIN matches the legal name\s+PASS\s+The TIN matches the legal name/);
    expect(text).toMatch(/Deliverable address\s+FAIL\s+The address is not deliverable/);
    expect(text).toMatch(/Owners match the officers\s+UNAVAILABLE\s+The filing lists no officers/);
    expect(text).toContain(`621210 ${naicsCode('621210')?.title}`);
    expect(text).toContain(`8021 ${merchantCategoryCode('8021')?.title}`);
    expect(text).toMatch(/Industry\s+Health Care and Social Assistance/);
    expect(text).toMatch(/MCC source\s+Provider \(sandbox\)/);
  });

  it('prints UNVERIFIED and says so for a business never verified nor classified', async () => {
    const id = await reportableBusiness(t, customerId);
    const { data, text } = await reportOf(id);
    expect(data).toMatchObject({ verification: null, classification: null });
    expect(text).toMatch(/Status\s+UNVERIFIED/);
    expect(text).toContain(NEVER_VERIFIED_MESSAGE);
  });
});
