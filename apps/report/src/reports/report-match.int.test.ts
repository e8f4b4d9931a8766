import { randomUUID } from 'node:crypto';
import { NO_MATCH_SCREENING_MESSAGE } from '../pdf/match-section';
import { reportableBusiness } from '../test-support/report-sources';
import { startRenderingReportTestApp, type RenderingReportTestApp } from '../test-support/rendered-reports';

/** The worker reads the business's newest MATCH screening through the integration area's MATCH screening directory, for the business's own tenant. */
describe('the report shows the MATCH screening', () => {
  let t: RenderingReportTestApp;
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startRenderingReportTestApp(customerId);
  });
  afterAll(() => t.close());

  it('prints the result, when and by which provider, and the matched merchant with its reason', async () => {
    const id = await reportableBusiness(t, customerId, 'Terminated Tile Works');
    const screeningId = randomUUID();
    await t.match.put({
      id: screeningId,
      businessId: id,
      customerId,
      status: 'COMPLETED',
      result: 'Match',
      provider: 'match-pro',
      createdAt: new Date('2026-12-06T09:00:00.000Z'),
      completedAt: new Date('2026-12-06T09:04:00.000Z'),
      matchedMerchants: [
        {
          name: 'TERMINATED TILE WORKS',
          reasonCode: '13',
          reason: 'Illegal transactions',
          terminatedOn: '2020-02-03',
          addedByIca: '1996',
          comparisons: { name: 'EXACT', doingBusinessAs: 'NONE', address: 'EXACT', phone: 'NONE', url: 'NONE' },
        },
      ],
    });
    const { data, text } = await t.reportOf(id);
    expect(data.match?.screening).toMatchObject({ id: screeningId, status: 'COMPLETED', result: 'Match', provider: 'match-pro' });
    expect(text).toContain('MATCH screening');
    expect(text).toContain('Result Match Provider match-pro Requested 2026-12-06T09:00:00Z Completed 2026-12-06T09:04:00Z');
    expect(text).toContain(`Screening ID ${screeningId}`);
    expect(text).toContain('Matched merchant 1: TERMINATED TILE WORKS Reason listed 13: Illegal transactions Terminated 2020-02-03');
    expect(text).toContain('Matched on name (exact), address (exact)');
  });

  it("says no screening was run when there is none, and never shows another tenant's screening of the business", async () => {
    const id = await reportableBusiness(t, customerId);
    await t.match.put({ businessId: id, customerId: randomUUID(), status: 'COMPLETED', result: 'Match', provider: 'another-tenants-provider' });
    const { data, text } = await t.reportOf(id);
    expect(data.match).toEqual({ screening: null });
    expect(text).toContain(NO_MATCH_SCREENING_MESSAGE);
    expect(text).not.toContain('another-tenants-provider');
  });
});
