import { containsPattern, type Knex } from '@kyb/db';
import type { ListQuery } from '@kyb/validation';
import type { BusinessAddressRow, BusinessAggregate, BusinessNameRow, BusinessRow, OwnerRow } from './business.types';

/** Columns a list of businesses may be sorted by. */
export const BUSINESS_SORT_FIELDS = ['name', 'external_id', 'status', 'created_at', 'updated_at'] as const;
/** Columns a list of businesses may be searched in. */
export const BUSINESS_SEARCH_FIELDS = ['name', 'external_id'] as const;

/** One page of a customer's businesses. */
export type BusinessListQuery = ListQuery<
  (typeof BUSINESS_SORT_FIELDS)[number],
  { status?: 'VERIFIED' | 'UNVERIFIED'; is_monitoring_enabled?: boolean; external_id?: string },
  (typeof BUSINESS_SEARCH_FIELDS)[number]
> & { customerId: string };

/** SQL for reading businesses with their names, addresses and owners. */
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
    async findById(id: string, withOwners: boolean): Promise<BusinessAggregate | undefined> {
      const row = await db<BusinessRow>('cases.businesses').where({ id }).first();
      return row ? (await aggregates([row], withOwners))[0] : undefined;
    },

    /** Several businesses, in the order of `ids`. */
    async findByIds(ids: string[], withOwners: boolean): Promise<BusinessAggregate[]> {
      const rows = await db<BusinessRow>('cases.businesses').whereIn('id', ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return aggregates(ids.map((id) => byId.get(id)).filter((r): r is BusinessRow => r !== undefined), withOwners);
    },

    async list(query: BusinessListQuery): Promise<{ items: BusinessAggregate[]; total: number }> {
      const base = db<BusinessRow>('cases.businesses').where({ customer_id: query.customerId }).whereNull('deleted_at');
      for (const [column, value] of Object.entries(query.filter)) if (value !== undefined) base.andWhere(column, value);
      for (const [column, text] of Object.entries(query.search)) {
        if (text) base.andWhereRaw(`?? ilike ? escape '\\'`, [column, containsPattern(text)]);
      }
      const [{ count }] = await base.clone().count<Array<{ count: string }>>({ count: '*' });
      const page = base.clone().select('*');
      for (const [column, direction] of query.sort) page.orderBy(column, direction);
      page.orderBy('id', 'asc');
      if (query.paginate) page.limit(query.itemsPerPage).offset((query.page - 1) * query.itemsPerPage);
      return { items: await aggregates(await page, false), total: Number(count) };
    },
  };
}

/** The business store type, for injection. */
export type BusinessStore = ReturnType<typeof createPgBusinessStore>;
