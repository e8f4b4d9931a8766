import { randomUUID } from 'node:crypto';
import { createBusinessDirectory } from '@kyb/tenants';
import { insertBusiness, startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/* The case area's real views against the reader other areas use (@kyb/tenants). */
describe('the business directory views', () => {
  let t: CaseTestApp;
  beforeAll(async () => {
    t = await startCaseTestApp({ workers: false });
  });
  afterAll(() => t.close());

  it('show a business and its owners with masked values only, and hide deleted businesses', async () => {
    const customerId = randomUUID();
    const id = await insertBusiness(t.db, {
      customerId,
      name: 'Longwood Dental',
      owners: [
        { first_name: 'Ann', last_name: 'Lee', ssn_masked: 'XXXXX1234', ownership_percentage: 60, owner_type: 'CONTROL' },
        { first_name: 'Bo', last_name: 'Ray', ownership_percentage: 40, owner_type: 'BENEFICIARY' },
      ],
    });
    const directory = createBusinessDirectory(t.db);
    expect(await directory.find(id)).toMatchObject({
      id,
      customerId,
      name: 'Longwood Dental',
      addressCity: 'Longwood',
      tinMasked: 'XXXXX6789',
      isMonitoringEnabled: false,
    });
    expect((await directory.owners(id)).map((o) => [o.firstName, o.ownerType, o.ownershipPercentage, o.ssnMasked])).toEqual([
      ['Ann', 'CONTROL', 60, 'XXXXX1234'],
      ['Bo', 'BENEFICIARY', 40, null],
    ]);
    const columns = (await t.db('information_schema.columns').where({ table_schema: 'cases', table_name: 'business_directory' }).pluck('column_name')) as string[];
    expect(columns.filter((c) => /sealed|lookup/.test(c))).toEqual([]);

    await t.db('cases.businesses').where({ id }).update({ deleted_at: new Date(), deleted_by: customerId });
    expect(await directory.find(id)).toBeUndefined();
    expect(await directory.owners(id)).toEqual([]);
  });
});
