import { migrateDownAll, migrateLatest } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { caseMigrations } from './index';

describe('case migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  const tables = async () =>
    (await database.db('information_schema.tables').where({ table_schema: 'cases' }).pluck('table_name'))
      .filter((n) => !n.startsWith('knex_migrations'))
      .sort();

  it('run up on an empty database, seed owner titles, apply nothing twice, and run down completely', async () => {
    expect(await migrateLatest(database.db, caseMigrations)).toEqual([
      '20261122_0001_businesses',
      '20261122_0002_onboarding_runs',
      '20261122_0003_async_runs',
      '20261122_0004_invitations',
      '20261122_0005_mail_outbox',
      '20261122_0006_invitation_directory',
      '20261122_0007_business_directory',
      '20261123_0009_recovery',
    ]);
    expect(await tables()).toEqual([
      'applicants', 'business_addresses', 'business_directory', 'business_names', 'business_owner_directory', 'businesses', 'cases', 'invitation_directory', 'invitations', 'mail_outbox', 'onboarding_runs', 'onboarding_usage', 'owner_titles', 'owners',
    ]);
    expect(await database.db('cases.owner_titles').where({ id: 1 }).first()).toEqual({ id: 1, title: 'Owner' });
    expect(await migrateLatest(database.db, caseMigrations)).toEqual([]);
    expect(await migrateDownAll(database.db, caseMigrations)).toEqual([
      '20261123_0009_recovery',
      '20261122_0007_business_directory',
      '20261122_0006_invitation_directory',
      '20261122_0005_mail_outbox',
      '20261122_0004_invitations',
      '20261122_0003_async_runs',
      '20261122_0002_onboarding_runs',
      '20261122_0001_businesses',
    ]);
    expect(await tables()).toEqual([]);
  });

  it('keep external ids unique per customer among businesses not deleted', async () => {
    await migrateLatest(database.db, caseMigrations);
    const row = (customer_id: string) => ({
      customer_id,
      name: 'B',
      external_id: 'EXT-1',
      created_by: customer_id,
      updated_by: customer_id,
    });
    const a = '11111111-1111-4111-8111-111111111111';
    const b = '22222222-2222-4222-8222-222222222222';
    await database.db('cases.businesses').insert(row(a));
    await database.db('cases.businesses').insert(row(b));
    await expect(database.db('cases.businesses').insert(row(a))).rejects.toMatchObject({ code: '23505' });
    await database.db('cases.businesses').where({ customer_id: a }).update({ deleted_at: database.db.fn.now() });
    await database.db('cases.businesses').insert(row(a));
  });
});
