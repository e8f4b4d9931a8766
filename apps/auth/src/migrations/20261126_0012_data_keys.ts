import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * Data keys (issue 11, ADR 0023): one per tenant (`customer:<id>`) and one for the platform, each
 * wrapped by a master key (`master_id` names which). Every area seals personal data and secrets
 * with the key of the tenant they belong to. A destroyed key keeps its row without the key, so
 * what it sealed is unreadable everywhere, backups included. Published to the other areas as the
 * view `auth.data_key_directory` and the function `auth.ensure_data_key`.
 */
export const dataKeys: Migration = {
  name: '20261126_0012_data_keys',
  async up(db: Knex) {
    await db.raw(`create table auth.data_keys (
      id uuid primary key,
      scope text not null unique,
      wrapped text,
      master_id text,
      created_at timestamptz not null default now(),
      rewrapped_at timestamptz,
      destroyed_at timestamptz,
      constraint data_keys_destroyed check ((destroyed_at is null) = (wrapped is not null and master_id is not null)))`);
    await db.raw(`create view auth.data_key_directory as
      select id, scope, wrapped, master_id, destroyed_at from auth.data_keys`);
    // The scope's key: the one offered when the scope has none yet, else the one it has (a racing offer loses).
    await db.raw(`create function auth.ensure_data_key(p_id uuid, p_scope text, p_wrapped text, p_master_id text)
      returns table (id uuid, wrapped text, master_id text, destroyed_at timestamptz) language plpgsql as $$
      begin
        insert into auth.data_keys (id, scope, wrapped, master_id) values (p_id, p_scope, p_wrapped, p_master_id) on conflict (scope) do nothing;
        return query select k.id, k.wrapped, k.master_id, k.destroyed_at from auth.data_keys k where k.scope = p_scope;
      end $$`);
  },
  async down(db: Knex) {
    await db.raw('drop function if exists auth.ensure_data_key(uuid, text, text, text)');
    await db.raw('drop view if exists auth.data_key_directory');
    await db.raw('drop table if exists auth.data_keys');
  },
};
