import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** A customer's count rows are folded into one once there are more than this many. */
export const BUSINESS_COUNT_ROWS_FOLDED_AFTER = 32;

/** The changes a statement made, from its transition tables: +1 per business it wrote, -1 per business as it was, deleted ones left out. */
const CHANGES: Record<'INSERT' | 'DELETE' | 'UPDATE', string> = {
  INSERT: 'select customer_id, 1 as sign, is_monitoring_enabled from new_rows where deleted_at is null',
  DELETE: 'select customer_id, -1 as sign, is_monitoring_enabled from old_rows where deleted_at is null',
  UPDATE: `select customer_id, 1 as sign, is_monitoring_enabled from new_rows where deleted_at is null
      union all select customer_id, -1, is_monitoring_enabled from old_rows where deleted_at is null`,
};

/** Appends the customers' changes of `changes`, one row per customer whose counts changed. */
const appended = (changes: string) => `insert into cases.business_counts (customer_id, businesses, monitored)
        select customer_id, sum(sign), coalesce(sum(sign) filter (where is_monitoring_enabled), 0) from (${changes}) changes
        group by customer_id having sum(sign) <> 0 or coalesce(sum(sign) filter (where is_monitoring_enabled), 0) <> 0
        returning customer_id`;

/*
 * How many businesses each customer has (not deleted), and how many of them are monitored (issue
 * 46, ADR 0056): the business list's totals without counting a million rows. Each statement that
 * writes cases.businesses appends one row of changes per customer whose counts it changed (a
 * statement trigger over its transition tables), so writers never wait on one another's counter; a
 * customer's count is the sum of its rows. Once a customer has more than
 * `BUSINESS_COUNT_ROWS_FOLDED_AFTER` rows, the writer folds those it can lock at once into one
 * (`skip locked`: rows another transaction is folding are left to it; rows not yet committed are
 * not seen), so a sum reads a few rows. TRUNCATE empties the counts.
 */
const COUNT_FUNCTION = `create function cases.count_businesses() returns trigger language plpgsql as $$
  declare
    customers uuid[];
    customer uuid;
  begin
    -- PL/pgSQL prepares a statement only when it runs, so each branch names only the transition tables its operation has.
    if TG_OP = 'INSERT' then
      with added as (${appended(CHANGES.INSERT)}) select array_agg(customer_id) into customers from added;
    elsif TG_OP = 'DELETE' then
      with added as (${appended(CHANGES.DELETE)}) select array_agg(customer_id) into customers from added;
    else
      with added as (${appended(CHANGES.UPDATE)}) select array_agg(customer_id) into customers from added;
    end if;
    foreach customer in array coalesce(customers, '{}') loop
      if (select count(*) from (select 1 from cases.business_counts c where c.customer_id = customer limit ${BUSINESS_COUNT_ROWS_FOLDED_AFTER + 1}) kept) > ${BUSINESS_COUNT_ROWS_FOLDED_AFTER} then
        with folded as (
          delete from cases.business_counts c where c.id in (select k.id from cases.business_counts k where k.customer_id = customer for update skip locked)
          returning c.businesses, c.monitored)
        insert into cases.business_counts (customer_id, businesses, monitored)
          select customer, sum(businesses), sum(monitored) from folded having count(*) > 0;
      end if;
    end loop;
    return null;
  end $$`;

const TRIGGERS = [
  ['insert', 'referencing new table as new_rows'],
  ['update', 'referencing old table as old_rows new table as new_rows'],
  ['delete', 'referencing old table as old_rows'],
] as const;

export const businessCounts: Migration = {
  name: '20261210_0033_business_counts',
  async up(db: Knex) {
    await db.raw(`create table cases.business_counts (
      id bigint generated always as identity primary key,
      customer_id uuid not null,
      businesses bigint not null,
      monitored bigint not null)`);
    await db.raw('create index business_counts_customer on cases.business_counts (customer_id)');
    await db.raw(COUNT_FUNCTION);
    for (const [operation, referencing] of TRIGGERS) {
      await db.raw(`create trigger businesses_counted_on_${operation} after ${operation} on cases.businesses ${referencing}
        for each statement execute function cases.count_businesses()`);
    }
    await db.raw(`create function cases.forget_business_counts() returns trigger language plpgsql as $$
      begin
        delete from cases.business_counts;
        return null;
      end $$`);
    await db.raw('create trigger businesses_counted_on_truncate after truncate on cases.businesses for each statement execute function cases.forget_business_counts()');
    // The businesses already there are counted as the triggers would have (the triggers, created first, hold writers off until this commits).
    await db.raw(`insert into cases.business_counts (customer_id, businesses, monitored)
      select customer_id, count(*), count(*) filter (where is_monitoring_enabled) from cases.businesses where deleted_at is null group by customer_id`);
  },
  async down(db: Knex) {
    for (const operation of ['insert', 'update', 'delete', 'truncate']) await db.raw(`drop trigger if exists businesses_counted_on_${operation} on cases.businesses`);
    await db.raw('drop function if exists cases.forget_business_counts()');
    await db.raw('drop function if exists cases.count_businesses()');
    await db.raw('drop table if exists cases.business_counts');
  },
};
