import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { createMatchScreeningDirectoryStandIn } from '../testing';
import { createMatchScreeningDirectory, MATCH_SCREENING_DIRECTORY_VIEW, type MatchedMerchantEntry } from './match-screening-directory';

/* The reader against the view's contract; the integration area's tests check its real view. */
describe('createMatchScreeningDirectory', () => {
  let database: TestDatabase;
  let standIn: Awaited<ReturnType<typeof createMatchScreeningDirectoryStandIn>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    standIn = await createMatchScreeningDirectoryStandIn(database.db);
  });
  afterAll(() => database.destroy());

  const merchant: MatchedMerchantEntry = {
    name: 'Longwood Terminated Dental',
    reasonCode: '12',
    reason: 'Payment Card Industry Data Security Standard noncompliance',
    terminatedOn: '2019-04-02',
    addedByIca: '1996',
    comparisons: { name: 'EXACT', doingBusinessAs: 'NONE', address: 'EXACT', phone: 'NONE', url: 'PHONETIC' },
  };

  it("answers the customer's business its newest screening with the matched merchants, and nothing for another tenant's or a non-UUID", async () => {
    const [customerId, businessId] = [randomUUID(), randomUUID()];
    const completedAt = new Date('2026-12-05T10:00:00Z');
    await standIn.put({ businessId, customerId, status: 'COMPLETED', result: 'Match', provider: 'match-pro', completedAt, matchedMerchants: [merchant] });
    const directory = createMatchScreeningDirectory(database.db);
    expect(await directory.newest(customerId, businessId)).toMatchObject({ businessId, status: 'COMPLETED', result: 'Match', provider: 'match-pro', completedAt, matchedMerchants: [merchant] });
    expect(await directory.newest(customerId, businessId.toUpperCase())).toMatchObject({ businessId });
    expect(await directory.newest(randomUUID(), businessId)).toBeUndefined();
    expect(await directory.newest('nope', businessId)).toBeUndefined();
    expect(await directory.newest(customerId, 'nope')).toBeUndefined();
  });

  it('answers newestOf for every business asked: the result word once completed, nulls when none was asked for, while it runs or for another tenant', async () => {
    const customerId = randomUUID();
    const [matched, running, failed, never, foreign] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const completedAt = new Date('2026-12-06T08:30:00Z');
    await standIn.put({ businessId: matched, customerId, status: 'COMPLETED', result: 'Possible Match', completedAt, id: matched });
    await standIn.put({ businessId: running, customerId, status: 'PROCESSING', id: running });
    await standIn.put({ businessId: failed, customerId, status: 'FAILED', id: failed });
    await standIn.put({ businessId: foreign, customerId: randomUUID(), status: 'COMPLETED', result: 'Match' });
    const facts = await createMatchScreeningDirectory(database.db).newestOf(customerId, [matched, running, failed, never, foreign, 'x', matched]);
    const none = { result: null, screeningId: null, status: null, completedAt: null, provider: null };
    expect(Object.fromEntries(facts)).toEqual({
      [matched]: { result: 'Possible Match', screeningId: matched, status: 'COMPLETED', completedAt, provider: 'sandbox' },
      [running]: { result: null, screeningId: running, status: 'PROCESSING', completedAt: null, provider: 'sandbox' },
      [failed]: { result: null, screeningId: failed, status: 'FAILED', completedAt: null, provider: 'sandbox' },
      [never]: none,
      [foreign]: none,
    });
    expect((await createMatchScreeningDirectory(database.db).newestOf('not-a-customer', [matched])).get(matched)).toEqual(none);
    expect((await createMatchScreeningDirectory(database.db).newestOf(customerId, ['x'])).size).toBe(0);
  });

  it('reads odd stored entries as blanks and leaves out what is not a merchant, never throwing', async () => {
    const [customerId, businessId] = [randomUUID(), randomUUID()];
    await standIn.put({ businessId, customerId, status: 'COMPLETED', result: 'Match' });
    const odd = [{ name: 7, terminatedMerchant: { terminationReasonCode: 12 } }, { name: 'EXACT', terminatedMerchant: null }, 'text', null];
    await database.db(MATCH_SCREENING_DIRECTORY_VIEW).where({ business_id: businessId }).update({ matched_merchants: JSON.stringify(odd) });
    const entry = await createMatchScreeningDirectory(database.db).newest(customerId, businessId);
    expect(entry?.matchedMerchants).toEqual([
      { name: '', reasonCode: '', reason: '', terminatedOn: '', addedByIca: '', comparisons: { name: 'NONE', doingBusinessAs: 'NONE', address: 'NONE', phone: 'NONE', url: 'NONE' } },
    ]);
  });
});
