import { randomUUID } from 'node:crypto';
import { testCaller } from '@kyb/auth/testing';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { createBusinessDirectoryStandIn } from '../testing';
import { assertBusinessAccess, businessScopedRead, SCOPED_BUSINESS_ID } from './business-scoped-read';

const caller = testCaller;

/* A business's own rows read in the statement of its access check, against the views' contract. */
describe('businessScopedRead', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.raw('create table scoped_things (business_id uuid not null, n int not null, label text not null)');
  });
  afterAll(() => database.destroy());

  it('answers the business with its rows in the inner query order, none when it has none, and no business for an unknown id', async () => {
    const standIn = await createBusinessDirectoryStandIn(database.db);
    const [withRows, withoutRows, customerId] = [randomUUID(), randomUUID(), randomUUID()];
    const createdAt = new Date('2026-01-02T03:04:05.678Z');
    await standIn.put({ id: withRows, customerId, createdAt });
    await standIn.put({ id: withoutRows, customerId });
    await database.db('scoped_things').insert([
      { business_id: withRows, n: 2, label: 'b' },
      { business_id: withRows, n: 1, label: 'a' },
      { business_id: withRows, n: 3, label: 'c' },
      { business_id: withoutRows, n: 9, label: 'above the limit' },
    ]);
    const read = businessScopedRead<{ n: number; label: string }, 'below'>(database.db, ['below'], (v) =>
      database.db('scoped_things').where('business_id', database.db.ref(SCOPED_BUSINESS_ID)).where('n', '<', v.below).orderBy('n', 'desc').select('n', 'label'),
    );
    expect(await read(withRows, { below: 5 })).toEqual({
      business: { id: withRows, customerId, createdAt },
      rows: [
        { n: 3, label: 'c' },
        { n: 2, label: 'b' },
        { n: 1, label: 'a' },
      ],
    });
    expect(await read(withRows, { below: 3 })).toMatchObject({ rows: [{ n: 2 }, { n: 1 }] });
    expect(await read(withoutRows, { below: 5 })).toEqual({ business: expect.objectContaining({ id: withoutRows }), rows: [] });
    expect(await read(randomUUID(), { below: 5 })).toEqual({ business: undefined, rows: [] });
    expect(await read("1' or '1'='1", { below: 5 })).toEqual({ business: undefined, rows: [] });
  });

  it("takes the business's tenant from the directory, even when the inner query has a column of the same name", async () => {
    const standIn = await createBusinessDirectoryStandIn(database.db);
    const [id, customerId] = [randomUUID(), randomUUID()];
    await standIn.put({ id, customerId });
    const forged = randomUUID();
    const read = businessScopedRead<Record<string, unknown>>(database.db, [], () =>
      database.db.select(database.db.raw('?::uuid as scope_customer_id', [forged]), database.db.raw('?::uuid as scope_id', [forged])),
    );
    expect((await read(id)).business).toMatchObject({ id, customerId });
  });

  it('checks access as findAccessibleBusiness does: 403 for another tenant and for none, 404 only to an ADMIN', () => {
    const business = { id: randomUUID(), customerId: randomUUID(), createdAt: new Date() };
    expect(assertBusinessAccess(caller('CUSTOMER', business.customerId), business)).toBe(business);
    expect(assertBusinessAccess(caller('ADMIN', null), business)).toBe(business);
    expect(assertBusinessAccess(caller('APPLICANT', null, [business.id]), business)).toBe(business);
    const refused = { httpStatus: 403, errorCode: 'UNAUTHORIZED', errorName: 'AccessMiddlewareError', message: 'You are not allowed to access the data.' };
    expect(() => assertBusinessAccess(caller('CUSTOMER', randomUUID()), business)).toThrow(expect.objectContaining(refused));
    expect(() => assertBusinessAccess(caller('APPLICANT', null, [randomUUID()]), business)).toThrow(expect.objectContaining(refused));
    expect(() => assertBusinessAccess(caller('CUSTOMER', business.customerId), undefined)).toThrow(expect.objectContaining(refused));
    expect(() => assertBusinessAccess(caller('ADMIN', null), undefined)).toThrow(
      expect.objectContaining({ httpStatus: 404, errorCode: 'NOT_FOUND', errorName: 'BusinessApiError', message: 'Business not found' }),
    );
  });
});
