import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** The index's name, for the tests that read the planner's choice. */
export const NEWEST_SUCCESS_SCORE_INDEX = 'scores_newest_success';

/**
 * A business's newest SUCCESS score (issue 45): the case area's review queue filters by the risk
 * level of that score for every case it considers (through `scores.score_directory`), and the
 * report, explanations and a stored success's comparison read it too, all as `status = 'SUCCESS'`
 * ordered by `created_at desc, id desc`. `scores_business_month` leads with business_id but holds
 * every status and no id, so each such read fetched all of the business's scores and sorted them;
 * this partial index hands over the first row in that order. Not concurrently: migrations run in a
 * transaction.
 */
export const newestSuccessScoreIndex: Migration = {
  name: '20261209_0015_newest_success_score_index',
  async up(db: Knex) {
    await db.raw(`create index ${NEWEST_SUCCESS_SCORE_INDEX} on scores.scores (business_id, created_at desc, id desc) where status = 'SUCCESS'`);
  },
  async down(db: Knex) {
    await db.raw(`drop index if exists scores.${NEWEST_SUCCESS_SCORE_INDEX}`);
  },
};
