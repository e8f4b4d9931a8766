import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';
import { VERIFICATION_WEIGHTAGE_CONFIG } from '../engine';

/**
 * The verification rule (issue 13): each score keeps what the rule of its config did to the
 * decision (`decision_log`, null when its config has none), and version 2.3, which caps an
 * unverified business's decision, is seeded inactive: 2.2 stays the config new scores use.
 */
export const verificationRule: Migration = {
  name: '20261123_0003_verification_rule',
  async up(db: Knex) {
    await db.schema.withSchema('scores').alterTable('scores', (t) => {
      t.text('decision_log').nullable();
    });
    await db('scores.weightage_configs')
      .insert({
        id: VERIFICATION_WEIGHTAGE_CONFIG.id,
        version: VERIFICATION_WEIGHTAGE_CONFIG.version,
        config: JSON.stringify(VERIFICATION_WEIGHTAGE_CONFIG),
        is_active: false,
      })
      .onConflict('version')
      .ignore();
  },
  async down(db: Knex) {
    // Scores made with 2.3 keep their config row; only an unused 2.3 goes.
    await db('scores.weightage_configs')
      .where({ id: VERIFICATION_WEIGHTAGE_CONFIG.id, is_active: false })
      .whereNotExists(db('scores.scores').select(db.raw('1')).where({ weightage_config_id: VERIFICATION_WEIGHTAGE_CONFIG.id }))
      .delete();
    await db.schema.withSchema('scores').alterTable('scores', (t) => t.dropColumn('decision_log'));
  },
};
