import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * CUSTOMER accounts are unique per customer and email, so creating a user never tells a tenant
 * that another tenant has that email (docs/adr/0009). ADMIN and APPLICANT accounts stay unique
 * per email. `last_signed_in_at` decides which account a sign-in picks when one email and
 * password open accounts in several customers.
 */
export const customerUserEmailPerTenant: Migration = {
  name: '20261123_0008_customer_user_email_per_tenant',
  async up(db: Knex) {
    await db.raw('alter table auth.users add column last_signed_in_at timestamptz null');
    // Email first: it serves the sign-in's look-up across customers as well as uniqueness.
    await db.raw(`create unique index users_customer_email on auth.users (lower(email), customer_id) where role = 'CUSTOMER'`);
    await db.raw(`create unique index users_global_email on auth.users (role, lower(email)) where role <> 'CUSTOMER'`);
    await db.raw('drop index if exists auth.users_role_email');
  },
  async down(db: Knex) {
    // Fails while one email has CUSTOMER accounts in several customers: those must be resolved first.
    await db.raw('create unique index users_role_email on auth.users (role, lower(email))');
    await db.raw('drop index if exists auth.users_global_email');
    await db.raw('drop index if exists auth.users_customer_email');
    await db.raw('alter table auth.users drop column if exists last_signed_in_at');
  },
};
