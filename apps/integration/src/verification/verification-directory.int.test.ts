import { migrateLatest } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { CLASSIFICATION_DIRECTORY_VIEW, VERIFICATION_DIRECTORY_VIEW } from '@kyb/area-views';
import { createVerificationDirectoryStandIn } from '@kyb/area-views/testing';
import { integrationMigrations } from '../migrations';

/* The real views have the columns (names and types) of the @kyb/tenants stand-ins other areas test with. */
describe('the verification and classification directory views', () => {
  let real: TestDatabase;
  let standIn: TestDatabase;
  beforeAll(async () => {
    [real, standIn] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    await migrateLatest(real.db, integrationMigrations);
    await createVerificationDirectoryStandIn(standIn.db);
  });
  afterAll(() => Promise.all([real.destroy(), standIn.destroy()]));

  const columns = async (database: TestDatabase, relation: string) => {
    const [schema, name] = relation.split('.');
    const rows = await database.db('information_schema.columns').where({ table_schema: schema, table_name: name }).orderBy('column_name').select('column_name', 'data_type');
    return rows.map((r) => `${r.column_name} ${r.data_type}`);
  };

  it.each([VERIFICATION_DIRECTORY_VIEW, CLASSIFICATION_DIRECTORY_VIEW])('%s has the stand-in’s columns', async (relation) => {
    const expected = await columns(standIn, relation);
    expect(expected.length).toBeGreaterThan(3);
    expect(await columns(real, relation)).toEqual(expected);
  });
});
