import { containsPattern, type Knex } from '@kyb/db';
import { CLASSIFICATION_DIRECTORY_VIEW, VERIFICATION_DIRECTORY_VIEW } from '@kyb/area-views';
import type { BusinessRecords } from './business-records';
import type { BusinessListQuery } from './businesses.schemas';
import type { BusinessAddressRow, BusinessAggregate, BusinessNameRow, BusinessRow, OwnerRow } from './business.types';

/** The status shown: the integration area's latest verification, else UNVERIFIED. */
const STATUS = `coalesce(v.status, 'UNVERIFIED')`;

/**
 * Businesses with what is read beside them, one query: the latest verification (integration
 * area), the provider's classification where the client gave no code (a client's value is never
 * replaced), the code tables' ids and titles, and the industry (the client's, else the sector of
 * the NAICS code shown).
 */
function businessesWithClassification(db: Knex): Knex.QueryBuilder {
  return db('cases.businesses as b')
    .leftJoin(`${VERIFICATION_DIRECTORY_VIEW} as v`, 'v.business_id', 'b.id')
    .leftJoin(`${CLASSIFICATION_DIRECTORY_VIEW} as pc`, 'pc.business_id', 'b.id')
    .leftJoin('cases.naics_codes as n', 'n.code', db.raw('coalesce(b.naics_code, pc.naics_code)'))
    .leftJoin('cases.mcc_codes as m', 'm.code', db.raw('coalesce(b.mcc_code, pc.mcc_code)'))
    .leftJoin('cases.industries as i', 'i.id', db.raw('coalesce(b.industry_id, n.industry_id)'));
}

const SELECTED = (db: Knex) => [
  'b.*',
  db.raw(`${STATUS} as status`),
  db.raw('coalesce(b.naics_code, pc.naics_code) as shown_naics_code'),
  db.raw('coalesce(b.mcc_code, pc.mcc_code) as shown_mcc_code'),
  'n.id as naics_id',
  'n.title as naics_title',
  'm.id as mcc_id',
  'm.title as mcc_title',
  'i.id as industry_row_id',
  'i.name as industry_name',
  'i.code as industry_code',
  'i.sector_code as industry_sector_code',
  'i.created_at as industry_created_at',
  'i.updated_at as industry_updated_at',
];

function toBusinessRow(row: Record<string, unknown>): BusinessRow {
  const { industry_row_id, industry_name, industry_code, industry_sector_code, industry_created_at, industry_updated_at, ...rest } = row;
  const industry =
    industry_row_id === null || industry_row_id === undefined
      ? null
      : {
          id: industry_row_id as number,
          name: industry_name as string,
          code: industry_code as string,
          sector_code: industry_sector_code as string,
          created_at: industry_created_at as Date,
          updated_at: industry_updated_at as Date,
        };
  return { ...(rest as Omit<BusinessRow, 'industry'>), industry };
}

/** SQL of businesses with their names, addresses and owners: reading them, and storing new ones. */
export function createPgBusinessStore(db: Knex) {
  /** Loads the parts of several businesses with one query per table. */
  async function aggregates(rows: BusinessRow[], withOwners: boolean): Promise<BusinessAggregate[]> {
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return [];
    const [names, addresses, owners] = await Promise.all([
      db<BusinessNameRow>('cases.business_names').whereIn('business_id', ids).orderBy('position'),
      db<BusinessAddressRow>('cases.business_addresses').whereIn('business_id', ids).orderBy('position'),
      withOwners
        ? db('cases.owners as o')
            .leftJoin('cases.owner_titles as t', 't.id', 'o.title_id')
            .whereIn('o.business_id', ids)
            .orderBy('o.position')
            .select<OwnerRow[]>('o.*', 't.title', db.raw(`to_char(o.date_of_birth, 'YYYY-MM-DD') as date_of_birth`))
        : Promise.resolve([] as OwnerRow[]),
    ]);
    return rows.map((business) => ({
      business,
      names: names.filter((n) => n.business_id === business.id),
      addresses: addresses.filter((a) => a.business_id === business.id),
      owners: owners.filter((o) => o.business_id === business.id),
    }));
  }

  return {
    /** Inserts many businesses with one statement per table (a 1,000-row run stays fast), in the caller's transaction. */
    async insertRecords(trx: Knex.Transaction, records: BusinessRecords[]): Promise<void> {
      const chunk = 500;
      const insert = async (table: string, rows: Array<Record<string, unknown>>) => {
        for (let i = 0; i < rows.length; i += chunk) await trx(table).insert(rows.slice(i, i + chunk));
      };
      await insert('cases.businesses', records.map((r) => r.business));
      await insert('cases.business_names', records.flatMap((r) => r.names));
      await insert('cases.business_addresses', records.flatMap((r) => r.addresses));
      await insert('cases.owners', records.flatMap((r) => r.owners));
    },

    /** The owner titles' ids by lower-case title, for an owner's `ownerN_title`. */
    async ownerTitles(): Promise<Map<string, number>> {
      const rows = await db('cases.owner_titles').select('id', 'title');
      return new Map(rows.map((r: { id: number; title: string }) => [r.title.toLowerCase(), r.id]));
    },

    async findById(id: string, withOwners: boolean): Promise<BusinessAggregate | undefined> {
      const row = await businessesWithClassification(db).where('b.id', id).first(SELECTED(db));
      return row ? (await aggregates([toBusinessRow(row)], withOwners))[0] : undefined;
    },

    /** Several businesses, in the order of `ids`. */
    async findByIds(ids: string[], withOwners: boolean): Promise<BusinessAggregate[]> {
      const rows = ((await businessesWithClassification(db).whereIn('b.id', ids).select(SELECTED(db))) as Array<Record<string, unknown>>).map(toBusinessRow);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return aggregates(ids.map((id) => byId.get(id)).filter((r): r is BusinessRow => r !== undefined), withOwners);
    },

    async list(query: BusinessListQuery): Promise<{ items: BusinessAggregate[]; total: number }> {
      const base = businessesWithClassification(db).where('b.customer_id', query.customerId).whereNull('b.deleted_at');
      // Status is the joined verification's; every other column is the business's own.
      const column = (name: string) => (name === 'status' ? STATUS : db.raw('??', [`b.${name}`]).toQuery());
      for (const [name, value] of Object.entries(query.filter)) if (value !== undefined) base.andWhereRaw(`${column(name)} = ?`, [value]);
      for (const [name, text] of Object.entries(query.search)) {
        if (text) base.andWhereRaw(`?? ilike ? escape '\\'`, [`b.${name}`, containsPattern(text)]);
      }
      const [{ count }] = await base.clone().count<Array<{ count: string }>>({ count: '*' });
      const page = base.clone().select(SELECTED(db));
      for (const [name, direction] of query.sort) page.orderByRaw(`${column(name)} ${direction === 'desc' ? 'desc' : 'asc'}`);
      page.orderBy('b.id', 'asc');
      if (query.paginate) page.limit(query.itemsPerPage).offset((query.page - 1) * query.itemsPerPage);
      return { items: await aggregates(((await page) as Array<Record<string, unknown>>).map(toBusinessRow), false), total: Number(count) };
    },
  };
}

/** The business store type, for injection. */
export type BusinessStore = ReturnType<typeof createPgBusinessStore>;
