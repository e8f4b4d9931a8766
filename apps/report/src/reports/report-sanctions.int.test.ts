import { randomUUID } from 'node:crypto';
import { NO_SANCTIONS_HITS_MESSAGE } from '../pdf/sanctions-section';
import { reportableBusiness } from '../test-support/report-sources';
import { startRenderingReportTestApp, type RenderingReportTestApp } from '../test-support/rendered-reports';

/** The worker reads the business's sanctions hits through the integration area's hit directory, and owners' names through the case area's. */
describe('the report shows the sanctions hits', () => {
  let t: RenderingReportTestApp;
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startRenderingReportTestApp(customerId);
  });
  afterAll(() => t.close());

  it("prints the hits, confirmed first, an owner's with the owner's name, and never an erased owner's", async () => {
    const id = await reportableBusiness(t, customerId);
    const ownerId = randomUUID();
    const erasedId = randomUUID();
    await t.business({
      id,
      customerId,
      name: 'Longwood Dental',
      owners: [
        { id: ownerId, firstName: 'Ann', lastName: 'Sanctioned', ssnMasked: 'XXXXX1234', ownershipPercentage: 60 },
        { id: erasedId, firstName: '[erased]', lastName: '[erased]', ownerType: 'BENEFICIARY', ownershipPercentage: 40 },
      ],
    });
    await t.watchlist.put({
      businessId: id,
      customerId,
      subjectRole: 'legal_name',
      list: 'ofac-consolidated',
      listVersion: 'cons-2026-12-01',
      entryId: '29876',
      entryName: 'LONGWOOD DENTAL SUPPLIES FZE',
      programs: ['NS-PLC'],
      score: 0.8834,
      status: 'OPEN',
      reason: "Every word of 'Longwood Dental' matched the listed name 'LONGWOOD DENTAL SUPPLIES FZE'.",
    });
    await t.watchlist.put({
      businessId: id,
      customerId,
      subjectRole: 'owner',
      subjectRef: ownerId,
      list: 'sandbox',
      listVersion: 'sandbox-1',
      entryId: 'SBX-P-ANN-SANCTIONED',
      entryName: 'ANN SANCTIONED',
      entryType: 'individual',
      programs: ['SANDBOX'],
      matchedName: 'ANN SANCTIONED',
      score: 1,
      status: 'CONFIRMED',
      reviewedAt: new Date('2026-12-06T12:00:00.000Z'),
      reason: "'Ann Sanctioned' is on the sandbox's list because its name has the word 'Sanctioned' (the sandbox's sanctions trigger); every word matched exactly.",
    });
    // Read between the owner's erasure and the deletion of its hits: quotes the erased name.
    await t.watchlist.put({ businessId: id, customerId, subjectRole: 'owner', subjectRef: erasedId, list: 'sandbox', entryId: 'SBX-P-ZED-SANCTIONED', entryName: 'ZED SANCTIONED', reason: "'Zed Sanctioned' is listed" });
    await t.watchlist.put({ businessId: randomUUID(), customerId, entryName: 'ANOTHER BUSINESS ON THE LIST' });

    const { data, text } = await t.reportOf(id);
    expect(data.sanctions).toMatchObject({ confirmedCount: 1, openCount: 1, erasedOwnerHits: 1 });
    expect(data.sanctions?.hits.map((h) => [h.status, h.subject])).toEqual([
      ['CONFIRMED', { role: 'owner', name: 'Ann Sanctioned' }],
      ['OPEN', { role: 'legal_name', name: 'Longwood Dental' }],
    ]);
    expect(text).toMatch(/Sanctions screening .*Hit 1: CONFIRMED, score 100% Whose name Owner: Ann Sanctioned Status CONFIRMED List sandbox Version sandbox-1/);
    expect(text).toContain('Entry ANN SANCTIONED (individual) Entry ID SBX-P-ANN-SANCTIONED Programs SANDBOX Score 100%');
    expect(text).toContain('Reviewed 2026-12-06T12:00:00Z');
    expect(text).toMatch(/Hit 2: OPEN \(to review\), score 88\.3% Whose name Legal name: Longwood Dental Status OPEN \(to review\) List ofac-consolidated Version cons-2026-12-01/);
    expect(text).toContain('Programs NS-PLC Score 88.3%');
    expect(text).toContain('1 hit on an owner whose personal data was erased is not shown.');
    expect(text).not.toMatch(/Zed|ZED/);
    expect(text).not.toContain('ANOTHER BUSINESS');
  });

  it('says "No sanctions hits" for a business without any', async () => {
    const id = await reportableBusiness(t, customerId);
    const { data, text } = await t.reportOf(id);
    expect(data.sanctions).toEqual({ hits: [], confirmedCount: 0, openCount: 0, erasedOwnerHits: 0 });
    expect(text).toContain('Sanctions screening');
    expect(text).toContain(NO_SANCTIONS_HITS_MESSAGE);
  });
});
