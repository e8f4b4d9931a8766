import { randomUUID } from 'node:crypto';
import { businessListsPresented } from '../migrations/20261128_0020_business_lists_presented';
import { insertBusiness, startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/*
 * A business's names and addresses are kept as the JSON arrays contract 2.7 shows, one row per
 * business, by statement triggers (ADR 0028). These tests hold the kept arrays against the rows
 * themselves, read here one by one in position order, after writes of every kind.
 */
describe("a business's kept lists", () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  beforeAll(async () => {
    t = await startCaseTestApp({ workers: false });
  });
  afterAll(() => t.close());

  const kept = async (id: string) => {
    const row = await t.db('cases.business_lists').where({ business_id: id }).first();
    return row ? { names: JSON.parse(row.names), addresses: JSON.parse(row.addresses) } : undefined;
  };
  /** The lists from the rows, as E9 shows them, without the triggers' help. */
  const fromRows = async (id: string) => ({
    names: (await t.db('cases.business_names').where({ business_id: id }).orderBy('position')).map((n) => ({ name: n.name, is_primary: n.is_primary })),
    addresses: (await t.db('cases.business_addresses').where({ business_id: id }).orderBy('position')).map((a) => ({
      line_1: a.line_1, apartment: a.apartment, city: a.city, state: a.state, country: a.country, postal_code: a.postal_code, mobile: a.mobile, is_primary: a.is_primary,
    })),
  });
  const name = (businessId: string, position: number, text: string) => ({ business_id: businessId, position, name: text, is_primary: position === 0 });

  it('are written with the business, and follow every insert, update and delete of its rows, in position order', async () => {
    const id = await insertBusiness(t.db, { customerId });
    expect(await kept(id)).toEqual(await fromRows(id));
    expect((await kept(id))?.names).toHaveLength(1);

    // Inserted out of order: the list is in position order.
    await t.db('cases.business_names').insert([name(id, 3, 'Fourth "quoted" \\ name'), name(id, 1, 'Ünïcødé 😀')]);
    expect(await kept(id)).toEqual(await fromRows(id));
    expect((await kept(id))?.names.map((n: { name: string }) => n.name)).toEqual(['Test Business', 'Ünïcødé 😀', 'Fourth "quoted" \\ name']);

    await t.db('cases.business_names').where({ business_id: id, position: 3 }).update({ position: 2, name: 'Third now' });
    await t.db('cases.business_addresses').where({ business_id: id }).update({ city: 'Tab\there', apartment: null });
    expect(await kept(id)).toEqual(await fromRows(id));
    expect((await kept(id))?.addresses[0]).toMatchObject({ city: 'Tab\there', apartment: null });

    await t.db('cases.business_names').where({ business_id: id }).whereNot({ position: 0 }).delete();
    expect(await kept(id)).toEqual(await fromRows(id));
    await t.db('cases.business_names').where({ business_id: id }).delete();
    await t.db('cases.business_addresses').where({ business_id: id }).delete();
    expect(await kept(id)).toEqual({ names: [], addresses: [] });
  });

  it("keep each business's own lists when one statement writes or deletes rows of several", async () => {
    const [a, b, c] = [await insertBusiness(t.db, { customerId }), await insertBusiness(t.db, { customerId }), await insertBusiness(t.db, { customerId })];
    await t.db('cases.business_names').insert([name(a, 1, 'A one'), name(b, 1, 'B one'), name(b, 2, 'B two'), name(a, 2, 'A two')]);
    for (const id of [a, b, c]) expect(await kept(id)).toEqual(await fromRows(id));
    expect((await kept(b))?.names.map((n: { name: string }) => n.name)).toEqual(['Test Business', 'B one', 'B two']);

    await t.db('cases.business_names').whereIn('business_id', [a, b]).where('position', 1).update({ name: t.db.raw(`name || ' (renamed)'`) });
    await t.db('cases.business_names').whereIn('business_id', [a, b]).where('position', 2).delete();
    for (const id of [a, b, c]) expect(await kept(id)).toEqual(await fromRows(id));
    expect((await kept(a))?.names.map((n: { name: string }) => n.name)).toEqual(['Test Business', 'A one (renamed)']);
  });

  it('keep what two transactions adding to one business at once both wrote', async () => {
    const id = await insertBusiness(t.db, { customerId });
    const first = await t.db.transaction();
    let second: Promise<void> | undefined;
    try {
      await first('cases.business_names').insert(name(id, 1, 'From the first'));
      // The second's trigger waits for the first to finish, then reads the rows as it left them.
      second = t.db.transaction(async (trx) => {
        await trx('cases.business_names').insert(name(id, 2, 'From the second'));
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.commit();
    } catch (err) {
      await first.rollback();
      throw err;
    }
    await second;
    expect(await kept(id)).toEqual(await fromRows(id));
    expect((await kept(id))?.names.map((n: { name: string }) => n.name)).toEqual(['Test Business', 'From the first', 'From the second']);
  });

  it('go with a business that is deleted, and are empty for a business with no names or addresses', async () => {
    const id = await insertBusiness(t.db, { customerId });
    await t.db('cases.businesses').where({ id }).delete();
    expect(await t.db('cases.business_lists').where({ business_id: id }).first()).toBeUndefined();

    const bare = await insertBusiness(t.db, { customerId });
    await t.db('cases.business_names').where({ business_id: bare }).delete();
    await t.db('cases.business_addresses').where({ business_id: bare }).delete();
    await t.db('cases.business_lists').where({ business_id: bare }).delete();
    // A business without its row reads as two empty lists (the read's left join).
    const { rows } = await t.db.raw(`select coalesce(bl.names, '[]') as names from cases.businesses b left join cases.business_lists bl on bl.business_id = b.id where b.id = ?`, [bare]);
    expect(rows).toEqual([{ names: '[]' }]);
  });

  it('are written for the businesses already there when the migration runs, and are gone when it runs down', async () => {
    await businessListsPresented.down(t.db);
    let id: string;
    try {
      expect((await t.db.raw(`select to_regclass('cases.business_lists') as kept`)).rows).toEqual([{ kept: null }]);
      id = await insertBusiness(t.db, { customerId });
      await t.db('cases.business_names').insert(name(id, 1, 'Older name'));
    } finally {
      await businessListsPresented.up(t.db);
    }
    expect(await kept(id)).toEqual(await fromRows(id));
    expect((await kept(id))?.names).toHaveLength(2);
  });
});
