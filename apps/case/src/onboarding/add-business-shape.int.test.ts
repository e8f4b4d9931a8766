import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { expectSameShape } from '@kyb/testing';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

// A copy of ../shared/reference/samples/add-business.response.200.json, with the contract's
// correction applied: contract 2.7 types industry.id, mcc_id, naics_id, naics_code and mcc_code as
// strings where the published E12 body has numbers (listed in the reference OpenAPI README).
const sample = JSON.parse(readFileSync(join(__dirname, '../test-support/samples/add-business.response.200.json'), 'utf8'));
const published = sample.data.result['0'].data_businesses;
published.industry.id = String(published.industry.id);
for (const key of ['mcc_id', 'naics_id', 'naics_code', 'mcc_code']) published[key] = String(published[key]);

/** A row that sets every column E12 has a place for in the published body. */
const everyField = {
  name: 'Bright Smile Dental',
  external_id: 'EXT-SHAPE-1',
  tin: '12-3456789',
  mobile: '+1 415 555 0132',
  official_website: 'https://www.brightsmile.example',
  address_apartment: 'Suite 400',
  address_line_1: '1234 Testing Blvd.',
  address_line_2: 'Floor 4',
  address_city: 'Longwood',
  address_state: 'FL',
  address_postal_code: '32850',
  address_country: 'US',
  naics_code: 621210,
  mcc_code: 8021,
  is_monitoring_enabled: true,
  dba1_name: 'Bright Smile',
  applicant_first_name: 'Ann',
  applicant_last_name: 'Lee',
  applicant_email: 'ann.shape@example.org',
  owner1_title: 'Owner',
  owner1_first_name: 'Ann',
  owner1_last_name: 'Lee',
  owner1_email: 'ann.lee@example.org',
  owner1_mobile: '+1 415 555 0199',
  owner1_ssn: '123-45-6789',
  owner1_dob: '1980-01-01',
  owner1_address_line_1: '456 Owner Rd',
  owner1_address_city: 'Brooklyn',
  owner1_address_state: 'NY',
  owner1_address_postal: '11201',
  owner1_address_country: 'US',
  owner1_owner_type: 'CONTROL',
  owner1_ownership_percentage: 100,
};

/*
 * Where the published body has a value and ours may not, each for a reason:
 * - public_website, social_account: no E12 column sets them (contract 2.7 fields filled by other means).
 * - integration_data.is_revenue: the sample echoes a financial column E12 does not accept.
 * - owners[].line_2: documented as nullable (contract 2.7), and this owner has none.
 */
const allowances = {
  mayBeNull: [
    '$.data.result.0.data_businesses.public_website',
    '$.data.result.0.data_businesses.social_account',
    '$.data.result.0.integration_data.is_revenue',
  ],
};

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
    const res = await request(t.app).post(`/case/api/v1/businesses/customers/${customerId}`).set('Authorization', `Bearer ${owner}`).send(everyField).expect(200);
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
      .send({ ...everyField, external_id: 'EXT-SHAPE-2', applicant_email: 'other.shape@example.org' })
      .expect(200);
    const echoed = res.body.data.result['0'].integration_data;
    const keys = Object.keys(sample.data.result['0'].integration_data);
    expect(Object.keys(echoed).slice(0, keys.length)).toEqual(keys);
    expect(echoed).toMatchObject({ name: 'Bright Smile Dental', state: 'FL', tin: 'XXXXX6789', owner1_ssn: 'XXXXX6789', dba2_name: null, owner5_ssn: null });
    expect(echoed).toMatchObject({ is_monitoring_enabled: true, address_apartment: 'Suite 400', naics_code: 621210 });
    expect(JSON.stringify(res.body)).not.toMatch(/123-?45-?6789|12-?3456789/);
  });
});
