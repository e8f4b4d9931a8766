import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

const SCORE_DIRECTORY_COLUMNS = `id, business_id, customer_id, status, version, weightage_config_id, weighted_score_100, weighted_score_850, base_score,
  risk_level, score_decision, score_distribution, year, month, created_at, completed_at`;

/**
 * What the 360 report reads of risk intelligence (issue 12): each score keeps the reason codes its
 * explanation gives (`reason_codes`, null before it succeeded and for scores older than them),
 * published by the score directory, and monitoring's alerts are published as
 * `scores.alert_directory` (no before/after values or notes: what a report lists).
 */
export const reportViews: Migration = {
  name: '20261127_0009_report_views',
  async up(db: Knex) {
    await db.schema.withSchema('scores').alterTable('scores', (t) => {
      t.jsonb('reason_codes').nullable();
    });
    await db.raw(`create or replace view scores.score_directory as select ${SCORE_DIRECTORY_COLUMNS}, reason_codes from scores.scores`);
    await db.raw(`create view scores.alert_directory as
      select id, customer_id, business_id, score_id, rule, severity, status, title, summary, created_at from scores.alerts`);
  },
  async down(db: Knex) {
    await db.raw('drop view if exists scores.alert_directory');
    await db.raw('drop view scores.score_directory');
    await db.raw(`create view scores.score_directory as select ${SCORE_DIRECTORY_COLUMNS} from scores.scores`);
    await db.schema.withSchema('scores').alterTable('scores', (t) => t.dropColumn('reason_codes'));
  },
};
