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

  it('reads the records of a batch of businesses in one go, each under its own business, BJL newest first', async () => {
    const standIn = await createIntegrationDirectoryStandIn(database.db);
    const [full, bare] = [randomUUID(), randomUUID()];
    const summary = { number_of_business_liens: '2', average_rating: '3.90' };
    await standIn.put(full, {
      publicRecords: { taskId: randomUUID(), platformId: 100, summary: summary as never },
      bjl: [
        { kind: 'LIEN', filingDate: new Date('2022-01-01T00:00:00Z'), status: 'open', amount: 10 },
        { kind: 'JUDGEMENT', filingDate: new Date('2025-01-01T00:00:00Z'), status: 'open', amount: 20 },
      ],
      financials: { statements: null, creditBureau: { score: 70, delinquentAccounts: 1 } },
    });
    await standIn.put(bare, { publicRecords: { taskId: randomUUID(), platformId: 100, summary: { average_rating: '5.00' } as never }, bjl: [] });
    const directory = createIntegrationDirectory(database.db);
    const asked = [full, bare, randomUUID(), 'x'];
    const records = await directory.publicRecordsOfMany(asked);
    expect(records.get(full)).toEqual(await directory.publicRecords(full));
    expect(records.get(bare)?.summary).toEqual({ average_rating: '5.00' });
    expect(records.size).toBe(2);
    const bjl = await directory.bjlRecordsOfMany(asked);
    expect(bjl.get(full)).toEqual(await directory.bjlRecords(full));
    expect(bjl.get(full)?.map((r) => r.kind)).toEqual(['JUDGEMENT', 'LIEN']);
    expect(bjl.has(bare)).toBe(false);
    const profiles = await directory.financialProfilesOfMany(asked);
    expect(profiles.get(full)).toEqual(await directory.financialProfile(full));
    expect(profiles.has(bare)).toBe(false);
    expect(await directory.publicRecordsOfMany([])).toEqual(new Map());
  });
});
