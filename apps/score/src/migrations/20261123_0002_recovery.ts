import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * What the recovery sweep needs (issue 16): how often a score was recovered and when last, and a
 * partial index so the sweep reads only scores still PROCESSING.
 */
export const recovery: Migration = {
  name: '20261123_0002_recovery',
  async up(db: Knex) {
    await db.schema.withSchema('scores').alterTable('scores', (t) => {
      t.integer('recoveries').notNullable().defaultTo(0);
      t.timestamp('recovered_at', { useTz: true }).nullable();
    });
    await db.raw(`create index scores_processing on scores.scores (updated_at) where status = 'PROCESSING'`);
  },
  async down(db: Knex) {
    await db.raw('drop index if exists scores.scores_processing');
    await db.schema.withSchema('scores').alterTable('scores', (t) => t.dropColumns('recoveries', 'recovered_at'));
  },
};
