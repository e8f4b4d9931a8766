import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * What the recovery sweep needs (issue 16): how often a report was recovered and when last, and a
 * partial index so the sweep reads only reports REQUESTED or IN_PROGRESS.
 */
export const recovery: Migration = {
  name: '20261123_0002_recovery',
  async up(db: Knex) {
    await db.schema.withSchema('reports').alterTable('reports', (t) => {
      t.integer('recoveries').notNullable().defaultTo(0);
      t.timestamp('recovered_at', { useTz: true }).nullable();
    });
    await db.raw(`create index reports_open on reports.reports (updated_at) where status in ('REQUESTED', 'IN_PROGRESS')`);
  },
  async down(db: Knex) {
    await db.raw('drop index if exists reports.reports_open');
    await db.schema.withSchema('reports').alterTable('reports', (t) => t.dropColumns('recoveries', 'recovered_at'));
  },
};
