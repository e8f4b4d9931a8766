import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** The read module other areas use: what they may know of a customer (see @kyb/tenants). */
export const customerDirectory: Migration = {
  name: '20261122_0003_customer_directory',
  async up(db: Knex) {
    await db.raw('create view auth.customer_directory as select id, name, monthly_onboarding_limit, features from auth.customers');
  },
  async down(db: Knex) {
    await db.raw('drop view if exists auth.customer_directory');
  },
};
