import { migrateDownAll, migrateLatest, supportsLz4 } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { integrationMigrations } from './index';

describe('integration migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  const relations = async () =>
    (await database.db('information_schema.tables').where({ table_schema: 'integration' }).pluck('table_name'))
      .filter((n) => !n.startsWith('knex_migrations'))
      .sort();

  it('run up on an empty database, apply nothing twice, and run down completely', async () => {
    expect(await migrateLatest(database.db, integrationMigrations)).toEqual([
      '20261122_0001_enrichment',
      '20261122_0002_screening',
      '20261122_0003_financials_and_views',
      '20261123_0004_recovery',
      '20261123_0005_verification',
      '20261124_0006_current_verification',
      '20261125_0007_idempotency_keys',
      '20261126_0008_outbox',
      '20261126_0009_webhooks',
      '20261126_0010_audit_outbox',
      '20261127_0011_directory_sources',
      '20261127_0012_audit_outbox_relay_order',
      '20261127_0013_lz4_large_json',
      '20261128_0014_public_records_presented',
      '20261128_0015_lz4_presented_records',
      '20261202_0016_erasure_functions',
      '20261202_0017_provider_settings',
      '20261203_0018_vendor_answers',
      '20261206_0019_watchlist_versions',
      '20261206_0020_watchlist_screenings',
      '20261207_0021_match_screening_directory',
      '20261207_0022_match_screening_merchants',
      '20261210_0023_traces_carried',
    ]);
    expect(await relations()).toEqual([
      'audit_outbox', 'bjl_record_directory', 'bjl_records', 'business_classification_directory', 'business_classifications', 'business_verification_current', 'business_verification_directory',
      'business_verification_status_changes', 'business_verifications', 'enrichment_task_directory', 'event_feed', 'financial_profile_directory', 'financial_profiles', 'idempotency_keys', 'integration_tasks', 'match_screening_directory',
      'outbox_events', 'provider_settings', 'provider_usage', 'public_records', 'public_records_directory', 'screening_credentials', 'screenings', 'vendor_answers', 'watchlist_entries', 'watchlist_hit_directory', 'watchlist_hits', 'watchlist_screenings', 'watchlist_settings', 'watchlist_uploads', 'watchlist_versions', 'webhook_deliveries', 'webhook_delivery_attempts',
      'webhook_endpoints', 'webhook_feed_cursors', 'webhook_secrets',
    ]);
    // Summaries, presented public records and financial profiles are compressed with LZ4 where the server has it (ADR 0031).
    const compressed = await database.db('pg_attribute as a')
      .join('pg_class as c', 'c.oid', 'a.attrelid')
      .whereRaw(`c.relnamespace = 'integration'::regnamespace and a.attcompression = 'l'`)
      .orderBy(['c.relname', 'a.attname'])
      .select(database.db.raw(`c.relname || '.' || a.attname as col`));
    expect(compressed.map((r: { col: string }) => r.col)).toEqual(
      (await supportsLz4(database.db)) ? ['financial_profiles.credit_bureau', 'financial_profiles.statements', 'public_records.presented', 'public_records.summary'] : [],
    );
    expect(await migrateLatest(database.db, integrationMigrations)).toEqual([]);
    expect(await migrateDownAll(database.db, integrationMigrations)).toEqual([
      '20261210_0023_traces_carried',
      '20261207_0022_match_screening_merchants',
      '20261207_0021_match_screening_directory',
      '20261206_0020_watchlist_screenings',
      '20261206_0019_watchlist_versions',
      '20261203_0018_vendor_answers',
      '20261202_0017_provider_settings',
      '20261202_0016_erasure_functions',
      '20261128_0015_lz4_presented_records',
      '20261128_0014_public_records_presented',
      '20261127_0013_lz4_large_json',
      '20261127_0012_audit_outbox_relay_order',
      '20261127_0011_directory_sources',
      '20261126_0010_audit_outbox',
      '20261126_0009_webhooks',
      '20261126_0008_outbox',
      '20261125_0007_idempotency_keys',
      '20261124_0006_current_verification',
      '20261123_0005_verification',
      '20261123_0004_recovery',
      '20261122_0003_financials_and_views',
      '20261122_0002_screening',
      '20261122_0001_enrichment',
    ]);
    expect(await relations()).toEqual([]);
  });

  it('refuse a task status, screening status or match result outside their sets', async () => {
    await migrateLatest(database.db, integrationMigrations);
    const id = '11111111-1111-4111-8111-111111111111';
    await expect(
      database.db('integration.integration_tasks').insert({ business_id: id, customer_id: id, job_id: 'j', provider: 'p', status: 'DONE' }),
    ).rejects.toMatchObject({ code: '23514' });
    const screening = { customer_id: id, business_id: id, icas: '[]', provider: 'p', requested_by: id };
    await expect(database.db('integration.screenings').insert({ ...screening, status: 'DONE' })).rejects.toMatchObject({ code: '23514' });
    await expect(database.db('integration.screenings').insert({ ...screening, match_result: 'Maybe' })).rejects.toMatchObject({ code: '23514' });
  });
});
