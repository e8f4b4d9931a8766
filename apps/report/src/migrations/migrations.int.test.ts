import { migrateDownAll, migrateLatest } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { reportMigrations } from './index';

describe('report migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('seed the business report type, apply nothing twice, run down completely, and refuse unknown statuses', async () => {
    expect(await migrateLatest(database.db, reportMigrations)).toEqual(['20261122_0001_reports', '20261123_0002_recovery', '20261125_0003_idempotency_keys', '20261126_0004_outbox', '20261126_0005_audit_outbox', '20261127_0006_audit_outbox_relay_order', '20261202_0007_erasure_functions', '20261210_0008_outbox_trace']);
    expect(await database.db('reports.report_types')).toEqual([{ id: 1, code: 'business_report', label: 'Business Report' }]);
    const id = '11111111-1111-4111-8111-111111111111';
    await expect(
      database.db('reports.reports').insert({ report_type_id: 1, customer_id: id, business_id: id, created_by: id, triggered_by: 'CUSTOMER', triggered_id: id, status: 'DONE' }),
    ).rejects.toMatchObject({ code: '23514' });
    expect(await migrateLatest(database.db, reportMigrations)).toEqual([]);
    expect(await migrateDownAll(database.db, reportMigrations)).toEqual(['20261210_0008_outbox_trace', '20261202_0007_erasure_functions', '20261127_0006_audit_outbox_relay_order', '20261126_0005_audit_outbox', '20261126_0004_outbox', '20261125_0003_idempotency_keys', '20261123_0002_recovery', '20261122_0001_reports']);
    expect(await database.db('information_schema.tables').where({ table_schema: 'reports' }).whereNot('table_name', 'like', 'knex_%')).toEqual([]);
  });
});
