import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrateDownAll, migrateLatest, type Knex } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { summarisePublicRecords } from '../public-records/public-records.summary';
import { providerRecords } from '../test-support/fake-providers';
import { integrationMigrations } from './index';

const sample = JSON.parse(readFileSync(join(__dirname, '../test-support/samples/public-records.response.200.json'), 'utf8'));

/** The integration migrations before 0014: a database as it was when public records were not yet presented. */
const before0014 = {
  ...integrationMigrations,
  migrations: integrationMigrations.migrations.slice(0, integrationMigrations.migrations.findIndex((m) => m.name === '20261128_0014_public_records_presented')),
};

async function insertTask(db: Knex, businessId: string): Promise<string> {
  const [task] = await db('integration.integration_tasks')
    .insert({ business_id: businessId, customer_id: randomUUID(), job_id: `job-${randomUUID()}`, provider: 'sandbox' })
    .returning('id');
  return task.id as string;
}

/** Stores public records for a new business as the writers do (the summary as JSON.stringify wrote it); answers the row's id. */
async function insertRecords(db: Knex, summary: object, at = new Date('2026-11-28T09:15:42.123Z')): Promise<{ id: string; businessId: string; taskId: string }> {
  const businessId = randomUUID();
  const taskId = await insertTask(db, businessId);
  const [row] = await db('integration.public_records')
    .insert({ business_id: businessId, business_integration_task_id: taskId, provider: 'sandbox', platform_id: 7, summary: JSON.stringify(summary), created_at: at, updated_at: at })
    .returning('id');
  return { id: row.id as string, businessId, taskId };
}

const presentedOf = async (db: Knex, id: string): Promise<string> => (await db('integration.public_records').where({ id }).first('presented')).presented as string;

/* Migration 0014: each public-records row keeps E1's `data.public_records` as JSON text. */
describe('public records as E1 presents them', () => {
  let database: TestDatabase;
  const summary = summarisePublicRecords(
    providerRecords([{ kind: 'LIEN', providerRecordId: 'L-1', filingDate: '2025-05-15T00:00:00.000Z', status: 'active', amount: 4445 }]),
  );
  let oldRow: { id: string; businessId: string; taskId: string };

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateLatest(database.db, before0014);
    oldRow = await insertRecords(database.db, summary);
    await migrateLatest(database.db, integrationMigrations);
  });
  afterAll(() => database.destroy());

  it('holds the row and its summary in the key order of the published sample, every value as stored', async () => {
    const { id, taskId } = await insertRecords(database.db, summary);
    const presented = JSON.parse(await presentedOf(database.db, id));
    expect(Object.keys(presented)).toEqual(Object.keys(sample.data.public_records));
    expect(presented).toEqual({
      ...summary,
      id,
      business_integration_task_id: taskId,
      created_at: '2026-11-28T09:15:42.123Z',
      updated_at: '2026-11-28T09:15:42.123Z',
    });
    // Nested objects keep the order their writer gave them (the summary is `json`, not `jsonb`).
    for (const nested of ['review_statistics', 'compalint_statistics', 'additional_records'] as const) {
      expect(Object.keys(presented[nested])).toEqual(Object.keys(summary[nested]));
    }
  });

  it('is written for rows stored before the migration', async () => {
    const presented = JSON.parse(await presentedOf(database.db, oldRow.id));
    expect(presented).toMatchObject({ id: oldRow.id, business_integration_task_id: oldRow.taskId, number_of_business_liens: summary.number_of_business_liens });
    expect(Object.keys(presented)).toEqual(Object.keys(sample.data.public_records));
  });

  it('is written again when the row is (a newer task replaces the records), and cannot be set apart from it', async () => {
    const { id, businessId } = await insertRecords(database.db, summary);
    const newerTask = await insertTask(database.db, businessId);
    const later = new Date('2026-12-01T10:00:00.000Z');
    await database.db('integration.public_records')
      .where({ id })
      .update({ business_integration_task_id: newerTask, summary: JSON.stringify({ ...summary, number_of_business_liens: '5' }), updated_at: later });
    expect(JSON.parse(await presentedOf(database.db, id))).toMatchObject({
      business_integration_task_id: newerTask,
      number_of_business_liens: '5',
      created_at: '2026-11-28T09:15:42.123Z',
      updated_at: later.toISOString(),
    });
    await database.db('integration.public_records').where({ id }).update({ presented: '{"forged": true}' });
    expect(JSON.parse(await presentedOf(database.db, id))).toMatchObject({ id, number_of_business_liens: '5' });
  });

  it('leaves out what the summary lacks, shows nothing it adds, and lets no summary member stand for a column', async () => {
    const { additional_records: _left, ...partial } = summary;
    const { id, taskId } = await insertRecords(database.db, { ...partial, id: 'not-the-row', created_at: 'never', extra_member: 1 });
    const presented = JSON.parse(await presentedOf(database.db, id));
    expect(presented).not.toHaveProperty('additional_records');
    expect(presented).not.toHaveProperty('extra_member');
    expect(presented).toMatchObject({ id, business_integration_task_id: taskId, created_at: '2026-11-28T09:15:42.123Z' });
    expect(Object.keys(presented)).toEqual(Object.keys(sample.data.public_records).filter((key) => key !== 'additional_records'));
  });

  it('keeps text exactly, quotes, backslashes, control and non-ASCII characters included, and JSON nulls as null', async () => {
    const name = 'O\'Brien "Dental" \\ Søn 🦷\n\u0001';
    const { id } = await insertRecords(database.db, { ...summary, corporate_filing_business_name: name, official_website: null });
    const presented = JSON.parse(await presentedOf(database.db, id));
    expect(presented.corporate_filing_business_name).toBe(name);
    expect(presented).toHaveProperty('official_website', null);
  });

  it('runs down and up again', async () => {
    await migrateDownAll(database.db, integrationMigrations);
    await migrateLatest(database.db, integrationMigrations);
    const { id } = await insertRecords(database.db, summary);
    expect(Object.keys(JSON.parse(await presentedOf(database.db, id)))).toEqual(Object.keys(sample.data.public_records));
  });
});
