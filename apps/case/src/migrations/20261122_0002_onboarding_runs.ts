import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** Onboarding runs (one per add or bulk request) and the monthly onboarding usage per customer. */
export const onboardingRuns: Migration = {
  name: '20261122_0002_onboarding_runs',
  async up(db: Knex) {
    await db.schema.withSchema('cases').createTable('onboarding_runs', (t) => {
      t.uuid('id').primary();
      t.uuid('customer_id').notNullable();
      t.uuid('created_by').notNullable();
      t.integer('row_count').notNullable();
      t.text('status').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.schema.withSchema('cases').alterTable('businesses', (t) => {
      t.uuid('run_id').nullable().references('id').inTable('cases.onboarding_runs');
    });
    await db.schema.withSchema('cases').createTable('onboarding_usage', (t) => {
      t.uuid('customer_id').notNullable();
      t.text('month').notNullable();
      t.integer('used').notNullable().defaultTo(0);
      t.primary(['customer_id', 'month']);
    });
  },
  async down(db: Knex) {
    await db.schema.withSchema('cases').dropTableIfExists('onboarding_usage');
    await db.schema.withSchema('cases').alterTable('businesses', (t) => t.dropColumn('run_id'));
    await db.schema.withSchema('cases').dropTableIfExists('onboarding_runs');
  },
};
