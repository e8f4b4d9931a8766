import type { Knex } from 'knex';
import { replaceErasureFunction, type Migration } from '@kyb/db';
import { CUSTOMER_ERASURE_0018, OWNER_ERASURE_0018 } from './20261203_0018_vendor_answers';

/** A tenant's erasure from here on: its sanctions screenings, hits and threshold go too. */
const CUSTOMER_ERASURE_0020 = [
  ...CUSTOMER_ERASURE_0018,
  'delete from integration.watchlist_hits where customer_id = p_customer',
  'delete from integration.watchlist_screenings where customer_id = p_customer',
  'delete from integration.watchlist_settings where customer_id = p_customer',
];
/** An owner's erasure from here on: the hits on the owner's name go (a review of them names the owner too). */
const OWNER_ERASURE_0020 = [
  ...OWNER_ERASURE_0018,
  `delete from integration.watchlist_hits where customer_id = p_customer and business_id = p_business and subject_role = 'owner' and subject_ref = p_owner`,
];

/**
 * Sanctions screenings of businesses (issue 44):
 * - `watchlist_settings`: a tenant's threshold (absent: the default);
 * - `watchlist_screenings`: each screening of a business (why it ran, the matcher, the lists and
 *   versions it compared with, how many names and hits), the latest one answered by the business's
 *   watchlist route;
 * - `watchlist_hits`: one per business, subject name, list and entry (`hit_key`): found again by a
 *   later screening it is the same hit (its review stays, a dismissed hit does not come back);
 *   `is_listed` turns false once a screening against the list no longer finds it (delisted, or the
 *   name changed); `watchlist_hit_directory` shows other areas the hits not dismissed and still
 *   listed. The subject's name, the reason and matched tokens quote the business's or an
 *   owner's name: personal data, erased with the owner or the tenant.
 */
export const watchlistScreenings: Migration = {
  name: '20261206_0020_watchlist_screenings',
  async up(db: Knex) {
    // When the businesses monitored were queued for screening against what a current version changed (null: not yet).
    await db.raw('alter table integration.watchlist_versions add column rescreen_planned_at timestamptz');
    await db.raw(`create table integration.watchlist_settings (
      customer_id uuid primary key,
      threshold numeric(4, 3) not null constraint watchlist_settings_threshold_check check (threshold >= 0.5 and threshold <= 1),
      updated_by uuid,
      updated_at timestamptz not null default now()
    )`);
    await db.raw(`create table integration.watchlist_screenings (
      id uuid primary key default gen_random_uuid(),
      customer_id uuid not null,
      business_id uuid not null,
      trigger text not null constraint watchlist_screenings_trigger_check check (trigger in ('added', 'refresh', 'monitoring', 'list_version', 'manual')),
      status text not null constraint watchlist_screenings_status_check check (status in ('COMPLETED', 'FAILED')),
      matcher text not null,
      threshold numeric(4, 3) not null,
      lists jsonb not null default '[]'::jsonb,
      subject_count integer not null default 0,
      hit_count integer not null default 0,
      new_hit_count integer not null default 0,
      failure_reason text,
      created_at timestamptz not null default now()
    )`);
    await db.raw('create index watchlist_screenings_business_created on integration.watchlist_screenings (business_id, created_at desc)');
    await db.raw('create index watchlist_screenings_customer on integration.watchlist_screenings (customer_id)');
    await db.raw(`create table integration.watchlist_hits (
      id uuid primary key default gen_random_uuid(),
      customer_id uuid not null,
      business_id uuid not null,
      hit_key text not null,
      subject_role text not null constraint watchlist_hits_role_check check (subject_role in ('legal_name', 'dba', 'owner')),
      subject_ref uuid not null,
      subject_name text not null,
      list text not null,
      list_version text not null,
      entry_id text not null,
      entry_name text not null,
      entry_type text not null,
      programs jsonb not null default '[]'::jsonb,
      matched_name text not null,
      alias jsonb,
      score numeric(5, 4) not null,
      matched_tokens jsonb not null default '[]'::jsonb,
      evidence jsonb not null,
      reason text not null,
      status text not null default 'OPEN' constraint watchlist_hits_status_check check (status in ('OPEN', 'CONFIRMED', 'DISMISSED')),
      is_listed boolean not null default true,
      review_note text,
      reviewed_by uuid,
      reviewed_at timestamptz,
      first_screening_id uuid not null references integration.watchlist_screenings (id) on delete cascade,
      last_screening_id uuid not null references integration.watchlist_screenings (id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint watchlist_hits_key unique (business_id, hit_key)
    )`);
    // The tenant's list of hits (newest first), and what verification and the score read (confirmed and still listed).
    await db.raw('create index watchlist_hits_customer_created on integration.watchlist_hits (customer_id, created_at desc, id)');
    await db.raw(`create index watchlist_hits_confirmed on integration.watchlist_hits (business_id) where status = 'CONFIRMED' and is_listed`);
    // What other areas read (the score, the 360 report): the hits not dismissed that a screening still finds.
    await db.raw(`create view integration.watchlist_hit_directory as
      select id, customer_id, business_id, subject_role, subject_ref, list, list_version, entry_id, entry_name, entry_type, programs,
             matched_name, alias, score, reason, status, reviewed_at, created_at
      from integration.watchlist_hits where status <> 'DISMISSED' and is_listed`);
    await replaceErasureFunction(db, 'integration', 'erase_customer', CUSTOMER_ERASURE_0020);
    await replaceErasureFunction(db, 'integration', 'erase_owner', OWNER_ERASURE_0020);
  },
  async down(db: Knex) {
    await replaceErasureFunction(db, 'integration', 'erase_owner', OWNER_ERASURE_0018);
    await replaceErasureFunction(db, 'integration', 'erase_customer', CUSTOMER_ERASURE_0018);
    await db.raw('drop view if exists integration.watchlist_hit_directory');
    await db.raw('drop table if exists integration.watchlist_hits');
    await db.raw('drop table if exists integration.watchlist_screenings');
    await db.raw('drop table if exists integration.watchlist_settings');
    await db.raw('alter table integration.watchlist_versions drop column if exists rescreen_planned_at');
  },
};
