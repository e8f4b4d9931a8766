import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * Each business's names and addresses as the JSON arrays contract 2.7 shows, kept in one row per
 * business (`cases.business_lists`, ADR 0028): every read of a business (E9, the list, E12's
 * answer) joined them by primary key, where it aggregated each list from its rows' stored parts
 * (ADR 0028) in a subquery per business and list, some 80 µs of PostgreSQL per page of ten.
 *
 * A statement-level trigger on each list's table writes the arrays of the businesses a statement
 * touched, from the table as it is then (set-based: one statement per insert, update or delete,
 * however many rows), in position order. A business without a row reads as two empty lists; a
 * business deleted takes its row with it.
 */

/** A list kept: its table, and the column of `cases.business_lists` it is kept in. */
const LISTS = [
  { table: 'business_names', column: 'names' },
  { table: 'business_addresses', column: 'addresses' },
] as const;

/**
 * The businesses a statement touched, from its transition tables: each operation has its own, and
 * PL/pgSQL prepares a statement only when it runs, so each branch names only those it has.
 */
const TOUCHED = `if TG_OP = 'INSERT' then
      select array_agg(distinct business_id) into ids from new_rows;
    elsif TG_OP = 'DELETE' then
      select array_agg(distinct business_id) into ids from old_rows;
    else
      select array_agg(distinct business_id) into ids from (select business_id from new_rows union select business_id from old_rows) touched;
    end if;`;

/** A list's rows' stored parts (ADR 0028) as one JSON array, in position order (null for none). */
const ARRAY = `'[' || string_agg(presented, ', ' order by position) || ']'`;

/** The array of `table` for each business of `ids`, as the read used to build it. */
const arraysOf = (table: string) => `select business_id, ${ARRAY} as list from cases.${table} where business_id = any(ids) group by business_id`;

const keepFunction = ({ table, column }: (typeof LISTS)[number]) => `create function cases.keep_${table}_list() returns trigger language plpgsql as $$
  declare
    ids uuid[];
  begin
    ${TOUCHED}
    -- Writers of one business's lists take turns, and each reads the rows as the one before left them
    -- (a statement of its own, so the read below takes its snapshot after the wait).
    perform from cases.businesses where id = any(ids) order by id for no key update;
    insert into cases.business_lists as kept (business_id, ${column})
      select b.id, coalesce(lists.list, '[]') from cases.businesses b left join (${arraysOf(table)}) lists on lists.business_id = b.id
      where b.id = any(ids)
    on conflict (business_id) do update set ${column} = excluded.${column} where kept.${column} is distinct from excluded.${column};
    return null;
  end $$`;

/** The three statement triggers of a list's table, with the transition tables each operation has. */
const triggers = ({ table }: (typeof LISTS)[number]) => [
  ['insert', 'referencing new table as new_rows'],
  ['update', 'referencing old table as old_rows new table as new_rows'],
  ['delete', 'referencing old table as old_rows'],
].map(([operation, referencing]) => `create trigger ${table}_list_on_${operation} after ${operation} on cases.${table} ${referencing} for each statement execute function cases.keep_${table}_list()`);

export const businessListsPresented: Migration = {
  name: '20261128_0020_business_lists_presented',
  async up(db: Knex) {
    await db.raw(`create table cases.business_lists (
      business_id uuid primary key references cases.businesses (id) on delete cascade,
      names text not null default '[]',
      addresses text not null default '[]'
    )`);
    for (const list of LISTS) {
      await db.raw(keepFunction(list));
      for (const trigger of triggers(list)) await db.raw(trigger);
    }
    // The businesses already there get their lists, as the triggers would have written them.
    await db.raw(`insert into cases.business_lists (business_id, ${LISTS.map(({ column }) => column).join(', ')})
      select b.id, ${LISTS.map(({ table }) => `coalesce((select ${ARRAY} from cases.${table} where business_id = b.id), '[]')`).join(', ')}
      from cases.businesses b`);
  },
  async down(db: Knex) {
    for (const list of [...LISTS].reverse()) {
      for (const operation of ['insert', 'update', 'delete']) await db.raw(`drop trigger if exists ${list.table}_list_on_${operation} on cases.${list.table}`);
      await db.raw(`drop function if exists cases.keep_${list.table}_list()`);
    }
    await db.raw('drop table if exists cases.business_lists');
  },
};
