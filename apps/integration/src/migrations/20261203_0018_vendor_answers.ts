import type { Knex } from 'knex';
import { replaceErasureFunction, type Migration } from '@kyb/db';
import { OWNER_ERASURE_0016 } from './20261202_0016_erasure_functions';
import { CUSTOMER_ERASURE_0017 } from './20261202_0017_provider_settings';

/** What a tenant's erasure runs from here on: the vendors' kept answers go too (their key goes with the tenant anyway). */
export const CUSTOMER_ERASURE_0018: readonly string[] = [...CUSTOMER_ERASURE_0017, 'delete from integration.vendor_answers where customer_id = p_customer'];
/** What an owner's erasure runs from here on: a vendor's answer about the business may name the owner (a registry's officers, MATCH's principals), so all of the business's go. */
export const OWNER_ERASURE_0018: readonly string[] = [...OWNER_ERASURE_0016, 'delete from integration.vendor_answers where customer_id = p_customer and business_id = p_business'];

/**
 * The vendors' raw answers (issue 43), kept beside what they explain so a verification or a
 * screening can be explained and audited later: which check (or MATCH), the adapter and its
 * version, and the answer sealed with the tenant's data key. Kept until the tenant is erased, or an
 * owner of the business is; a verification or screening deleted takes its answers with it.
 */
export const vendorAnswers: Migration = {
  name: '20261203_0018_vendor_answers',
  async up(db: Knex) {
    await db.raw(`create table integration.vendor_answers (
      id uuid primary key default gen_random_uuid(),
      customer_id uuid not null,
      business_id uuid not null,
      verification_id uuid references integration.business_verifications (id) on delete cascade,
      screening_id uuid references integration.screenings (id) on delete cascade,
      check_code text not null constraint vendor_answers_check_code_check
        check (check_code in ('TIN_MATCH', 'SOS_FILING', 'ADDRESS', 'OFFICERS', 'MATCH')),
      adapter text not null,
      adapter_version text not null,
      raw_sealed text not null,
      created_at timestamptz not null default now(),
      -- A verification's answers explain its checks, a screening's is MATCH's.
      constraint vendor_answers_subject_check check (
        (verification_id is not null and screening_id is null and check_code <> 'MATCH')
        or (screening_id is not null and verification_id is null and check_code = 'MATCH'))
    )`);
    await db.raw('create index vendor_answers_verification on integration.vendor_answers (verification_id) where verification_id is not null');
    await db.raw('create index vendor_answers_screening on integration.vendor_answers (screening_id) where screening_id is not null');
    // Erasure: a tenant's (customer_id), and an owner's business's (customer_id, business_id).
    await db.raw('create index vendor_answers_business on integration.vendor_answers (customer_id, business_id)');
    await replaceErasureFunction(db, 'integration', 'erase_customer', CUSTOMER_ERASURE_0018);
    await replaceErasureFunction(db, 'integration', 'erase_owner', OWNER_ERASURE_0018);
  },
  async down(db: Knex) {
    await replaceErasureFunction(db, 'integration', 'erase_owner', OWNER_ERASURE_0016);
    await replaceErasureFunction(db, 'integration', 'erase_customer', CUSTOMER_ERASURE_0017);
    await db.raw('drop table if exists integration.vendor_answers');
  },
};
