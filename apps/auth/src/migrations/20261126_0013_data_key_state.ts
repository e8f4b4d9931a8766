import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * Whether values sealed with the master key itself (before data keys) may still exist: a tenant
 * erasure would not cover them. A database with no signing key yet is new and has none; an
 * existing one has them until `rotate-data-keys` converted them all (ADR 0023).
 */
export const dataKeyState: Migration = {
  name: '20261126_0013_data_key_state',
  async up(db: Knex) {
    await db.raw(`create table auth.data_key_state (
      id boolean primary key default true check (id),
      legacy_values_converted_at timestamptz)`);
    await db.raw(`insert into auth.data_key_state (legacy_values_converted_at)
      select case when exists (select 1 from auth.signing_keys) then null else now() end`);
  },
  async down(db: Knex) {
    await db.raw('drop table if exists auth.data_key_state');
  },
};
