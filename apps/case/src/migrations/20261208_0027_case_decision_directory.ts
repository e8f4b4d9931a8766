import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * What other areas read of a case's decision (issue 45: the 360 report's decision page), with the
 * meaning GET /cases/{id} gives it: `case_decision_directory`, each case with its state, how it was
 * opened, its assignee, the policy version that last moved it, and what the policy last said
 * (`outcome`: the rule, the rules tried before it, the facts read with their sources and times, or
 * the facts waited for) and when; `case_transition_directory`, every change of state with who or
 * what made it and why (the rule ids or the reason code, the note, the facts), and the case's
 * business so both read by tenant and business. No applicant: its name and email stay here. A
 * tenant's erasure empties the outcome, the notes, the facts and the rule ids in the tables, and so
 * in these views; what is waiting for a second reviewer is not published.
 */
export const caseDecisionDirectory: Migration = {
  name: '20261208_0027_case_decision_directory',
  async up(db: Knex) {
    await db.raw(`create view cases.case_decision_directory as
      select c.id, c.customer_id, c.business_id, c.status, c.origin, c.assignee_id, c.policy_version, c.status_changed_at, c.evaluated_at,
             c.outcome, c.created_at
      from cases.cases c`);
    await db.raw(`create view cases.case_transition_directory as
      select t.id, t.case_id, t.customer_id, c.business_id, t.from_status, t.to_status, t.mover, t.actor_id, t.policy_version, t.rule_ids,
             t.reason_code, t.note, t.facts, t.created_at
      from cases.case_transitions t join cases.cases c on c.id = t.case_id`);
  },
  async down(db: Knex) {
    await db.raw('drop view if exists cases.case_transition_directory');
    await db.raw('drop view if exists cases.case_decision_directory');
  },
};
