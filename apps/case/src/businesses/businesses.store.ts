import {
  eventsInsertPart,
  isoTimestampSql,
  jsonRowsParts,
  listShapeOf,
  pageWithTotal,
  preparedRead,
  preparedShapes,
  runChained,
  totalCountColumn,
  type Knex,
  type StatementPart,
} from '@kyb/db';
import { CLASSIFICATION_DIRECTORY_VIEW, VERIFICATION_DIRECTORY_VIEW } from '@kyb/area-views';
import type { BusinessRecords } from './business-records';
import type { BusinessListQuery } from './businesses.schemas';
import { RawJson } from '@kyb/envelope';
import { LISTS_JOIN, OWNERS_JOIN, presentedBusinessSql, STATUS } from './business-json.sql';
import type { BusinessAggregate, BusinessRow } from './business.types';

/**
 * Businesses with what is read beside them, one query: the latest verification (integration
 * area), the provider's classification where the client gave no code (a client's value is never
 * replaced), the code tables' ids and titles, and the industry (the client's, else the sector of
 * the NAICS code shown), its names and addresses (`LISTS_JOIN`); with `withOwners`, the owners too (`OWNERS_JOIN`).
 */
function businessesWithClassification(db: Knex, withOwners = false): Knex.QueryBuilder {
  const found = db('cases.businesses as b')
    .leftJoin(`${VERIFICATION_DIRECTORY_VIEW} as v`, 'v.business_id', 'b.id')
    .leftJoin(`${CLASSIFICATION_DIRECTORY_VIEW} as pc`, 'pc.business_id', 'b.id')
    .leftJoin('cases.naics_codes as n', 'n.code', db.raw('coalesce(b.naics_code, pc.naics_code)'))
    .leftJoin('cases.mcc_codes as m', 'm.code', db.raw('coalesce(b.mcc_code, pc.mcc_code)'))
    .leftJoin('cases.industries as i', 'i.id', db.raw('coalesce(b.industry_id, n.industry_id)'))
    .joinRaw(LISTS_JOIN);
  return withOwners ? found.joinRaw(OWNERS_JOIN) : found;
}

/** What the services read of a business beside its presented JSON (see `BusinessRow`). */
const BUSINESS_SUMMARY = [
  'b.id',
  'b.customer_id',
  'b.name',
  `${isoTimestampSql('b.deleted_at')} as deleted_at`,
  'b.is_monitoring_enabled',
  `${isoTimestampSql('b.created_at')} as created_at`,
  'b.created_by',
  'b.external_id',
];

/** The columns a read of businesses selects: the summary, the presented JSON and (with the owners, joined by `businessesWithClassification`) their count. */
const selected = (db: Knex, withOwners: boolean) => [
  ...BUSINESS_SUMMARY.map((column) => db.raw(column)),
  db.raw(`${presentedBusinessSql(withOwners)} as presented`),
  ...(withOwners ? [db.raw('ow.owner_count')] : []),
];

/** A row of {@link selected} as the aggregate E9, the list and E12 answer (the row itself is the summary). */
function toAggregate(row: Record<string, unknown>): BusinessAggregate {
  return { business: row as unknown as BusinessRow, presented: new RawJson(row.presented as string), ownerCount: (row.owner_count as number | undefined) ?? 0 };
}

/** The statement parts storing `records` (ADR 0029: one JSON parameter per table) and announcing each business created. */
function recordsParts(db: Knex, records: BusinessRecords[]): StatementPart[] {
  const tables = [
    { table: 'cases.businesses', rows: records.map((r) => r.business) },
    { table: 'cases.business_names', rows: records.flatMap((r) => r.names) },
    { table: 'cases.business_addresses', rows: records.flatMap((r) => r.addresses) },
    { table: 'cases.owners', rows: records.flatMap((r) => r.owners) },
  ];
  const created = records.map(({ business }) => ({ type: 'business.created' as const, customerId: business.customer_id, data: { business_id: business.id } }));
  return [...tables.flatMap((insert) => jsonRowsParts(db, insert)), ...eventsInsertPart(db, 'cases', created).parts];
}

/** SQL of businesses with their names, addresses and owners: reading them, and storing new ones. */
export function createPgBusinessStore(db: Knex) {
  // E9's read, built once per shape (with and without owners).
  const byId = (withOwners: boolean) =>
    preparedRead<Record<string, unknown>, 'id'>(db, ['id'], (v) => businessesWithClassification(db, withOwners).where('b.id', v.id).first(selected(db, withOwners)));
  const findWithOwners = byId(true);
  const findWithoutOwners = byId(false);
  const findById = async (id: string, withOwners: boolean): Promise<BusinessAggregate | undefined> => {
    const [row] = await (withOwners ? findWithOwners : findWithoutOwners)({ id });
    return row ? toAggregate(row) : undefined;
  };
  // E12's answer reads what it stored with one prepared statement too (its plan alone cost about a millisecond).
  const byIds = (withOwners: boolean) =>
    preparedRead<Record<string, unknown>, 'ids'>(db, ['ids'], (v) =>
      businessesWithClassification(db, withOwners).whereRaw('b.id = any(?::uuid[])', [v.ids]).select(selected(db, withOwners)),
    );
  const findManyWithOwners = byIds(true);
  const findManyWithoutOwners = byIds(false);
  const listShapes = preparedShapes<Record<string, unknown> & { total_count: string }>(db);
  let titles: Promise<Map<string, number>> | undefined;

  return {
    /**
     * Inserts businesses with their parts in the caller's transaction: a few (E12) in one statement
     * whose inserts are chained as CTEs (the foreign keys are checked at its end), many with one
     * statement per table and 500 rows (a 1,000-row run stays fast, under PostgreSQL's bound on values).
     * Each business is announced (`business.created`, ids only) in the same transaction, all of them
     * in one more statement: no path stores a business without its event, nor keeps the event of a rollback.
     */
    /** The statement parts storing `records` with their `business.created` events, for a caller's chained statement. */
    recordsParts,

    /** Stores `records` and their `business.created` events in one statement (`recordsParts`). */
    async insertRecords(trx: Knex.Transaction, records: BusinessRecords[]): Promise<void> {
      await runChained(trx, recordsParts(trx, records));
    },

    /**
     * The owner titles' ids by lower-case title, for an owner's `ownerN_title`. Read once per process:
     * the titles are reference data only migrations write (a failed read is tried again next time).
     */
    ownerTitles(): Promise<Map<string, number>> {
      titles ??= db('cases.owner_titles')
        .select('id', 'title')
        .then((rows: Array<{ id: number; title: string }>) => new Map(rows.map((r) => [r.title.toLowerCase(), r.id])))
        .catch((err: unknown) => {
          titles = undefined;
          throw err;
        });
      return titles;
    },

    findById,

    /** Several businesses with their owners as the transaction `trx` sees them (a dry run's, never committed), in the order of `ids`. */
    async findByIdsIn(trx: Knex.Transaction, ids: string[]): Promise<BusinessAggregate[]> {
      const rows = ((await businessesWithClassification(trx, true).whereRaw('b.id = any(?::uuid[])', [ids]).select(selected(trx, true))) as Array<Record<string, unknown>>).map(toAggregate);
      const byId = new Map(rows.map((r) => [r.business.id, r]));
      return ids.map((id) => byId.get(id)).filter((r): r is BusinessAggregate => r !== undefined);
    },

    /**
     * Several businesses, in the order of `ids`. One (E12's usual answer) is read by id: PostgreSQL
     * plans a read of `any($1)` again on every run (its generic plan guesses more rows than one id
     * gives), about a millisecond for this join, while a read by id keeps its plan.
     */
    async findByIds(ids: string[], withOwners: boolean): Promise<BusinessAggregate[]> {
      if (ids.length === 1) {
        const found = await findById(ids[0], withOwners);
        return found ? [found] : [];
      }
      const rows = (await (withOwners ? findManyWithOwners : findManyWithoutOwners)({ ids })).map(toAggregate);
      const byId = new Map(rows.map((r) => [r.business.id, r]));
      return ids.map((id) => byId.get(id)).filter((r): r is BusinessAggregate => r !== undefined);
    },

    async list(query: BusinessListQuery): Promise<{ items: BusinessAggregate[]; total: number }> {
      // The page is chosen from the business's own columns, and only its rows are joined with what is
      // read beside them; unless status (the joined verification's) filters or sorts the list.
      const byStatus = query.filter.status !== undefined || query.sort.some(([name]) => name === 'status');
      const { shape, filters, searches, values } = listShapeOf(query, { customerId: query.customerId });
      const column = (name: string) => (name === 'status' ? STATUS : db.raw('??', [`b.${name}`]).toQuery());
      const matches = (v: Record<string, Knex.Value>) => {
        const found = (byStatus ? businessesWithClassification(db) : db('cases.businesses as b')).where('b.customer_id', v.customerId).whereNull('b.deleted_at');
        for (const name of filters) found.andWhereRaw(`${column(name)} = ?`, [v[`filter_${name}`]]);
        for (const name of searches) found.andWhereRaw(`?? ilike ? escape '\\'`, [`b.${name}`, v[`search_${name}`]]);
        return found;
      };
      const order = (q: Knex.QueryBuilder) => {
        for (const [name, direction] of query.sort) q.orderByRaw(`${column(name)} ${direction === 'desc' ? 'desc' : 'asc'}`);
        return q.orderBy('b.id', 'asc');
      };
      // One statement, its SQL built once per shape: the page's ids with the total of every match beside each, then those rows in full.
      const rows = await listShapes(shape, values, (v) => {
        const ids = order(matches(v).select('b.id', totalCountColumn(db)));
        const page = query.paginate ? db.raw('(? limit ? offset ?) as p', [ids, v.limit, v.offset]) : db.raw('? as p', [ids]);
        return order(businessesWithClassification(db).join(page, 'p.id', 'b.id').select([...selected(db, false), 'p.total_count']));
      });
      const { rows: items, total } = await pageWithTotal<Record<string, unknown>>(db, rows, query, () => matches(values));
      return { items: items.map(toAggregate), total };
    },
  };
}

/** The business store type, for injection. */
export type BusinessStore = ReturnType<typeof createPgBusinessStore>;
