import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { insertBusiness, readBusinessData, startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/* E9 and the list read status and classification beside the business (issue 13). */
describe('E9 verification status and classification', () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  let token: string;

  beforeAll(async () => {
    t = await startCaseTestApp({ workers: false });
    token = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['businesses:read'] });
  });
  afterAll(() => t.close());

  const get = (id: string) => readBusinessData(t.app, token, id);
  const classification = (b: Record<string, unknown>) => {
    const { status, naics_code, naics_title, mcc_code, mcc_title, industry } = b as { industry: { id: string; sector_code: string } | null } & Record<string, unknown>;
    return { status, naics_code, naics_title, mcc_code, mcc_title, industry: industry && [industry.id, industry.sector_code] };
  };

  it('shows UNVERIFIED and no classification while nothing is known', async () => {
    const id = await insertBusiness(t.db, { customerId });
    expect(await get(id)).toMatchObject({
      status: 'UNVERIFIED',
      industry: null,
      naics_id: null,
      naics_code: null,
      naics_title: null,
      mcc_id: null,
      mcc_code: null,
      mcc_title: null,
    });
  });

  it("shows the latest verification's status, back to UNVERIFIED when it changes", async () => {
    const id = await insertBusiness(t.db, { customerId });
    await t.verify({ businessId: id, status: 'VERIFIED' });
    expect((await get(id)).status).toBe('VERIFIED');
    await t.verify({ businessId: id, status: 'UNVERIFIED' });
    expect((await get(id)).status).toBe('UNVERIFIED');
  });

  it("shows the provider's classification when the client gave none, with titles, ids and the sector as industry", async () => {
    const id = await insertBusiness(t.db, { customerId });
    await t.classify({ businessId: id, naicsCode: '621210', mccCode: '8021', provider: 'sandbox' });
    const business = await get(id);
    expect(classification(business)).toEqual({
      status: 'UNVERIFIED',
      naics_code: '621210',
      naics_title: 'Offices of Dentists',
      mcc_code: '8021',
      mcc_title: 'Dentists and Orthodontists',
      industry: ['16', '62'],
    });
    const [naics, mcc] = await Promise.all([
      t.db('cases.naics_codes').where({ code: '621210' }).first(),
      t.db('cases.mcc_codes').where({ code: '8021' }).first(),
    ]);
    expect([business.naics_id, business.mcc_id]).toEqual([String(naics.id), String(mcc.id)]);
  });

  it("never lets a provider's classification replace the client's codes or industry", async () => {
    const id = await insertBusiness(t.db, { customerId, naicsCode: '722511', mccCode: '5812', industryId: 18 });
    await t.classify({ businessId: id, naicsCode: '621210', mccCode: '8021' });
    expect(classification(await get(id))).toEqual({
      status: 'UNVERIFIED',
      naics_code: '722511',
      naics_title: 'Full-Service Restaurants',
      mcc_code: '5812',
      mcc_title: 'Eating places and Restaurants',
      industry: ['18', '72'],
    });
  });

  it("fills only what the client left out: the client's MCC stays, NAICS and industry come from the provider", async () => {
    const id = await insertBusiness(t.db, { customerId, mccCode: '0742' });
    await t.classify({ businessId: id, naicsCode: '541940', mccCode: '5999' });
    expect(classification(await get(id))).toMatchObject({ naics_code: '541940', mcc_code: '0742', mcc_title: 'Veterinary Services', industry: ['12', '54'] });
    const industryOnly = await insertBusiness(t.db, { customerId, industryId: 11 });
    await t.classify({ businessId: industryOnly, naicsCode: '621210' });
    expect(classification(await get(industryOnly))).toMatchObject({ naics_code: '621210', mcc_code: null, industry: ['11', '53'] });
  });

  it('lists businesses with the same status and classification as E9', async () => {
    const id = await insertBusiness(t.db, { customerId, name: 'Listed Dental', externalId: 'L-1' });
    await t.verify({ businessId: id, status: 'VERIFIED' });
    await t.classify({ businessId: id, naicsCode: '621210' });
    const page = await request(t.app)
      .get(`/case/api/v1/customers/${customerId}/businesses?filter[external_id]=L-1`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const [listed] = page.body.data.records;
    const { owners: _owners, ...single } = await get(id);
    expect(listed).toMatchObject({ ...single, status: 'VERIFIED', naics_code: '621210' });
  });
});
