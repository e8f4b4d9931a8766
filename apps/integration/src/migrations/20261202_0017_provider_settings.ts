import type { Knex } from 'knex';
import { replaceErasureFunction, type Migration } from '@kyb/db';
import { CUSTOMER_ERASURE_0016 } from './20261202_0016_erasure_functions';

/** What a tenant's erasure runs from here on: its provider choices and their sealed credentials go too. */
export const CUSTOMER_ERASURE_0017: readonly string[] = [...CUSTOMER_ERASURE_0016, 'delete from integration.provider_settings where customer_id = p_customer'];

/**
 * Which adapter a tenant uses for each capability (issue 43), with its credentials sealed with the
 * tenant's data key and their fingerprint, and the vendor calls it made, counted per month. Usage
 * holds ids and counts only, so erasure keeps it; the settings go with the tenant.
 */
export const providerSettings: Migration = {
  name: '20261202_0017_provider_settings',
  async up(db: Knex) {
    await db.raw(`create table integration.provider_settings (
      customer_id uuid not null,
      capability text not null constraint provider_settings_capability_check
        check (capability in ('registry', 'address', 'tin', 'merchant-screening', 'public-records', 'watchlist')),
      adapter text not null,
      credentials_sealed text,
      credentials_fingerprint text,
      settings jsonb not null default '{}'::jsonb,
      updated_by uuid not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (customer_id, capability),
      constraint provider_settings_credentials_check check ((credentials_sealed is null) = (credentials_fingerprint is null))
    )`);
    await db.raw(`create table integration.provider_usage (
      customer_id uuid not null,
      capability text not null,
      adapter text not null,
      month date not null,
      calls bigint not null default 0,
      failures bigint not null default 0,
      updated_at timestamptz not null default now(),
      primary key (customer_id, month, capability, adapter)
    )`);
    await replaceErasureFunction(db, 'integration', 'erase_customer', CUSTOMER_ERASURE_0017);
  },
  async down(db: Knex) {
    await replaceErasureFunction(db, 'integration', 'erase_customer', CUSTOMER_ERASURE_0016);
    await db.raw('drop table if exists integration.provider_usage');
    await db.raw('drop table if exists integration.provider_settings');
  },
};
