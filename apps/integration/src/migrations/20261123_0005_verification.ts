import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * Business verification and industry classification (issue 13): every verification with its
 * checks (one per enrichment task at most), the history of status changes, the provider's
 * classification (one per business; the client's own codes stay in the case area), and the read
 * modules other areas use (see @kyb/tenants verification-directory).
 */
export const verification: Migration = {
  name: '20261123_0005_verification',
  async up(db: Knex) {
    await db.raw(`create table integration.business_verifications (
      id uuid primary key default gen_random_uuid(),
      seq bigint generated always as identity,
      business_id uuid not null,
      customer_id uuid not null,
      business_integration_task_id uuid unique references integration.integration_tasks (id),
      status text not null check (status in ('VERIFIED', 'UNVERIFIED')),
      checks jsonb not null,
      created_at timestamptz not null default now())`);
    await db.raw('create index business_verifications_latest on integration.business_verifications (business_id, seq desc)');
    await db.raw(`create table integration.business_verification_status_changes (
      id uuid primary key default gen_random_uuid(),
      seq bigint generated always as identity,
      business_id uuid not null,
      verification_id uuid not null references integration.business_verifications (id),
      from_status text check (from_status in ('VERIFIED', 'UNVERIFIED')),
      to_status text not null check (to_status in ('VERIFIED', 'UNVERIFIED')),
      reason text not null,
      changed_at timestamptz not null default now())`);
    await db.raw('create index business_verification_status_changes_business on integration.business_verification_status_changes (business_id, seq desc)');
    await db.raw(`create table integration.business_classifications (
      business_id uuid primary key,
      customer_id uuid not null,
      naics_code text,
      mcc_code text,
      provider text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now())`);
    await db.raw(`create view integration.business_verification_directory as
      select distinct on (v.business_id) v.business_id, v.status, v.checks, v.created_at as verified_at,
        coalesce((select c.changed_at from integration.business_verification_status_changes c
          where c.business_id = v.business_id order by c.seq desc limit 1), v.created_at) as status_changed_at
      from integration.business_verifications v order by v.business_id, v.seq desc`);
    await db.raw(`create view integration.business_classification_directory as
      select business_id, naics_code, mcc_code, provider, updated_at as classified_at from integration.business_classifications`);
  },
  async down(db: Knex) {
    await db.raw('drop view if exists integration.business_classification_directory');
    await db.raw('drop view if exists integration.business_verification_directory');
    for (const table of ['business_classifications', 'business_verification_status_changes', 'business_verifications']) {
      await db.raw(`drop table if exists integration.${table}`);
    }
  },
};
