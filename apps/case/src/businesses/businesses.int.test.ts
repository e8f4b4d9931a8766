import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { expectSameShape } from '@kyb/testing';
import { insertBusiness, startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

// A copy of ../shared/reference/samples/business-get.response.200.json.
const sample = JSON.parse(readFileSync(join(__dirname, '../test-support/samples/business-get.response.200.json'), 'utf8'));

/** Contract 2.7's order of a business's keys, as E9, the list and E12 answer them. */
const PRESENTED_ORDER = [
  'id', 'customer_id', 'name', 'tin', 'mobile', 'official_website', 'public_website', 'social_account', 'address_apartment',
  'address_line_1', 'address_line_2', 'address_city', 'address_state', 'address_postal_code', 'address_country', 'created_at',
  'created_by', 'updated_at', 'updated_by', 'deleted_at', 'deleted_by', 'status', 'industry', 'mcc_id', 'naics_id', 'naics_code',
  'naics_title', 'mcc_code', 'mcc_title', 'is_deleted', 'external_id', 'is_monitoring_enabled', 'subscription', 'owners',
  'business_names', 'business_addresses',
];

describe('E9 get a business', () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  let businessId: string;
  let owner: string;

  beforeAll(async () => {
    t = await startCaseTestApp();
    // A business with every field the sample shows: client codes, a verification, monitoring on, owners with all details.
    businessId = await insertBusiness(t.db, {
      customerId,
      name: 'Acme Corporation',
      externalId: 'EXT-98765',
      naicsCode: '722511',
      mccCode: '5812',
      industryId: 18,
      isMonitoringEnabled: true,
      owners: [
        { first_name: 'John', last_name: 'Doe', ssn_masked: 'XXXXX1234', ownership_percentage: 51, owner_type: 'CONTROL' },
        { first_name: 'Jane', last_name: 'Roe', ssn_masked: 'XXXXX9876', ownership_percentage: 49, owner_type: 'BENEFICIARY' },
      ],
    });
    await t.db('cases.businesses').where({ id: businessId }).update({
      official_website: 'https://www.acme.com',
      public_website: 'https://acme.com',
      social_account: '@acmecorp',
      address_apartment: 'Suite 400',
      address_line_2: 'Floor 4',
    });
    await t.db('cases.business_addresses').where({ business_id: businessId }).update({ apartment: 'Suite 400' });
    await t.db('cases.owners').where({ business_id: businessId }).update({ mobile: '+15550101111', apartment: 'Apt 2B' });
    await t.verify({ businessId, status: 'VERIFIED', checks: [{ code: 'TIN_MATCH', result: 'PASS', reason: 'The TIN matches the legal name.' }] });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['businesses:read'] });
  });
  afterAll(() => t.close());

  const get = (id: string, token = owner, query = '') => request(t.app).get(`/case/api/v1/businesses/${id}${query}`).set('Authorization', `Bearer ${token}`);

  it('answers the business of contract 2.7 with the TIN masked and no owners by default', async () => {
    const res = await get(businessId).expect(200);
    expect(res.body.status).toBe('success');
    expect(res.body.message).toBe('Business details retrieved successfully.');
    expect(res.body.data).toMatchObject({
      id: businessId,
      customer_id: customerId,
      name: 'Acme Corporation',
      tin: 'XXXXX6789',
      external_id: 'EXT-98765',
      status: 'VERIFIED',
      naics_code: '722511',
      naics_title: 'Full-Service Restaurants',
      mcc_code: '5812',
      mcc_title: 'Eating places and Restaurants',
      industry: expect.objectContaining({ id: '18', name: 'Accommodation and Food Services', code: 'accommodation_and_food_services', sector_code: '72' }),
      address_apartment: 'Suite 400',
      address_line_2: 'Floor 4',
      subscription: { status: 'ACTIVE', created_at: expect.any(String), updated_at: expect.any(String) },
      is_deleted: false,
      deleted_at: null,
      owners: [],
      business_names: [{ name: 'Acme Corporation', is_primary: true }],
      business_addresses: [expect.objectContaining({ line_1: '1234 Testing Blvd.', apartment: 'Suite 400', is_primary: true })],
    });
    expect(res.body.data.naics_id).toMatch(/^\d+$/);
    expect(res.body.data.mcc_id).toMatch(/^\d+$/);
    // Owners are listed only when asked for: the one documented difference.
    expectSameShape(res.body.data, sample.data, { mayBeEmpty: ['$.owners'] });
  });

  it('lists the owners, SSNs masked, with fetch_owner_details=true', async () => {
    const res = await get(businessId, owner, '?fetch_owner_details=true').expect(200);
    expect(res.body.data.owners).toHaveLength(2);
    expect(res.body.data.owners[0]).toMatchObject({
      first_name: 'John',
      ssn: 'XXXXX1234',
      title: { id: '1', title: 'Owner' },
      date_of_birth: '1980-01-31',
      ownership_percentage: 51,
      owner_type: 'CONTROL',
    });
    expectSameShape(res.body.data, sample.data);
    expect(JSON.stringify(res.body)).not.toMatch(/sealed|lookup/);
  });

  it('answers the same business in the list, keys in the same order (both written by one SQL presenter), and a fractional ownership as a number', async () => {
    await t.db('cases.owners').where({ business_id: businessId, first_name: 'Jane' }).update({ ownership_percentage: 33.25 });
    const one = await get(businessId).expect(200);
    const list = await request(t.app).get(`/case/api/v1/customers/${customerId}/businesses`).set('Authorization', `Bearer ${t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['businesses:read'] })}`).expect(200);
    const listed = list.body.data.records.find((item: { id: string }) => item.id === businessId);
    expect(listed).toEqual(one.body.data);
    expect(Object.keys(listed)).toEqual(Object.keys(one.body.data));
    expect(Object.keys(one.body.data)).toEqual(PRESENTED_ORDER);
    const withOwners = await get(businessId, owner, '?fetch_owner_details=true').expect(200);
    expect(withOwners.body.data.owners.map((o: { ownership_percentage: number }) => o.ownership_percentage)).toEqual([51, 33.25]);
    await t.db('cases.owners').where({ business_id: businessId, first_name: 'Jane' }).update({ ownership_percentage: 49 });
  });

  it('shows every moment as Date.toISOString writes it: UTC, milliseconds cut, not rounded (PostgreSQL writes the text)', async () => {
    const stored = '2026-03-04 05:06:07.899999+00';
    const deleted = '2026-05-06 23:59:59.999999+00';
    const id = await insertBusiness(t.db, { customerId, name: 'Clock Co', owners: [{ first_name: 'Ann', last_name: 'Lee', owner_type: 'CONTROL' }] });
    await t.db('cases.businesses').where({ id }).update({ created_at: stored, updated_at: stored, subscription_status: 'ACTIVE', subscription_created_at: deleted, subscription_updated_at: stored });
    await t.db('cases.owners').where({ business_id: id }).update({ created_at: deleted, updated_at: stored });
    const body = (await get(id, owner, '?fetch_owner_details=true').expect(200)).body.data;
    const asDate = (text: string) => new Date(Date.parse(text.replace(' ', 'T').replace('+00', 'Z'))).toISOString();
    expect(asDate(stored)).toBe('2026-03-04T05:06:07.899Z');
    expect([body.created_at, body.updated_at, body.subscription.created_at, body.subscription.updated_at]).toEqual([asDate(stored), asDate(stored), asDate(deleted), asDate(stored)]);
    expect(body.subscription.created_at).toBe('2026-05-06T23:59:59.999Z');
    expect([body.owners[0].created_at, body.owners[0].updated_at]).toEqual([asDate(deleted), asDate(stored)]);
    expect(body.deleted_at).toBeNull();
    const industry = await t.db('cases.industries').where({ id: 18 }).first();
    const acme = (await get(businessId).expect(200)).body.data;
    expect([acme.industry.created_at, acme.industry.updated_at]).toEqual([industry.created_at.toISOString(), industry.updated_at.toISOString()]);
  });

  it.each([
    ['?fetch_owner_details=maybe', 'query.fetch_owner_details must be boolean'],
    ['?owners=true', "query must NOT have additional properties: 'owners'"],
  ])('answers %s with 400 ValidationMiddlewareError', async (query, message) => {
    expect((await get(businessId, owner, query).expect(400)).body).toEqual({
      status: 'fail',
      message,
      errorCode: 'INVALID',
      data: { errorName: 'ValidationMiddlewareError' },
    });
  });

  it('answers 400 for an id that is not a UUID; one that does not exist, 403 as another tenant\'s to a CUSTOMER and 404 to an ADMIN', async () => {
    expect((await get('12345').expect(400)).body.message).toBe('params.businessID must match format "uuid"');
    expect((await get(randomUUID()).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    expect((await get(randomUUID(), t.keys.tokenFor({ role: 'ADMIN' })).expect(404)).body).toEqual({
      status: 'fail',
      message: 'Business not found',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'BusinessApiError' },
    });
  });

  it('answers 401 without a token and 403 for another tenant; an ADMIN sees any business', async () => {
    expect((await request(t.app).get(`/case/api/v1/businesses/${businessId}`).expect(401)).body.message).toBe('Authorization header not present');
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() });
    expect((await get(businessId, stranger).expect(403)).body).toEqual({
      status: 'fail',
      message: 'You are not allowed to access the data.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'AccessMiddlewareError' },
    });
    await get(businessId, t.keys.tokenFor({ role: 'ADMIN' })).expect(200);
  });

  it('lets an APPLICANT see only the businesses it was invited to', async () => {
    const invited = t.keys.tokenFor({ role: 'APPLICANT', customerId, businessIds: [businessId] });
    await get(businessId, invited).expect(200);
    const other = await insertBusiness(t.db, { customerId });
    expect((await get(other, invited).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
  });

  it('lets an APPLICANT invited by two customers (a token of no customer) see both invited businesses, and neither customer\'s others', async () => {
    const otherCustomer = randomUUID();
    const theirs = await insertBusiness(t.db, { customerId: otherCustomer });
    const applicant = t.keys.tokenFor({ role: 'APPLICANT', customerId: null, businessIds: [businessId, theirs] });
    await get(businessId, applicant).expect(200);
    await get(theirs, applicant).expect(200);
    for (const other of [await insertBusiness(t.db, { customerId }), await insertBusiness(t.db, { customerId: otherCustomer })]) {
      expect((await get(other, applicant).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    }
  });

  it('answers an ETag and 304', async () => {
    const first = await get(businessId).expect(200);
    await get(businessId).set('If-None-Match', first.headers.etag).expect(304);
  });
});

describe("listing a customer's businesses", () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  let token: string;

  beforeAll(async () => {
    t = await startCaseTestApp();
    for (const [name, externalId, status] of [
      ['Alpha Dental', 'A-1', 'VERIFIED'],
      ['Beta Bakery', 'B-2', 'UNVERIFIED'],
      ['Gamma 100% Goods', 'C-3', 'UNVERIFIED'],
    ] as const) {
      const id = await insertBusiness(t.db, { customerId, name, externalId });
      // Beta was verified once and is UNVERIFIED again; Gamma never was.
      if (externalId !== 'C-3') await t.verify({ businessId: id, status });
    }
    await insertBusiness(t.db, { customerId: randomUUID(), name: 'Someone Else' });
    token = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
  });
  afterAll(() => t.close());

  const list = (query = '', bearer = token, customer = customerId) =>
    request(t.app).get(`/case/api/v1/customers/${customer}/businesses${query}`).set('Authorization', `Bearer ${bearer}`);
  const names = async (query: string) => (await list(query).expect(200)).body.data.records.map((r: { name: string }) => r.name);

  it('pages, sorts, filters and searches within the tenant', async () => {
    const page = await list('?items_per_page=2&sort[name]=asc').expect(200);
    expect(page.body.data).toMatchObject({ total_pages: 2, total_items: '3' });
    expect(page.body.data.records.map((r: { name: string }) => r.name)).toEqual(['Alpha Dental', 'Beta Bakery']);
    expect(await names('?sort[name]=desc')).toEqual(['Gamma 100% Goods', 'Beta Bakery', 'Alpha Dental']);
    expect(await names('?filter[status]=VERIFIED')).toEqual(['Alpha Dental']);
    expect(await names('?filter[status]=UNVERIFIED&sort[name]=asc')).toEqual(['Beta Bakery', 'Gamma 100% Goods']);
    expect(await names('?sort[status]=desc&sort[name]=asc')).toEqual(['Alpha Dental', 'Beta Bakery', 'Gamma 100% Goods']);
    expect(await names('?sort[status]=asc&sort[name]=desc')).toEqual(['Gamma 100% Goods', 'Beta Bakery', 'Alpha Dental']);
    const records = (await list('?sort[name]=asc').expect(200)).body.data.records;
    expect(records.map((r: { status: string }) => r.status)).toEqual(['VERIFIED', 'UNVERIFIED', 'UNVERIFIED']);
    expect(await names('?filter[external_id]=B-2')).toEqual(['Beta Bakery']);
    expect(await names(`?search[name]=${encodeURIComponent('100%')}`)).toEqual(['Gamma 100% Goods']);
    expect(await names('?search[name]=BAKERY')).toEqual(['Beta Bakery']);
  });

  it('counts every match whichever page is asked for: past the end, without paging, with no match at all', async () => {
    const second = (await list('?items_per_page=2&page=2&sort[name]=asc').expect(200)).body.data;
    expect(second).toMatchObject({ total_items: '3', total_pages: 2 });
    expect(second.records.map((r: { name: string }) => r.name)).toEqual(['Gamma 100% Goods']);
    expect((await list('?items_per_page=2&page=5').expect(200)).body.data).toMatchObject({ records: [], total_items: '3', total_pages: 2 });
    expect((await list('?pagination=false').expect(200)).body.data).toMatchObject({ total_items: '3' });
    expect((await list('?search[name]=nothing-like-it').expect(200)).body.data).toMatchObject({ records: [], total_items: '0' });
    const [alpha] = (await list('?sort[name]=asc&items_per_page=1').expect(200)).body.data.records;
    // Each row's names and addresses are read with the page, in their order.
    expect(alpha.business_names).toEqual([{ name: 'Alpha Dental', is_primary: true }]);
    expect(alpha.business_addresses).toEqual([expect.objectContaining({ line_1: '1234 Testing Blvd.', city: 'Longwood', is_primary: true })]);
  });

  it('refuses another tenant, an APPLICANT and bad query values', async () => {
    expect((await list('', t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() })).expect(403)).body.data.errorName).toBe(
      'AccessMiddlewareError',
    );
    expect((await list('', t.keys.tokenFor({ role: 'APPLICANT', customerId })).expect(401)).body).toEqual({
      status: 'fail',
      message: 'Role Not Allowed',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'RoleMiddlewareError' },
    });
    expect((await list('?sort[tin]=asc').expect(400)).body.data.errorName).toBe('ValidationMiddlewareError');
    expect((await list('?items_per_page=500').expect(400)).body.message).toBe('query.items_per_page must be <= 100');
  });
});
