import type { Knex } from 'knex';
import { replaceErasureFunction, type Migration } from '@kyb/db';
import { CUSTOMER_ERASURE_0022 } from './20261202_0022_erasure_functions';

/** A tenant's erasure from here on: its case policies go too (their reasons are the tenant's own words). */
export const CUSTOMER_ERASURE_0024: readonly string[] = [...CUSTOMER_ERASURE_0022, 'delete from cases.case_policies where customer_id = p_customer'];

/**
 * The customers' case decision policies (issue 45, docs/adr/0055): every version kept, numbered
 * from 1 per customer; the newest is in force. A customer with none decides by the default policy.
 */
export const casePolicies: Migration = {
  name: '20261207_0024_case_policies',
  async up(db: Knex) {
    await db.raw(`create table cases.case_policies (
      id uuid primary key default gen_random_uuid(),
      customer_id uuid not null,
      version integer not null constraint case_policies_version_check check (version >= 1),
      body jsonb not null,
      created_by uuid,
      created_at timestamptz not null default now(),
      constraint case_policies_customer_version unique (customer_id, version)
    )`);
    await replaceErasureFunction(db, 'cases', 'erase_customer', CUSTOMER_ERASURE_0024);
  },
  async down(db: Knex) {
    await replaceErasureFunction(db, 'cases', 'erase_customer', CUSTOMER_ERASURE_0022);
    await db.raw('drop table if exists cases.case_policies');
  },
};
