import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

const DECISION_COLUMNS = `c.id, c.customer_id, c.business_id, c.status, c.origin, c.assignee_id, c.policy_version, c.status_changed_at, c.evaluated_at,
             c.outcome, c.created_at`;

/**
 * `cases.case_decision_directory` also publishes what waits for a second reviewer under four eyes
 * (issue 45: the 360 report's decision page says a rejection is not final yet): the decision, the
 * first reviewer, the reason code and when, never the note (the reviewer's own words stay in the
 * case area until the decision is made, then the trail carries them). A tenant's erasure already
 * empties the waiting decision (case migration 0026), and so this column.
 */
export const awaitingConfirmationPublished: Migration = {
  name: '20261209_0030_awaiting_confirmation_published',
  async up(db: Knex) {
    await db.raw(`create or replace view cases.case_decision_directory as
      select ${DECISION_COLUMNS},
             c.pending_decision - 'note' as awaiting_confirmation
      from cases.cases c`);
  },
  async down(db: Knex) {
    // A view loses a column only by being made again (its grants come with the schema's defaults).
    await db.raw('drop view cases.case_decision_directory');
    await db.raw(`create view cases.case_decision_directory as
      select ${DECISION_COLUMNS}
      from cases.cases c`);
  },
};
