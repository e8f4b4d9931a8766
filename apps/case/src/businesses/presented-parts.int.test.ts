import { randomUUID } from 'node:crypto';
import { presentedParts } from '../migrations/20261127_0017_presented_parts';
import { businessListsPresented } from '../migrations/20261128_0020_business_lists_presented';
import { insertBusiness, readBusinessData, startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/*
 * Each row keeps its part of the presented business, written by a trigger (ADR 0028). These tests
 * hold E9 against what the rows themselves say, read here column by column (an oracle that shares
 * nothing with the triggers), after writes of every kind and for rows older than the triggers.
 */
/** An owner's row as knex reads it, with its title. */
type OwnerRow = Record<string, string | null> & { title_id: number | null; date_of_birth: Date | null; created_at: Date; updated_at: Date };

describe("a business's presented parts", () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  let token: string;

  beforeAll(async () => {
    t = await startCaseTestApp({ workers: false });
    token = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['businesses:read'] });
  });
  afterAll(() => t.close());

  const read = (id: string) => readBusinessData(t.app, token, id, true);
  const iso = (at: Date | null) => (at === null ? null : at.toISOString());

  /** The business as contract 2.7 shows it, from its rows (status UNVERIFIED: no verification is put here). */
  async function fromRows(id: string): Promise<Record<string, unknown>> {
    const b = await t.db('cases.businesses').where({ id }).first();
    const naics = b.naics_code ? await t.db('cases.naics_codes').where({ code: b.naics_code }).first() : undefined;
    const mcc = b.mcc_code ? await t.db('cases.mcc_codes').where({ code: b.mcc_code }).first() : undefined;
    const industry = await t.db('cases.industries').where({ id: b.industry_id ?? naics?.industry_id ?? null }).first();
    const names = await t.db('cases.business_names').where({ business_id: id }).orderBy('position');
    const addresses = await t.db('cases.business_addresses').where({ business_id: id }).orderBy('position');
    const owners = await t.db('cases.owners as o').leftJoin('cases.owner_titles as ot', 'ot.id', 'o.title_id').where({ business_id: id }).orderBy('position').select('o.*', 'ot.title');
    return {
      id, customer_id: b.customer_id, name: b.name, tin: b.tin_masked, mobile: b.mobile, official_website: b.official_website,
      public_website: b.public_website, social_account: b.social_account, address_apartment: b.address_apartment,
      address_line_1: b.address_line_1, address_line_2: b.address_line_2, address_city: b.address_city, address_state: b.address_state,
      address_postal_code: b.address_postal_code, address_country: b.address_country, created_at: iso(b.created_at), created_by: b.created_by,
      updated_at: iso(b.updated_at), updated_by: b.updated_by, deleted_at: iso(b.deleted_at), deleted_by: b.deleted_by, status: 'UNVERIFIED',
      industry: industry
        ? { id: String(industry.id), name: industry.name, code: industry.code, sector_code: industry.sector_code, created_at: iso(industry.created_at), updated_at: iso(industry.updated_at) }
        : null,
      mcc_id: mcc ? String(mcc.id) : null, naics_id: naics ? String(naics.id) : null, naics_code: b.naics_code, naics_title: naics?.title ?? null,
      mcc_code: b.mcc_code, mcc_title: mcc?.title ?? null, is_deleted: b.deleted_at !== null, external_id: b.external_id,
      is_monitoring_enabled: b.is_monitoring_enabled,
      subscription: { status: b.subscription_status, created_at: iso(b.subscription_created_at), updated_at: iso(b.subscription_updated_at) },
      owners: (owners as OwnerRow[]).map((o) => ({
        id: o.id, title: o.title_id === null ? null : { id: String(o.title_id), title: o.title }, first_name: o.first_name, last_name: o.last_name,
        ssn: o.ssn_masked, email: o.email, mobile: o.mobile,
        date_of_birth: o.date_of_birth === null ? null : `${o.date_of_birth.getFullYear()}-${String(o.date_of_birth.getMonth() + 1).padStart(2, '0')}-${String(o.date_of_birth.getDate()).padStart(2, '0')}`,
        apartment: o.apartment, line_1: o.line_1, line_2: o.line_2, city: o.city, state: o.state, postal_code: o.postal_code, country: o.country,
        created_at: iso(o.created_at), created_by: o.created_by, updated_at: iso(o.updated_at), updated_by: o.updated_by,
        ownership_percentage: o.ownership_percentage === null ? null : Number(o.ownership_percentage), owner_type: o.owner_type,
      })),
      business_names: names.map((n: Record<string, unknown>) => ({ name: n.name, is_primary: n.is_primary })),
      business_addresses: addresses.map((a: Record<string, unknown>) => ({
        line_1: a.line_1, apartment: a.apartment, city: a.city, state: a.state, country: a.country, postal_code: a.postal_code, mobile: a.mobile, is_primary: a.is_primary,
      })),
    };
  }

  const awkward = 'Ünïcødé "quoted" \\ back\nslash\ttab \u0001 😀 </script>';

  it('shows every write to any of its rows in the next read, whatever wrote it', async () => {
    const id = await insertBusiness(t.db, {
      customerId,
      naicsCode: '722511',
      mccCode: '5812',
      owners: [{ first_name: 'Ann', last_name: 'Lee', ssn_masked: 'XXXXX1234', ownership_percentage: 12.5 }, { first_name: 'Bob', last_name: 'Ray' }],
    });
    expect(await read(id)).toEqual(await fromRows(id));

    await t.db('cases.businesses').where({ id }).update({ name: awkward, tin_masked: 'XXXXX0000', official_website: 'https://a.example', updated_at: new Date('2026-01-02T03:04:05.678Z'), deleted_by: null });
    await t.db('cases.business_names').where({ business_id: id }).update({ name: awkward });
    await t.db('cases.business_names').insert({ business_id: id, position: 1, name: 'Second name', is_primary: false });
    await t.db('cases.business_addresses').where({ business_id: id }).update({ city: awkward, apartment: 'Apt "7"' });
    const [ann] = await t.db('cases.owners').where({ business_id: id }).orderBy('position').pluck('id');
    await t.db('cases.owners').where({ id: ann }).update({ first_name: awkward, title_id: 2, ownership_percentage: 33.33, date_of_birth: '1999-12-31' });
    await t.db('cases.owners').where({ business_id: id, position: 1 }).update({ title_id: null, email: null });
    const after = await read(id);
    expect(after).toEqual(await fromRows(id));
    expect(after).toMatchObject({ name: awkward, tin: 'XXXXX0000', business_names: [{ name: awkward }, { name: 'Second name' }] });
    expect(after.owners[0]).toMatchObject({ first_name: awkward, title: { id: '2' }, ownership_percentage: 33.33, date_of_birth: '1999-12-31' });

    await t.db('cases.business_names').where({ business_id: id, position: 1 }).delete();
    await t.db('cases.owners').where({ id: ann }).delete();
    expect(await read(id)).toEqual(await fromRows(id));
    expect((await read(id)).owners).toHaveLength(1);
  });

  it("shows the industry of the client's code, else of the NAICS code, and a code missing from the code tables with no id or title", async () => {
    const chosen = await insertBusiness(t.db, { customerId, naicsCode: '722511', industryId: 16 });
    expect(await read(chosen)).toEqual(await fromRows(chosen));
    expect((await read(chosen)).industry).toMatchObject({ id: '16', sector_code: '62' });

    const unknown = await insertBusiness(t.db, { customerId, naicsCode: '999999', mccCode: '0001' });
    expect(await read(unknown)).toMatchObject({ naics_code: '999999', naics_id: null, naics_title: null, mcc_code: '0001', mcc_id: null, mcc_title: null, industry: null });
    expect(await read(unknown)).toEqual(await fromRows(unknown));
  });

  it('gives rows written before the triggers existed their parts when the migration runs, and never keeps one missing', async () => {
    // The lists kept from the parts (0020) go first and come back last, as the migrations run.
    await businessListsPresented.down(t.db);
    await presentedParts.down(t.db);
    let id: string;
    try {
      id = await insertBusiness(t.db, { customerId, naicsCode: '621210', mccCode: '8021', owners: [{ first_name: 'Old', last_name: 'Row', ssn_masked: 'XXXXX4321' }] });
    } finally {
      await presentedParts.up(t.db);
      await businessListsPresented.up(t.db);
    }
    expect(await read(id)).toEqual(await fromRows(id));
    for (const table of ['businesses', 'business_names', 'business_addresses', 'owners']) {
      const column = table === 'businesses' ? 'presented_head' : 'presented';
      await t.db.raw(`update cases.${table} set ${column} = null where ${table === 'businesses' ? 'id' : 'business_id'} = ?`, [id]);
      const [kept] = await t.db(`cases.${table}`).where(table === 'businesses' ? { id } : { business_id: id }).pluck(column);
      expect(kept).toEqual(expect.any(String));
      expect(await read(id)).toEqual(await fromRows(id));
    }
  });
});
