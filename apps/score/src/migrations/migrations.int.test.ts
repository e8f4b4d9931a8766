import { migrateDownAll, migrateLatest, supportsLz4 } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { DEFAULT_WEIGHTAGE_CONFIG, VERIFICATION_WEIGHTAGE_CONFIG } from '../engine';
import { scoreMigrations } from './index';

describe('score migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('seed the active config 2.2 and the inactive 2.3 with the verification rule, apply nothing twice, and run down completely', async () => {
    expect(await migrateLatest(database.db, scoreMigrations)).toEqual(['20261122_0001_scores', '20261123_0002_recovery', '20261123_0003_verification_rule', '20261125_0004_idempotency_keys', '20261126_0005_outbox', '20261127_0006_reproducible_scores', '20261127_0007_alerts', '20261127_0008_audit_outbox', '20261127_0009_report_views', '20261127_0010_audit_outbox_relay_order', '20261127_0011_lz4_large_json', '20261202_0012_erasure_functions', '20261207_0013_weightage_factor_directory', '20261208_0014_case_decision_alerts', '20261209_0015_newest_success_score_index', '20261210_0016_outbox_trace']);
    // A score's explanation is compressed with LZ4 where the server has it (ADR 0031).
    const compressed = await database.db('pg_attribute').whereRaw(`attrelid = 'scores.scores'::regclass and attcompression = 'l'`).orderBy('attname').pluck('attname');
    expect(compressed).toEqual((await supportsLz4(database.db)) ? ['decision_log', 'inputs', 'reason_codes', 'score_distribution'] : []);
    const configs = await database.db('scores.weightage_configs').orderBy('version');
    expect(configs).toEqual([
      expect.objectContaining({ id: DEFAULT_WEIGHTAGE_CONFIG.id, version: '2.2', is_active: true, config: DEFAULT_WEIGHTAGE_CONFIG }),
      expect.objectContaining({ id: VERIFICATION_WEIGHTAGE_CONFIG.id, version: '2.3', is_active: false, config: VERIFICATION_WEIGHTAGE_CONFIG }),
    ]);
    expect(await migrateLatest(database.db, scoreMigrations)).toEqual([]);
    expect(await migrateDownAll(database.db, scoreMigrations)).toEqual(['20261210_0016_outbox_trace', '20261209_0015_newest_success_score_index', '20261208_0014_case_decision_alerts', '20261207_0013_weightage_factor_directory', '20261202_0012_erasure_functions', '20261127_0011_lz4_large_json', '20261127_0010_audit_outbox_relay_order', '20261127_0009_report_views', '20261127_0008_audit_outbox', '20261127_0007_alerts', '20261127_0006_reproducible_scores', '20261126_0005_outbox', '20261125_0004_idempotency_keys', '20261123_0003_verification_rule', '20261123_0002_recovery', '20261122_0001_scores']);
    expect(await database.db('information_schema.tables').where({ table_schema: 'scores' }).whereNot('table_name', 'like', 'knex_%')).toEqual([]);
  });

  it('allow one active config, known statuses and severities only, and each alert once', async () => {
    await migrateLatest(database.db, scoreMigrations);
    await expect(
      database.db('scores.weightage_configs').insert({ id: '11111111-1111-4111-8111-111111111111', version: '9.9', config: '{}', is_active: true }),
    ).rejects.toMatchObject({ code: '23505' });
    const score = {
      business_id: DEFAULT_WEIGHTAGE_CONFIG.id,
      source_key: 'k',
      trigger: 'ON_DEMAND',
      weightage_config_id: DEFAULT_WEIGHTAGE_CONFIG.id,
      version: '2.2',
      year: 2026,
      month: 1,
    };
    await expect(database.db('scores.scores').insert({ ...score, status: 'DONE' })).rejects.toMatchObject({ code: '23514' });
    await expect(database.db('scores.scores').insert({ ...score, trigger: 'WHIM' })).rejects.toMatchObject({ code: '23514' });
    const [{ id }] = await database.db('scores.scores').insert({ ...score, status: 'SUCCESS' }).returning('id');
    const alert = { customer_id: id, business_id: id, score_id: id, previous_score_id: id, rule: 'NEW_LIEN', severity: 'HIGH', title: 't', summary: 's', data: '{}', created_at: new Date(), updated_at: new Date() };
    await expect(database.db('scores.alerts').insert({ ...alert, status: 'CLOSED' })).rejects.toMatchObject({ code: '23514' });
    await expect(database.db('scores.alerts').insert({ ...alert, severity: 'URGENT' })).rejects.toMatchObject({ code: '23514' });
    await database.db('scores.alerts').insert(alert);
    // An alert is raised once per score, rule and subject.
    await expect(database.db('scores.alerts').insert(alert)).rejects.toMatchObject({ code: '23505' });
  });
});
