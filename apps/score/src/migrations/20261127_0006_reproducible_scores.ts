import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * Reproducible scores (issue 12): each score keeps the snapshot of the inputs it was computed from
 * (`inputs`, null for a score not yet SUCCESS and for scores older than snapshots), and a customer
 * can be given a weighting config of its own (`customer_weightage_configs`): its new scores use it
 * instead of the active one, and scores already made keep the config they name.
 */
export const reproducibleScores: Migration = {
  name: '20261127_0006_reproducible_scores',
  async up(db: Knex) {
    await db.schema.withSchema('scores').alterTable('scores', (t) => {
      t.jsonb('inputs').nullable();
    });
    await db.schema.withSchema('scores').createTable('customer_weightage_configs', (t) => {
      t.uuid('customer_id').primary();
      t.uuid('weightage_config_id').notNullable().references('id').inTable('scores.weightage_configs');
      t.uuid('assigned_by').nullable();
      t.timestamp('assigned_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.schema.withSchema('scores').alterTable('weightage_configs', (t) => {
      t.uuid('created_by').nullable();
    });
  },
  async down(db: Knex) {
    await db.schema.withSchema('scores').alterTable('weightage_configs', (t) => t.dropColumn('created_by'));
    await db.schema.withSchema('scores').dropTableIfExists('customer_weightage_configs');
    await db.schema.withSchema('scores').alterTable('scores', (t) => t.dropColumn('inputs'));
  },
};
