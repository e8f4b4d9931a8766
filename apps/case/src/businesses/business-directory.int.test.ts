import { randomUUID } from 'node:crypto';
import { BUSINESS_DIRECTORY_VIEW, BUSINESS_NAME_DIRECTORY_VIEW, BUSINESS_OWNER_DIRECTORY_VIEW, createBusinessDirectory, createTinDirectory, createWatchlistSubjectsDirectory, MONITORING_SETTINGS_DIRECTORY_VIEW, TIN_DIRECTORY_VIEW } from '@kyb/area-views';
import { createBusinessDirectoryStandIn, createMonitoringSettingsStandIn, createTinDirectoryStandIn } from '@kyb/area-views/testing';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { insertBusiness, startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';
import { columnsOf } from '../test-support/view-columns';

/* The case area's real views against the reader other areas use (@kyb/tenants). */
describe('the business directory views', () => {
  let t: CaseTestApp;
  let standIns: TestDatabase;
  beforeAll(async () => {
    t = await startCaseTestApp({ workers: false });
    standIns = await createTestDatabase();
    await createBusinessDirectoryStandIn(standIns.db);
    await createTinDirectoryStandIn(standIns.db);
    await createMonitoringSettingsStandIn(standIns.db);
  });
  afterAll(async () => {
    await standIns.destroy();
    await t.close();
  });

  it.each([BUSINESS_DIRECTORY_VIEW, BUSINESS_OWNER_DIRECTORY_VIEW, BUSINESS_NAME_DIRECTORY_VIEW, TIN_DIRECTORY_VIEW, MONITORING_SETTINGS_DIRECTORY_VIEW])('%s has the columns of the stand-in other areas test with', async (view) => {
    const real = await columnsOf(t.db, view);
    expect(real.length).toBeGreaterThan(0);
    expect(real).toEqual(await columnsOf(standIns.db, view));
  });

  it('show a business and its owners with masked values only, and hide deleted businesses', async () => {
    const customerId = randomUUID();
    const id = await insertBusiness(t.db, {
      customerId,
      name: 'Longwood Dental',
      naicsCode: '621210',
      owners: [
        { first_name: 'Ann', last_name: 'Lee', ssn_masked: 'XXXXX1234', ownership_percentage: 60, owner_type: 'CONTROL' },
        { first_name: 'Bo', last_name: 'Ray', ownership_percentage: 40, owner_type: 'BENEFICIARY' },
      ],
    });
    await t.db('cases.businesses').where({ id }).update({ tin_sealed: 'sealed-tin' });
    const directory = createBusinessDirectory(t.db);
    expect(await directory.find(id)).toMatchObject({
      id,
      customerId,
      name: 'Longwood Dental',
      addressCity: 'Longwood',
      tinMasked: 'XXXXX6789',
      naicsCode: '621210',
      mccCode: null,
      isMonitoringEnabled: false,
    });
    expect((await directory.owners(id)).map((o) => [o.firstName, o.ownerType, o.ownershipPercentage, o.ssnMasked])).toEqual([
      ['Ann', 'CONTROL', 60, 'XXXXX1234'],
      ['Bo', 'BENEFICIARY', 40, null],
    ]);
    const columns = (await t.db('information_schema.columns').where({ table_schema: 'cases', table_name: 'business_directory' }).pluck('column_name')) as string[];
    expect(columns.filter((c) => /sealed|lookup/.test(c))).toEqual([]);
    const tins = createTinDirectory(t.db);
    expect(await tins.sealedTin(id)).toBe('sealed-tin');
    expect(await tins.sealedTin(await insertBusiness(t.db, { customerId }))).toBeNull();

    await t.db('cases.businesses').where({ id }).update({ deleted_at: new Date(), deleted_by: customerId });
    expect(await directory.find(id)).toBeUndefined();
    expect(await directory.owners(id)).toEqual([]);
    expect(await tins.sealedTin(id)).toBeUndefined();
  });

  it('give sanctions screening every name of a business (legal name, DBAs) and its owners with dates of birth, deleted businesses left out', async () => {
    const customerId = randomUUID();
    const id = await insertBusiness(t.db, { customerId, name: 'Harbor Freight Co', owners: [{ first_name: 'Ann', last_name: 'Lee' }, { first_name: 'Bo', last_name: 'Ray' }] });
    await t.db('cases.business_names').insert([
      { business_id: id, position: 1, name: 'Harbor Trading', is_primary: false },
      { business_id: id, position: 2, name: 'HF Logistics', is_primary: false },
    ]);
    await t.db('cases.owners').where({ business_id: id, first_name: 'Ann' }).update({ date_of_birth: '1961-07-14', country: 'CA' });
    await t.db('cases.owners').where({ business_id: id, first_name: 'Bo' }).update({ date_of_birth: null, country: null });
    const directory = createWatchlistSubjectsDirectory(t.db);
    const found = await directory.subjectsOf([id, 'not-a-uuid', randomUUID()]);
    expect([...found.keys()]).toEqual([id]);
    expect(found.get(id)).toEqual({
      businessId: id,
      customerId,
      legalName: 'Harbor Freight Co',
      otherNames: ['Harbor Trading', 'HF Logistics'],
      country: 'US',
      owners: [
        { id: expect.any(String), firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1961-07-14', country: 'CA' },
        { id: expect.any(String), firstName: 'Bo', lastName: 'Ray', dateOfBirth: null, country: null },
      ],
    });
    await t.db('cases.businesses').where({ id }).update({ deleted_at: new Date(), deleted_by: customerId });
    expect((await directory.subjectsOf([id])).size).toBe(0);
  });
});
