import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** Runs accepted with `async=true`: their rows (sealed) wait for the worker; the outcome is kept. */
export const asyncRuns: Migration = {
  name: '20261122_0003_async_runs',
  async up(db: Knex) {
    await db.schema.withSchema('cases').alterTable('onboarding_runs', (t) => {
      t.text('rows_sealed').nullable();
      t.jsonb('failed_rows').nullable();
      t.text('failure_reason').nullable();
      t.jsonb('business_ids').nullable();
      t.timestamp('finished_at', { useTz: true }).nullable();
    });
  },
  async down(db: Knex) {
    await db.schema.withSchema('cases').alterTable('onboarding_runs', (t) => {
      t.dropColumns('rows_sealed', 'failed_rows', 'failure_reason', 'business_ids', 'finished_at');
    });
  },
};
