import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * What other areas read of MATCH screenings (issue 45: the case decision's `match.result`, the 360
 * report): each business's newest screening, whatever its state, with its result once completed.
 * Ids, states and the published result words only: no merchant or principal details.
 */
export const matchScreeningDirectory: Migration = {
  name: '20261207_0021_match_screening_directory',
  async up(db: Knex) {
    await db.raw(`create view integration.match_screening_directory as
      select distinct on (business_id) id, customer_id, business_id, status, provider, match_result, created_at, completed_at, updated_at
      from integration.screenings
      order by business_id, created_at desc, id desc`);
  },
  async down(db: Knex) {
    await db.raw('drop view if exists integration.match_screening_directory');
  },
};
