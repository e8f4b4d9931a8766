import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/* E12's industry classification, addresses, subscription and TIN formats (issue 13). */
describe('E12 classification and business shapes', () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    t = await startCaseTestApp({ workers: false });
    await t.customer({ id: customerId, features: { PAT_120_ADD_BUSINESS: true } });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['businesses:create', 'businesses:read'] });
  });
  afterAll(() => t.close());

  const add = (body: object) => request(t.app).post(`/case/api/v1/businesses/customers/${customerId}`).set('Authorization', `Bearer ${owner}`).send(body);
  const created = async (body: object) => (await add(body).expect(200)).body.data.result['0'].data_businesses;
  const stored = (id: string) => t.db('cases.businesses').where({ id }).first();
  const rowErrors = async (body: object) => (await add(body).expect(400)).body.data.failed_rows['0'].data;
  const healthCare = { id: '16', name: 'Health Care and Social Assistance', code: 'health_care_and_social_assistance', sector_code: '62' };

  it('takes numeric codes as the published documents type them, answers them as strings with ids, titles and the derived industry', async () => {
    const business = await created({ name: 'Numeric Dental', naics_code: 621210, mcc_code: 8021 });
    expect(business).toMatchObject({
      naics_code: '621210',
      naics_title: 'Offices of Dentists',
      mcc_code: '8021',
      mcc_title: 'Dentists and Orthodontists',
      naics_id: expect.stringMatching(/^\d+$/),
      mcc_id: expect.stringMatching(/^\d+$/),
      industry: { ...healthCare, created_at: expect.any(String), updated_at: expect.any(String) },
    });
    expect(await stored(business.id)).toMatchObject({ naics_source: 'client', mcc_source: 'client', industry_id: 16, industry_source: 'derived' });
    const naicsRow = await t.db('cases.naics_codes').where({ code: '621210' }).first();
    expect(business.naics_id).toBe(String(naicsRow.id));
  });

  it('takes digit strings, pads a short MCC, and derives the MCC and industry from a NAICS code alone', async () => {
    const padded = await created({ name: 'Vet Clinic', mcc_code: 742 });
    expect(padded).toMatchObject({ mcc_code: '0742', mcc_title: 'Veterinary Services', naics_code: null, naics_id: null, industry: null });
    const derived = await created({ name: 'Derived Diner', naics_code: ' 722511 ' });
    expect(derived).toMatchObject({ naics_code: '722511', mcc_code: '5812', industry: expect.objectContaining({ id: '18', sector_code: '72' }) });
    expect(await stored(derived.id)).toMatchObject({ naics_source: 'client', mcc_source: 'derived', industry_source: 'derived', industry_id: 18 });
  });

  it.each([
    [16, healthCare.id],
    ['16', healthCare.id],
    ['62', healthCare.id],
    ['health_care_and_social_assistance', healthCare.id],
    ['Health Care and Social Assistance', healthCare.id],
  ])('takes the industry %p by id, sector code, code or name', async (industry, id) => {
    const business = await created({ name: `Industry ${industry}`, industry });
    expect(business.industry).toMatchObject({ ...healthCare, id });
    expect(await stored(business.id)).toMatchObject({ industry_id: 16, industry_source: 'client', naics_code: null, mcc_code: null });
  });

  it('keeps an industry that agrees with the NAICS code as the client\'s', async () => {
    const business = await created({ name: 'Agreeing Dental', naics_code: '621210', industry: 'health_care_and_social_assistance' });
    expect(await stored(business.id)).toMatchObject({ industry_id: 16, industry_source: 'client', mcc_code: '8021', mcc_source: 'derived' });
  });

  it('answers unknown codes, an unknown industry and an industry that contradicts the NAICS code as row errors, storing nothing', async () => {
    expect(await rowErrors({ name: 'Unknown Codes', naics_code: 999999, mcc_code: '0001' })).toEqual([
      { column: 'naics_code', providedKey: 'naics_code', value: 999999, reason: 'NAICS Code 999999 is not a code of the 2017 NAICS edition.' },
      { column: 'mcc_code', providedKey: 'mcc_code', value: '0001', reason: 'MCC Code 0001 is not an ISO 18245 merchant category code.' },
    ]);
    expect(await rowErrors({ name: 'Bad Codes', naics_code: '12a', mcc_code: 12345, industry: 'nonsense' })).toEqual([
      { column: 'naics_code', providedKey: 'naics_code', value: '12a', reason: 'NAICS Code must be a NAICS code of 2 to 6 digits.' },
      { column: 'mcc_code', providedKey: 'mcc_code', value: 12345, reason: 'MCC Code must be a merchant category code of up to 4 digits.' },
      { column: 'industry', providedKey: 'industry', value: 'nonsense', reason: 'Industry must be an industry id, NAICS sector code, industry code or name.' },
    ]);
    expect(await rowErrors({ name: 'Contradiction', naics_code: 621210, industry: 18 })).toEqual([
      {
        column: 'industry',
        providedKey: 'industry',
        value: 18,
        reason: 'Industry Accommodation and Food Services contradicts NAICS code 621210, which is in Health Care and Social Assistance (sector 62).',
      },
    ]);
    expect(await t.db('cases.businesses').whereIn('name', ['Unknown Codes', 'Bad Codes', 'Contradiction'])).toHaveLength(0);
  });

  it('refuses a code of another JSON type in the schema', async () => {
    for (const naics_code of [621210.5, true]) {
      expect((await add({ name: 'Typed', naics_code }).expect(400)).body.data.errorName).toBe('ValidationMiddlewareError');
    }
  });

  it('stores the apartment and line 2 apart', async () => {
    const address = { address_line_1: '123 Main St', address_city: 'New York', address_state: 'NY', address_postal_code: '10001' };
    const both = await created({ name: 'Both Lines', ...address, address_apartment: 'Suite 400', address_line_2: 'Floor 4' });
    expect(both).toMatchObject({ address_apartment: 'Suite 400', address_line_2: 'Floor 4' });
    expect(both.business_addresses).toEqual([expect.objectContaining({ line_1: '123 Main St', apartment: 'Suite 400', is_primary: true })]);
    const lineTwo = await created({ name: 'Line Two Only', ...address, address_line_2: 'Floor 4' });
    expect(lineTwo).toMatchObject({ address_apartment: null, address_line_2: 'Floor 4' });
    expect(lineTwo.business_addresses[0].apartment).toBeNull();
    expect((await rowErrors({ name: 'Apartment Alone', address_apartment: 'Suite 1' })).map((f: { column: string }) => f.column)).toEqual([
      'address_line_1', 'address_city', 'address_state', 'address_postal_code',
    ]);
  });

  it('subscribes a business added with monitoring on (ACTIVE, with its dates), and no other', async () => {
    const monitored = await created({ name: 'Monitored', is_monitoring_enabled: true });
    const { status, created_at: since, updated_at: changed } = monitored.subscription;
    expect([status, changed]).toEqual(['ACTIVE', since]);
    expect(Math.abs(Date.parse(since) - Date.parse(monitored.created_at))).toBeLessThan(5_000);
    expect((await created({ name: 'Not Monitored', is_monitoring_enabled: false })).subscription).toEqual({ status: null, created_at: null, updated_at: null });
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['businesses:read'] });
    const e9 = await request(t.app).get(`/case/api/v1/businesses/${monitored.id}`).set('Authorization', `Bearer ${reader}`).expect(200);
    expect(e9.body.data.subscription).toEqual(monitored.subscription);
  });

  it('accepts nine-digit TINs with or without dashes, and answers them masked', async () => {
    for (const [n, tin] of ['12-3456789', '123-45-6789', '123456789'].entries()) {
      const res = await add({ name: `Dashed TIN ${n}`, tin }).expect(200);
      expect(res.body.data.result['0'].data_businesses.tin).toBe('XXXXX6789');
      expect(JSON.stringify(res.body)).not.toMatch(/12-?3456789|123-?45-?6789/);
    }
    for (const tin of ['12-345-6789', '1234-56789', '12345678-9']) {
      expect((await add({ name: 'Bad TIN', tin }).expect(400)).body.data.errorName).toBe('ValidationMiddlewareError');
    }
  });

  it('takes codes and industries from CSV cells (text) in a bulk run, and fails the run on an unknown code', async () => {
    const bulk = () => request(t.app).post(`/case/api/v1/businesses/customers/${customerId}/bulk`).set('Authorization', `Bearer ${owner}`).set('Content-Type', 'text/csv');
    const res = await bulk().send('name,naics_code,mcc_code,industry\nCsv Dental,621210,,\nCsv Shop,,5999,44-45\n').expect(200);
    expect(res.body.data.result['0'].data_businesses).toMatchObject({ naics_code: '621210', mcc_code: '8021', industry: expect.objectContaining({ id: '16' }) });
    expect(res.body.data.result['1'].data_businesses).toMatchObject({ naics_code: null, mcc_code: '5999', industry: expect.objectContaining({ sector_code: '44-45' }) });
    const failed = await bulk().send('name,naics_code\nCsv Good,621210\nCsv Unknown,999999\n').expect(400);
    expect(Object.keys(failed.body.data.failed_rows)).toEqual(['1']);
    expect(failed.body.data.failed_rows['1'].data).toEqual([
      { column: 'naics_code', providedKey: 'naics_code', value: '999999', reason: 'NAICS Code 999999 is not a code of the 2017 NAICS edition.' },
    ]);
  });
});
