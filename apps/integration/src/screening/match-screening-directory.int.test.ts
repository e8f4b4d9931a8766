import { randomUUID } from 'node:crypto';
import { createMatchScreeningDirectory, MATCH_SCREENING_DIRECTORY_VIEW } from '@kyb/area-views';
import { createMatchScreeningDirectoryStandIn } from '@kyb/area-views/testing';
import { migrateLatest } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { integrationMigrations } from '../migrations';
import { sandboxOutcome } from './sandbox-screening.provider';

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

  it('publishes the matched merchant of a completed screening as stored, with its reason code, never the principals; none after the tenant is erased', async () => {
    const customerId = randomUUID();
    const profile = (id: string, name: string) => ({
      id, customerId, name, officialWebsite: null, mobile: null, addressLine1: null, addressCity: null, addressState: null, addressPostalCode: null, addressCountry: null,
      owners: [{ id: randomUUID(), firstName: 'Quill', lastName: 'Principalname', line1: null, city: null, state: null, postalCode: null, country: null }],
    });
    const [matched, clean] = [randomUUID(), randomUUID()];
    const completed = async (businessId: string, name: string) => {
      const outcome = sandboxOutcome(profile(businessId, name), ['1996']);
      await database.db('integration.screenings').insert({
        customer_id: customerId, business_id: businessId, status: 'COMPLETED', icas: JSON.stringify(['1996']), provider: 'sandbox', match_result: outcome.matchResult,
        result: JSON.stringify(outcome), requested_by: randomUUID(), created_at: '2026-12-04T00:00:00Z', updated_at: '2026-12-04T00:01:00Z', completed_at: '2026-12-04T00:01:00Z',
      });
      return outcome;
    };
    const outcome = await completed(matched, 'Terminated Tile Works');
    await completed(clean, 'Plain Tile Works');
    const directory = createMatchScreeningDirectory(database.db);
    const listed = outcome.merchant.terminatedMerchant;
    expect((await directory.newest(customerId, matched))?.matchedMerchants).toEqual([
      {
        name: 'Terminated Tile Works',
        reasonCode: listed?.terminationReasonCode,
        reason: listed?.terminationReason,
        terminatedOn: listed?.terminationDate,
        addedByIca: '1996',
        comparisons: { name: 'EXACT', doingBusinessAs: 'NONE', address: 'EXACT', phone: 'NONE', url: 'NONE' },
      },
    ]);
    expect(listed?.terminationReasonCode).toMatch(/^\d{2}$/);
    expect(await directory.newest(customerId, clean)).toMatchObject({ result: 'No Match', matchedMerchants: [] });
    const published = await database.db(MATCH_SCREENING_DIRECTORY_VIEW).where({ customer_id: customerId });
    expect(JSON.stringify(published)).not.toMatch(/Quill|Principalname|principals/);

    await database.db.raw('select integration.erase_customer(?)', [customerId]);
    expect(await directory.newest(customerId, matched)).toMatchObject({ result: 'Match', matchedMerchants: [] });
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
      expect(real).toHaveLength(10);
      expect(real).toEqual(await columns(standIns.db));
    } finally {
      await standIns.destroy();
    }
  });
});
