import { randomUUID } from 'node:crypto';
import { createMatchScreeningDirectory, MATCH_SCREENING_DIRECTORY_VIEW } from '@kyb/area-views';
import { createMatchScreeningDirectoryStandIn } from '@kyb/area-views/testing';
import { migrateLatest } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { integrationMigrations } from '../migrations';

/* What the integration area publishes of MATCH screenings (issue 45): each business's newest one, its state and result. */
describe('the MATCH screening directory', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateLatest(database.db, integrationMigrations);
  });
  afterAll(() => database.destroy());

  const screening = (businessId: string, status: string, at: string, matchResult: string | null = null) =>
    database.db('integration.screenings').insert({
      customer_id: randomUUID(), business_id: businessId, status, icas: JSON.stringify(['1234']), provider: 'sandbox', match_result: matchResult,
      result: JSON.stringify({ merchant: 'not published' }), requested_by: randomUUID(), created_at: at, updated_at: at, completed_at: status === 'COMPLETED' ? at : null,
    });

  it("answers each business's newest screening, completed or not, without the merchant details", async () => {
    const [done, running, none] = [randomUUID(), randomUUID(), randomUUID()];
    await screening(done, 'COMPLETED', '2026-12-01T00:00:00Z', 'No Match');
    await screening(done, 'COMPLETED', '2026-12-02T00:00:00Z', 'Possible Match');
    await screening(running, 'COMPLETED', '2026-12-01T00:00:00Z', 'No Match');
    await screening(running, 'PROCESSING', '2026-12-03T00:00:00Z');
    const newest = await createMatchScreeningDirectory(database.db).newestOfMany([done, running, none, 'nope']);
    expect([...newest.keys()].sort()).toEqual([done, running].sort());
    expect(newest.get(done)).toMatchObject({ status: 'COMPLETED', result: 'Possible Match', provider: 'sandbox', completedAt: new Date('2026-12-02T00:00:00Z') });
    expect(newest.get(running)).toMatchObject({ status: 'PROCESSING', result: null, completedAt: null });
    expect(JSON.stringify([...newest.values()])).not.toContain('not published');
  });

  it('has the columns of the stand-in other areas test against', async () => {
    const standIns = await createTestDatabase();
    try {
      await createMatchScreeningDirectoryStandIn(standIns.db);
      const columns = async (db: TestDatabase['db']) =>
        (await db('information_schema.columns').where({ table_schema: 'integration', table_name: MATCH_SCREENING_DIRECTORY_VIEW.split('.')[1] }).orderBy('ordinal_position')).map(
          (c: { column_name: string; data_type: string }) => [c.column_name, c.data_type],
        );
      const real = await columns(database.db);
      expect(real).toHaveLength(9);
      expect(real).toEqual(await columns(standIns.db));
    } finally {
      await standIns.destroy();
    }
  });
});
