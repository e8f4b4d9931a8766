import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { createScoreDirectoryStandIn } from '../testing';
import { CONTESTED_DECISION_ALERT_RULE, createAlertDirectory } from './alert-directory';
import { createScoreDirectory } from './score-directory';

/* The reader against the view's contract; the score area's tests check its real view. */
describe('createScoreDirectory', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('reads the newest successful score only; nothing for unknown ids or non-UUIDs', async () => {
    const standIn = await createScoreDirectoryStandIn(database.db);
    const businessId = randomUUID();
    const base = { businessId, version: '2.2', weightageConfigId: randomUUID(), riskLevel: 'LOW', decision: 'APPROVE', distribution: [] };
    const older = { ...base, id: randomUUID(), weightedScore100: 70, weightedScore850: 685, createdAt: new Date('2026-01-01T00:00:00Z') };
    const newer = { ...base, id: randomUUID(), weightedScore100: 80, weightedScore850: 740, createdAt: new Date('2026-02-01T00:00:00Z') };
    const failed = { ...base, id: randomUUID(), weightedScore100: 0, weightedScore850: 300, status: 'FAILED', createdAt: new Date('2026-03-01T00:00:00Z') };
    for (const entry of [older, newer, failed]) await standIn.put(entry);
    const directory = createScoreDirectory(database.db);
    expect(await directory.latestSuccessful(businessId)).toMatchObject({ id: newer.id, weightedScore850: 740, riskLevel: 'LOW', decision: 'APPROVE' });
    expect(await directory.latestSuccessful(randomUUID())).toBeUndefined();
    expect(await directory.latestSuccessful('nope')).toBeUndefined();
  });

  it('reads the newest successful score of an earlier month (the previous month that has one)', async () => {
    const standIn = await createScoreDirectoryStandIn(database.db);
    const businessId = randomUUID();
    const base = { businessId, version: '2.2', weightageConfigId: randomUUID(), riskLevel: 'LOW', decision: 'APPROVE', distribution: [], weightedScore100: 70 };
    const put = async (weightedScore850: number, at: string, status = 'SUCCESS') => {
      const id = randomUUID();
      await standIn.put({ ...base, id, weightedScore850, status, createdAt: new Date(at) });
      return id;
    };
    const decemberLast = await put(700, '2025-12-30T00:00:00Z');
    await put(690, '2025-12-02T00:00:00Z');
    await put(300, '2026-01-20T00:00:00Z', 'FAILED');
    const march = await put(720, '2026-03-05T00:00:00Z');
    const directory = createScoreDirectory(database.db);
    expect(await directory.latestSuccessfulBefore(businessId, 2026, 3)).toMatchObject({ id: decemberLast, weightedScore850: 700, year: 2025, month: 12 });
    expect(await directory.latestSuccessfulBefore(businessId, 2026, 4)).toMatchObject({ id: march, year: 2026, month: 3 });
    expect(await directory.latestSuccessfulBefore(businessId, 2025, 12)).toBeUndefined();
    expect(await directory.latestSuccessfulBefore('nope', 2026, 3)).toBeUndefined();
  });

  it('reads the newest successful score of many businesses in one go, and their unresolved alerts counted', async () => {
    const standIn = await createScoreDirectoryStandIn(database.db);
    const [first, second, none] = [randomUUID(), randomUUID(), randomUUID()];
    const base = { version: '2.2', weightageConfigId: randomUUID(), riskLevel: 'LOW', decision: 'APPROVE', distribution: [], weightedScore100: 70, weightedScore850: 700 };
    const newest = randomUUID();
    await standIn.put({ ...base, businessId: first, id: randomUUID(), createdAt: new Date('2026-01-01T00:00:00Z') });
    await standIn.put({ ...base, businessId: first, id: newest, decision: 'DECLINE', createdAt: new Date('2026-02-01T00:00:00Z') });
    await standIn.put({ ...base, businessId: first, id: randomUUID(), status: 'FAILED', createdAt: new Date('2026-03-01T00:00:00Z') });
    await standIn.put({ ...base, businessId: second, id: randomUUID(), status: 'FAILED' });
    const many = await createScoreDirectory(database.db).latestSuccessfulOfMany([first, second, none, 'nope']);
    expect([...many.keys()]).toEqual([first]);
    expect(many.get(first)).toMatchObject({ id: newest, decision: 'DECLINE' });

    const customerId = randomUUID();
    const alert = (businessId: string, severity: 'HIGH' | 'LOW', status: 'OPEN' | 'ACKNOWLEDGED' | 'RESOLVED', at: string) =>
      standIn.putAlert({ customerId, businessId, rule: 'NEW_LIEN', severity, status, title: 't', summary: 's', createdAt: new Date(at) });
    await alert(first, 'HIGH', 'OPEN', '2026-02-01T00:00:00Z');
    await alert(first, 'LOW', 'ACKNOWLEDGED', '2026-02-03T00:00:00Z');
    await alert(first, 'HIGH', 'RESOLVED', '2026-02-05T00:00:00Z');
    await alert(second, 'HIGH', 'RESOLVED', '2026-02-05T00:00:00Z');
    // A contested decision's alert speaks of the case, not the business: not counted.
    await standIn.putAlert({ customerId, businessId: first, rule: CONTESTED_DECISION_ALERT_RULE, severity: 'HIGH', status: 'OPEN', title: 't', summary: 's', createdAt: new Date('2026-02-09T00:00:00Z') });
    const counts = await createAlertDirectory(database.db).unresolvedCountsOfMany([first, second, 'nope']);
    expect([...counts.entries()]).toEqual([[first, { open: 2, high: 1, newestAt: new Date('2026-02-03T00:00:00Z') }]]);
  });
  it("reads what each factor of a score's config measures: its extractor, the kind of number and the config's words; nothing for a config unknown or not a UUID", async () => {
    const standIn = await createScoreDirectoryStandIn(database.db);
    const configId = randomUUID();
    await standIn.putFactorUnits(configId, [
      { code: 'BANKRUPTCIES_AI_PLACEHOLDER', input: 'YEARS_SINCE_BANKRUPTCY', unit: 'years since the most recent bankruptcy (10 = none)' },
      { code: 'NEW_FACTOR', input: 'NOT_KNOWN_HERE', unit: null },
    ]);
    const units = await createScoreDirectory(database.db).factorUnits(configId);
    expect(Object.fromEntries(units)).toEqual({
      BANKRUPTCIES_AI_PLACEHOLDER: { input: 'YEARS_SINCE_BANKRUPTCY', kind: 'years', text: 'years since the most recent bankruptcy (10 = none)' },
      NEW_FACTOR: { input: 'NOT_KNOWN_HERE', kind: null, text: null },
    });
    expect((await createScoreDirectory(database.db).factorUnits(randomUUID())).size).toBe(0);
    expect((await createScoreDirectory(database.db).factorUnits('nope')).size).toBe(0);
  });
});
