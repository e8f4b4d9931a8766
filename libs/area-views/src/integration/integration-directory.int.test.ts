import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { createIntegrationDirectoryStandIn } from '../testing';
import { createIntegrationDirectory } from './integration-directory';

/* The reader against the views' contract; the integration area's tests check its real views. */
describe('createIntegrationDirectory', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('reads public records, BJL records newest first and a financial profile; nothing for unknown ids or non-UUIDs', async () => {
    const standIn = await createIntegrationDirectoryStandIn(database.db);
    const id = randomUUID();
    const taskId = randomUUID();
    const summary = { number_of_business_liens: '1', average_rating: '4.10' };
    await standIn.put(id, {
      publicRecords: { taskId, platformId: 100, summary: summary as never },
      bjl: [
        { kind: 'LIEN', filingDate: new Date('2023-01-01T00:00:00Z'), status: 'released', amount: 12.5 },
        { kind: 'BANKRUPTCY', filingDate: new Date('2024-01-01T00:00:00Z'), status: 'open', amount: null },
      ],
      financials: { statements: null, creditBureau: { score: 61, delinquentAccounts: 0 } },
    });
    const directory = createIntegrationDirectory(database.db);
    expect(await directory.publicRecords(id)).toMatchObject({ taskId, platformId: 100, summary });
    expect((await directory.bjlRecords(id)).map((r) => [r.kind, r.amount])).toEqual([
      ['BANKRUPTCY', null],
      ['LIEN', 12.5],
    ]);
    expect(await directory.financialProfile(id)).toMatchObject({ statements: null, creditBureau: { score: 61, delinquentAccounts: 0 } });
    expect(await directory.publicRecords(randomUUID())).toBeUndefined();
    expect(await directory.bjlRecords('x')).toEqual([]);
  });
});
