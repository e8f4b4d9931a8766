import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * The sanctions lists the suite screens against (issue 44): every version of a list loaded, with
 * its checksum (loading the same files again finds it), its publish date, its state while it
 * loads (entries read so far, for the loader's progress) and the reason it failed; one version per
 * list current; the uploaded files while a job reads them. Entries are the lists' public data, kept per version as read (no tenant's data:
 * erasure has nothing here).
 */
export const watchlistVersions: Migration = {
  name: '20261206_0019_watchlist_versions',
  async up(db: Knex) {
    await db.raw(`create table integration.watchlist_versions (
      id uuid primary key default gen_random_uuid(),
      list text not null constraint watchlist_versions_list_check check (list in ('ofac-sdn', 'ofac-consolidated')),
      status text not null default 'LOADING' constraint watchlist_versions_status_check check (status in ('LOADING', 'READY', 'FAILED')),
      is_current boolean not null default false,
      checksum text not null,
      published_at timestamptz,
      layout text not null constraint watchlist_versions_layout_check check (layout in ('csv', 'advanced-xml')),
      files jsonb not null default '[]'::jsonb,
      entries_read integer not null default 0,
      entry_count integer,
      failure_reason text,
      loaded_by uuid,
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      constraint watchlist_versions_current_check check (not is_current or status = 'READY')
    )`);
    // One version of a list per checksum that did not fail (a failed one may be loaded again); one current version per list.
    await db.raw(`create unique index watchlist_versions_checksum_key on integration.watchlist_versions (list, checksum) where status <> 'FAILED'`);
    await db.raw('create unique index watchlist_versions_current_key on integration.watchlist_versions (list) where is_current');
    await db.raw('create index watchlist_versions_list_created on integration.watchlist_versions (list, created_at desc)');
    await db.raw(`create table integration.watchlist_entries (
      version_id uuid not null references integration.watchlist_versions (id) on delete cascade,
      uid text not null,
      entry jsonb not null,
      primary key (version_id, uid)
    )`);
    // The uploaded files of a version while its job reads them; deleted once it is READY or FAILED.
    await db.raw(`create table integration.watchlist_uploads (
      version_id uuid not null references integration.watchlist_versions (id) on delete cascade,
      name text not null,
      content bytea not null,
      primary key (version_id, name)
    )`);
  },
  async down(db: Knex) {
    await db.raw('drop table if exists integration.watchlist_uploads');
    await db.raw('drop table if exists integration.watchlist_entries');
    await db.raw('drop table if exists integration.watchlist_versions');
  },
};
