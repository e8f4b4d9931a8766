import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { expectSameShape } from '@kyb/testing';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';
import { everyFieldRow } from '../test-support/every-field-row';

// A copy of ../shared/reference/samples/add-business.response.200.json, with the contract's
// correction applied: contract 2.7 types industry.id, mcc_id, naics_id, naics_code and mcc_code as
// strings where the published E12 body has numbers (listed in the reference OpenAPI README).
const sample = JSON.parse(readFileSync(join(__dirname, '../test-support/samples/add-business.response.200.json'), 'utf8'));
const published = sample.data.result['0'].data_businesses;
published.industry.id = String(published.industry.id);
for (const key of ['mcc_id', 'naics_id', 'naics_code', 'mcc_code']) published[key] = String(published[key]);


/*
 * Where the published body has a value and ours may not, each for a reason:
 * - integration_data.is_revenue: the sample echoes a financial column E12 does not accept.
 */
const allowances = { mayBeNull: ['$.data.result.0.integration_data.is_revenue'] };

describe('E12 answers the published body key by key', () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    t = await startCaseTestApp({ workers: false });
    await t.customer({ id: customerId, features: { PAT_120_ADD_BUSINESS: true } });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['businesses:create', 'businesses:read'] });
  });
  afterAll(() => t.close());

  it('has every key and type of the published body, with the industry, codes, a case with integer status and the full integration_data', async () => {
    const res = await request(t.app).post(`/case/api/v1/businesses/customers/${customerId}`).set('Authorization', `Bearer ${owner}`).send(everyFieldRow('SHAPE-1')).expect(200);
    expectSameShape(res.body, sample, allowances);
    const created = res.body.data.result['0'];
    expect(created.data_businesses).toMatchObject({
      naics_code: '621210',
      naics_title: 'Offices of Dentists',
      mcc_code: '8021',
      industry: { id: '16', name: 'Health Care and Social Assistance', code: 'health_care_and_social_assistance', sector_code: '62' },
      address_apartment: 'Suite 400',
      address_line_2: 'Floor 4',
      subscription: { status: 'ACTIVE' },
    });
    expect(created.data_businesses.business_addresses[0].apartment).toBe('Suite 400');
    expect(created.data_cases).toEqual([expect.objectContaining({ status: 3, case_type: 1 })]);
  });

  it('echoes the full fixed set of a bulk row in integration_data: null where not sent, TIN and SSN masked, no value unmasked', async () => {
    const res = await request(t.app)
      .post(`/case/api/v1/businesses/customers/${customerId}`)
      .set('Authorization', `Bearer ${owner}`)
      .send(everyFieldRow('SHAPE-2'))
      .expect(200);
    const echoed = res.body.data.result['0'].integration_data;
    const keys = Object.keys(sample.data.result['0'].integration_data);
    expect(Object.keys(echoed).slice(0, keys.length)).toEqual(keys);
    expect(echoed).toMatchObject({ name: 'Bright Smile Dental', state: 'FL', tin: 'XXXXX6789', owner1_ssn: 'XXXXX6789', dba2_name: null, owner5_ssn: null });
    expect(echoed).toMatchObject({ is_monitoring_enabled: true, address_apartment: 'Suite 400', naics_code: 621210 });
    expect(JSON.stringify(res.body)).not.toMatch(/123-?45-?6789|12-?3456789/);
  });
});
