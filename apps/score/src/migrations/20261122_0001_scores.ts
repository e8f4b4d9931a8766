import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';
import { DEFAULT_WEIGHTAGE_CONFIG } from '../engine';

/**
 * Weighting configs (versioned data: a new version is a row, not code) and every score computed,
 * with the config that made it. Seeds version 2.2 as the active config.
 */
export const scores: Migration = {
  name: '20261122_0001_scores',
  async up(db: Knex) {
    await db.schema.withSchema('scores').createTable('weightage_configs', (t) => {
      t.uuid('id').primary();
      t.text('version').notNullable().unique();
      t.json('config').notNullable();
      t.boolean('is_active').notNullable().defaultTo(false);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.raw('create unique index weightage_configs_one_active on scores.weightage_configs (is_active) where is_active');
    await db('scores.weightage_configs').insert({
      id: DEFAULT_WEIGHTAGE_CONFIG.id,
      version: DEFAULT_WEIGHTAGE_CONFIG.version,
      config: JSON.stringify(DEFAULT_WEIGHTAGE_CONFIG),
      is_active: true,
    });

    await db.schema.withSchema('scores').createTable('scores', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.uuid('business_id').notNullable();
      t.uuid('customer_id').nullable();
      // What asked for the score, unique: `enrichment:<taskId>`, `monitoring:<yyyy-mm>:<businessId>`, `demand:<uuid>`.
      t.text('source_key').notNullable().unique();
      t.text('trigger').notNullable();
      t.uuid('weightage_config_id').notNullable().references('id').inTable('scores.weightage_configs');
      t.text('version').notNullable();
      t.text('status').notNullable().defaultTo('PROCESSING');
      t.integer('year').notNullable();
      t.integer('month').notNullable();
      t.decimal('weighted_score_100', 6, 2).nullable();
      t.decimal('weighted_score_850', 6, 2).nullable();
      t.decimal('base_score', 6, 2).nullable();
      t.text('risk_level').nullable();
      t.text('score_decision').nullable();
      t.json('score_distribution').nullable();
      t.text('failure_reason').nullable();
      t.integer('attempts').notNullable().defaultTo(0);
      t.uuid('requested_by').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('completed_at', { useTz: true }).nullable();
    });
    await db.raw(`alter table scores.scores add constraint scores_status_check check (status in ('PROCESSING', 'SUCCESS', 'FAILED'))`);
    await db.raw(`alter table scores.scores add constraint scores_trigger_check check (trigger in ('ENRICHMENT', 'ON_DEMAND', 'MONITORING'))`);
    await db.raw('create index scores_business_month on scores.scores (business_id, year, month, created_at desc)');
    // The report area reads a business's newest successful score through this view.
    await db.raw(`create view scores.score_directory as
      select id, business_id, customer_id, status, version, weightage_config_id, weighted_score_100, weighted_score_850, base_score,
             risk_level, score_decision, score_distribution, year, month, created_at, completed_at
      from scores.scores`);
  },
  async down(db: Knex) {
    await db.raw('drop view if exists scores.score_directory');
    await db.schema.withSchema('scores').dropTableIfExists('scores');
    await db.schema.withSchema('scores').dropTableIfExists('weightage_configs');
  },
};
