import { listShapeOf, pageWithTotal, preparedRead, preparedShapes, recordEvents, totalCountColumn, type Knex } from '@kyb/db';
import { CLASSIFICATION_DIRECTORY_VIEW, VERIFICATION_DIRECTORY_VIEW } from '@kyb/area-views';
import type { BusinessRecords } from './business-records';
import type { BusinessListQuery } from './businesses.schemas';
import type { BusinessAggregate, BusinessRow, PresentedAddress, PresentedName, PresentedOwner } from './business.types';

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

/** `column` (a timestamptz) as `Date.toISOString` writes it: UTC, milliseconds cut as a Date cuts them. */
const isoTimestamp = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The business's timestamps, read as the answers show them. */
const TIMESTAMP_COLUMNS = ['subscription_created_at', 'subscription_updated_at', 'deleted_at', 'created_at', 'updated_at'];

/** The business's own columns E9, the list and E12 show: not the sealed TIN, its lookup hash or the run. */
const BUSINESS_COLUMNS = [
  'id',
  'customer_id',
  'name',
  'tin_masked',
  'mobile',
  'official_website',
  'public_website',
  'social_account',
  'address_apartment',
  'address_line_1',
  'address_line_2',
  'address_city',
  'address_state',
  'address_postal_code',
  'address_country',
  'naics_code',
  'mcc_code',
  'industry_id',
  'external_id',
  'is_monitoring_enabled',
  'subscription_status',
  'created_by',
  'updated_by',
  'deleted_by',
].map((column) => `b.${column}`);

const SELECTED = (db: Knex) => [
  ...BUSINESS_COLUMNS,
  ...TIMESTAMP_COLUMNS.map((column) => db.raw(`${isoTimestamp(`b.${column}`)} as ${column}`)),
  db.raw(`${STATUS} as status`),
  db.raw('coalesce(b.naics_code, pc.naics_code) as shown_naics_code'),
  db.raw('coalesce(b.mcc_code, pc.mcc_code) as shown_mcc_code'),
  'n.id as naics_id',
  'n.title as naics_title',
  'm.id as mcc_id',
  'm.title as mcc_title',
  db.raw(`${PARTS.industry} as industry`),
];

/**
 * A business's industry, names, addresses and (when asked) owners, as JSON read in the same
 * statement as the business: one round trip for E9 and for a page of the list, however many parts
 * there are. Each is built in the shape contract 2.7 shows (keys in its order, ids as strings), so
 * the presenter passes it on as it is: no copy per part in Node.
 */
const PARTS = {
  industry: `case when i.id is null then null else json_build_object('id', i.id::text, 'name', i.name, 'code', i.code, 'sector_code', i.sector_code,
      'created_at', ${isoTimestamp('i.created_at')}, 'updated_at', ${isoTimestamp('i.updated_at')}) end`,
  names: `(select coalesce(json_agg(json_build_object('name', n.name, 'is_primary', n.is_primary) order by n.position), '[]'::json)
      from cases.business_names n where n.business_id = b.id) as parts_names`,
  addresses: `(select coalesce(json_agg(json_build_object('line_1', a.line_1, 'apartment', a.apartment, 'city', a.city, 'state', a.state,
        'country', a.country, 'postal_code', a.postal_code, 'mobile', a.mobile, 'is_primary', a.is_primary) order by a.position), '[]'::json)
      from cases.business_addresses a where a.business_id = b.id) as parts_addresses`,
  // Listed field by field: the sealed SSN is never read here; the percentage a JSON number (as Number() of its text).
  owners: `(select coalesce(json_agg(json_build_object('id', o.id,
        'title', case when o.title_id is null then null else json_build_object('id', o.title_id::text, 'title', t.title) end,
        'first_name', o.first_name, 'last_name', o.last_name, 'ssn', o.ssn_masked, 'email', o.email, 'mobile', o.mobile,
        'date_of_birth', to_char(o.date_of_birth, 'YYYY-MM-DD'), 'apartment', o.apartment, 'line_1', o.line_1, 'line_2', o.line_2,
        'city', o.city, 'state', o.state, 'postal_code', o.postal_code, 'country', o.country,
        'created_at', ${isoTimestamp('o.created_at')}, 'created_by', o.created_by, 'updated_at', ${isoTimestamp('o.updated_at')},
        'updated_by', o.updated_by, 'ownership_percentage', o.ownership_percentage, 'owner_type', o.owner_type) order by o.position), '[]'::json)
      from cases.owners o left join cases.owner_titles t on t.id = o.title_id where o.business_id = b.id) as parts_owners`,
};

/** The columns of a business with its parts (owners only when asked for). */
const selectedWithParts = (db: Knex, withOwners: boolean) => [
  ...SELECTED(db),
  db.raw(PARTS.names),
  db.raw(PARTS.addresses),
  ...(withOwners ? [db.raw(PARTS.owners)] : []),
];

/** A row of {@link selectedWithParts}: the business's columns, its industry and its parts. */
type RowWithParts = BusinessRow & { parts_names: PresentedName[]; parts_addresses: PresentedAddress[]; parts_owners?: PresentedOwner[] };

/** A row of {@link selectedWithParts} as the aggregate E9 and the list present (the row itself, not a copy). */
function toAggregate(row: Record<string, unknown>): BusinessAggregate {
  const read = row as unknown as RowWithParts;
  return { business: read, names: read.parts_names, addresses: read.parts_addresses, owners: read.parts_owners ?? [] };
}

/** Runs of at most this many businesses are inserted in one statement (far under PostgreSQL's 65,535 values). */
const ONE_STATEMENT_RECORDS = 20;

/** Runs `inserts` as one statement: all but the last as data-modifying CTEs of the last. */
async function chained(trx: Knex.Transaction, inserts: Knex.QueryBuilder[]): Promise<void> {
  const compiled = inserts.map((insert) => insert.toSQL());
  const last = compiled.pop();
  if (!last) return;
  const ctes = compiled.map((part, n) => `part_${n} as (${part.sql})`);
  const sql = ctes.length > 0 ? `with ${ctes.join(', ')} ${last.sql}` : last.sql;
  await trx.raw(sql, [...compiled.flatMap((part) => part.bindings), ...last.bindings]);
}

/** The rows of `records`, table by table: a few in one chained statement, many in chunks of 500 rows. */
async function insertRows(trx: Knex.Transaction, records: BusinessRecords[]): Promise<void> {
  const tables = [
    ['cases.businesses', records.map((r) => r.business)],
    ['cases.business_names', records.flatMap((r) => r.names)],
    ['cases.business_addresses', records.flatMap((r) => r.addresses)],
    ['cases.owners', records.flatMap((r) => r.owners)],
  ] as const;
  const inserts = tables.filter(([, rows]) => rows.length > 0).map(([table, rows]) => trx(table).insert(rows as Array<Record<string, unknown>>));
  if (records.length <= ONE_STATEMENT_RECORDS) return void (await chained(trx, inserts));
  const chunk = 500;
  for (const [table, rows] of tables) {
    for (let i = 0; i < rows.length; i += chunk) await trx(table).insert(rows.slice(i, i + chunk) as Array<Record<string, unknown>>);
  }
}

/** SQL of businesses with their names, addresses and owners: reading them, and storing new ones. */
export function createPgBusinessStore(db: Knex) {
  // E9's read, built once per shape (with and without owners).
  const byId = (withOwners: boolean) =>
    preparedRead<Record<string, unknown>, 'id'>(db, ['id'], (v) => businessesWithClassification(db).where('b.id', v.id).first(selectedWithParts(db, withOwners)));
  const findWithOwners = byId(true);
  const findWithoutOwners = byId(false);
  // E12's answer reads what it stored with one prepared statement too (its plan alone cost about a millisecond).
  const byIds = (withOwners: boolean) =>
    preparedRead<Record<string, unknown>, 'ids'>(db, ['ids'], (v) =>
      businessesWithClassification(db).whereRaw('b.id = any(?::uuid[])', [v.ids]).select(selectedWithParts(db, withOwners)),
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
    async insertRecords(trx: Knex.Transaction, records: BusinessRecords[]): Promise<void> {
      await insertRows(trx, records);
      await recordEvents(trx, 'cases', records.map(({ business }) => ({ type: 'business.created', customerId: business.customer_id, data: { business_id: business.id } })));
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

    async findById(id: string, withOwners: boolean): Promise<BusinessAggregate | undefined> {
      const [row] = await (withOwners ? findWithOwners : findWithoutOwners)({ id });
      return row ? toAggregate(row) : undefined;
    },

    /** Several businesses with their owners as the transaction `trx` sees them (a dry run's, never committed), in the order of `ids`. */
    async findByIdsIn(trx: Knex.Transaction, ids: string[]): Promise<BusinessAggregate[]> {
      const rows = ((await businessesWithClassification(trx).whereRaw('b.id = any(?::uuid[])', [ids]).select(selectedWithParts(trx, true))) as Array<Record<string, unknown>>).map(toAggregate);
      const byId = new Map(rows.map((r) => [r.business.id, r]));
      return ids.map((id) => byId.get(id)).filter((r): r is BusinessAggregate => r !== undefined);
    },

    /** Several businesses, in the order of `ids`. */
    async findByIds(ids: string[], withOwners: boolean): Promise<BusinessAggregate[]> {
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
        return order(businessesWithClassification(db).join(page, 'p.id', 'b.id').select([...SELECTED(db), 'p.total_count', db.raw(PARTS.names), db.raw(PARTS.addresses)]));
      });
      const { rows: items, total } = await pageWithTotal<Record<string, unknown>>(db, rows, query, () => matches(values));
      return { items: items.map(toAggregate), total };
    },
  };
}

/** The business store type, for injection. */
export type BusinessStore = ReturnType<typeof createPgBusinessStore>;
