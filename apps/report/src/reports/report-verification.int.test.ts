import { randomUUID } from 'node:crypto';
import { merchantCategoryCode, naicsCode } from '@kyb/industry-codes';
import { BUSINESS_DIRECTORY_VIEW } from '@kyb/area-views';
import { NEVER_VERIFIED_MESSAGE } from '../pdf/verification-section';
import { reportableBusiness } from '../test-support/report-sources';
import { startRenderingReportTestApp, type RenderingReportTestApp } from '../test-support/rendered-reports';

/** The worker reads the status, the checks and the classification through the integration area's views. */
describe('the report shows the verification and the classification', () => {
  let t: RenderingReportTestApp;
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startRenderingReportTestApp(customerId);
  });
  afterAll(() => t.close());

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
    const { data, text } = await t.reportOf(id);
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
    const { data, text } = await t.reportOf(id);
    expect(data).toMatchObject({ verification: null, classification: null });
    expect(text).toMatch(/Status\s+UNVERIFIED/);
    expect(text).toContain(NEVER_VERIFIED_MESSAGE);
  });
});
