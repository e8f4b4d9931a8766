import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** The latest verification of one business as the directory shows it (the formula of 0005's view). */
const CURRENT_OF = (business: string) => `
  select distinct on (v.business_id) v.business_id, v.status, v.checks, v.created_at as verified_at,
    coalesce((select c.changed_at from integration.business_verification_status_changes c
      where c.business_id = v.business_id order by c.seq desc limit 1), v.created_at) as status_changed_at
  from integration.business_verifications v where ${business} order by v.business_id, v.seq desc`;

/**
 * The verification directory read from a table of one row per business (issue 10). The view of
 * 0005 sorted every verification of every business whenever a list of businesses joined it (7.5 ms
 * for 4,000 businesses, per page). Triggers keep the table equal to that view's formula on every
 * write of a verification or a status change, whichever code writes them (a process still running
 * the previous version during a deploy too); the view keeps its name and columns.
 */
export const currentVerification: Migration = {
  name: '20261124_0006_current_verification',
  async up(db: Knex) {
    await db.raw(`create table integration.business_verification_current (
      business_id uuid primary key,
      status text not null,
      checks jsonb not null,
      verified_at timestamptz not null,
      status_changed_at timestamptz not null)`);
    await db.raw(`create function integration.refresh_current_verification(business uuid) returns void language sql as $$
      delete from integration.business_verification_current where business_id = business;
      insert into integration.business_verification_current (business_id, status, checks, verified_at, status_changed_at)
      ${CURRENT_OF('v.business_id = business')};
    $$`);
    // An insert is the newest of its business (seq only grows): written directly. A change is written
    // after its verification, so it carries the time the status changed. Updates and deletions (never
    // made by the code, but possible by hand) recompute the business's row from scratch.
    await db.raw(`create function integration.current_verification_on_verification() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into integration.business_verification_current as c (business_id, status, checks, verified_at, status_changed_at)
          values (new.business_id, new.status, new.checks, new.created_at, new.created_at)
          on conflict (business_id) do update set status = excluded.status, checks = excluded.checks, verified_at = excluded.verified_at,
            status_changed_at = coalesce((select s.changed_at from integration.business_verification_status_changes s
              where s.business_id = excluded.business_id order by s.seq desc limit 1), excluded.verified_at);
        else
          perform integration.refresh_current_verification(case when tg_op = 'DELETE' then old.business_id else new.business_id end);
        end if;
        return null;
      end $$`);
    await db.raw(`create function integration.current_verification_on_status_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update integration.business_verification_current set status_changed_at = new.changed_at where business_id = new.business_id;
        else
          perform integration.refresh_current_verification(case when tg_op = 'DELETE' then old.business_id else new.business_id end);
        end if;
        return null;
      end $$`);
    await db.raw(`create trigger business_verifications_current after insert or update or delete on integration.business_verifications
      for each row execute function integration.current_verification_on_verification()`);
    await db.raw(`create trigger business_verification_status_changes_current after insert or update or delete on integration.business_verification_status_changes
      for each row execute function integration.current_verification_on_status_change()`);
    await db.raw(`insert into integration.business_verification_current (business_id, status, checks, verified_at, status_changed_at) ${CURRENT_OF('true')}`);
    await db.raw(`create or replace view integration.business_verification_directory as
      select business_id, status, checks, verified_at, status_changed_at from integration.business_verification_current`);
  },
  async down(db: Knex) {
    await db.raw(`create or replace view integration.business_verification_directory as ${CURRENT_OF('true')}`);
    for (const table of ['business_verifications', 'business_verification_status_changes']) {
      await db.raw(`drop trigger if exists ${table}_current on integration.${table}`);
    }
    await db.raw('drop function if exists integration.current_verification_on_status_change()');
    await db.raw('drop function if exists integration.current_verification_on_verification()');
    await db.raw('drop function if exists integration.refresh_current_verification(uuid)');
    await db.raw('drop table if exists integration.business_verification_current');
  },
};
