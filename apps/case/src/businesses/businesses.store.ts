import { eventsInsertPart, jsonRowsParts, preparedRead, runChained, type Knex, type StatementPart } from '@kyb/db';
import type { BusinessRecords } from './business-records';
import { createBusinessListRead } from './business-list.store';
import { businessesWithClassification, selectedBusiness, toBusinessAggregate } from './business-read.sql';
import type { BusinessAggregate } from './business.types';

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
    preparedRead<Record<string, unknown>, 'id'>(db, ['id'], (v) => businessesWithClassification(db, withOwners).where('b.id', v.id).first(selectedBusiness(db, withOwners)));
  const findWithOwners = byId(true);
  const findWithoutOwners = byId(false);
  const findById = async (id: string, withOwners: boolean): Promise<BusinessAggregate | undefined> => {
    const [row] = await (withOwners ? findWithOwners : findWithoutOwners)({ id });
    return row ? toBusinessAggregate(row) : undefined;
  };
  // E12's answer reads what it stored with one prepared statement too (its plan alone cost about a millisecond).
  const byIds = (withOwners: boolean) =>
    preparedRead<Record<string, unknown>, 'ids'>(db, ['ids'], (v) =>
      businessesWithClassification(db, withOwners).whereRaw('b.id = any(?::uuid[])', [v.ids]).select(selectedBusiness(db, withOwners)),
    );
  const findManyWithOwners = byIds(true);
  const findManyWithoutOwners = byIds(false);
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
      const rows = ((await businessesWithClassification(trx, true).whereRaw('b.id = any(?::uuid[])', [ids]).select(selectedBusiness(trx, true))) as Array<Record<string, unknown>>).map(toBusinessAggregate);
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
      const rows = (await (withOwners ? findManyWithOwners : findManyWithoutOwners)({ ids })).map(toBusinessAggregate);
      const byId = new Map(rows.map((r) => [r.business.id, r]));
      return ids.map((id) => byId.get(id)).filter((r): r is BusinessAggregate => r !== undefined);
    },

    /** One page of a customer's businesses: page numbers or a cursor, with a total that never counts a million rows (business-list.store.ts). */
    list: createBusinessListRead(db),
  };
}

/** The business store type, for injection. */
export type BusinessStore = ReturnType<typeof createPgBusinessStore>;
