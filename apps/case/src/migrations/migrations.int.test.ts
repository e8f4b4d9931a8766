import { migrateDownAll, migrateLatest } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { naicsCodesInOrder, seedIndustryCodes } from './20261123_0010_industries';
import { caseMigrations } from './index';

const CUSTOMER = '33333333-3333-4333-8333-333333333333';

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
      '20261123_0010_industries',
      '20261125_0011_idempotency_keys',
      '20261126_0012_outbox',
      '20261126_0013_audit_outbox',
      '20261126_0014_owner_erasure',
      '20261127_0015_monitoring_settings',
      '20261127_0016_audit_outbox_relay_order',
      '20261127_0017_presented_parts',
      '20261127_0018_owner_title_apart',
      '20261127_0019_businesses_created_whole',
      '20261128_0020_business_lists_presented',
      '20261128_0021_onboarding_usage_within',
      '20261202_0022_erasure_functions',
      '20261206_0023_watchlist_subjects',
      '20261207_0024_case_policies',
      '20261207_0025_case_decisions',
      '20261207_0026_case_reviews',
      '20261208_0027_case_decision_directory',
      '20261208_0028_case_decision_contests',
      '20261208_0029_case_review_work',
      '20261209_0030_awaiting_confirmation_published',
      '20261210_0031_traces_carried',
      '20261210_0032_business_list_indexes',
      '20261210_0033_business_counts',
    ]);
    expect(await tables()).toEqual([
      'applicants', 'audit_outbox', 'business_addresses', 'business_counts', 'business_directory', 'business_lists', 'business_name_directory', 'business_names', 'business_owner_directory', 'business_tin_directory', 'businesses', 'case_comments', 'case_decision_contest_directory', 'case_decision_contests', 'case_decision_directory', 'case_policies', 'case_transition_directory', 'case_transitions', 'cases', 'decision_feed_cursors',
      'event_feed', 'idempotency_keys', 'industries', 'information_requests', 'invitation_directory', 'invitations', 'mail_outbox', 'mcc_codes', 'monitoring_settings', 'monitoring_settings_directory', 'naics_codes', 'onboarding_runs',
      'onboarding_usage', 'outbox_events', 'owner_titles', 'owners',
    ]);
    expect(await database.db('cases.owner_titles').where({ id: 1 }).first()).toEqual({ id: 1, title: 'Owner' });
    expect(await migrateLatest(database.db, caseMigrations)).toEqual([]);
    expect(await migrateDownAll(database.db, caseMigrations)).toEqual([
      '20261210_0033_business_counts',
      '20261210_0032_business_list_indexes',
      '20261210_0031_traces_carried',
      '20261209_0030_awaiting_confirmation_published',
      '20261208_0029_case_review_work',
      '20261208_0028_case_decision_contests',
      '20261208_0027_case_decision_directory',
      '20261207_0026_case_reviews',
      '20261207_0025_case_decisions',
      '20261207_0024_case_policies',
      '20261206_0023_watchlist_subjects',
      '20261202_0022_erasure_functions',
      '20261128_0021_onboarding_usage_within',
      '20261128_0020_business_lists_presented',
      '20261127_0019_businesses_created_whole',
      '20261127_0018_owner_title_apart',
      '20261127_0017_presented_parts',
      '20261127_0016_audit_outbox_relay_order',
      '20261127_0015_monitoring_settings',
      '20261126_0014_owner_erasure',
      '20261126_0013_audit_outbox',
      '20261126_0012_outbox',
      '20261125_0011_idempotency_keys',
      '20261123_0010_industries',
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

  it('seed the industries and code tables in code order, append-only, so ids never change', async () => {
    await migrateLatest(database.db, caseMigrations);
    const db = database.db;
    expect(await db('cases.industries').where({ id: 16 }).first()).toMatchObject({
      name: 'Health Care and Social Assistance',
      code: 'health_care_and_social_assistance',
      sector_code: '62',
    });
    const naics = await db('cases.naics_codes').orderBy('id').select('id', 'code', 'title', 'edition', 'industry_id');
    expect(naics.map((n) => n.code)).toEqual(naicsCodesInOrder().map((c) => c.code));
    expect(naics.find((n) => n.code === '621210')).toMatchObject({ title: 'Offices of Dentists', edition: '2017', industry_id: 16 });
    expect(naics.find((n) => n.code === '62')).toMatchObject({ title: 'Health Care and Social Assistance', industry_id: 16 });
    const mcc = await db('cases.mcc_codes').orderBy('id').select('id', 'code', 'title');
    expect(mcc.map((m) => m.code)).toEqual([...mcc.map((m) => m.code)].sort());
    expect(mcc.find((m) => m.code === '0742')).toMatchObject({ title: 'Veterinary Services' });

    // Seeding again (a later migration adding codes) keeps every row and id.
    await seedIndustryCodes(db);
    expect(await db('cases.naics_codes').orderBy('id').select('id', 'code', 'title', 'edition', 'industry_id')).toEqual(naics);
    expect(await db('cases.mcc_codes').orderBy('id').select('id', 'code', 'title')).toEqual(mcc);
    await expect(db('cases.businesses').insert({ customer_id: CUSTOMER, name: 'B', created_by: CUSTOMER, updated_by: CUSTOMER, naics_source: 'guess' }))
      .rejects.toMatchObject({ code: '23514' });
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
