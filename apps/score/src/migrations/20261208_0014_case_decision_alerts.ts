import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * Alerts about a case's decision (issue 45): when the case area contests a decided case's decision
 * (`case.decision_contested`), the customer gets a `CASE_DECISION_CONTESTED` alert beside
 * monitoring's. Such an alert names its case (`case_id`) and no score, and is raised once per case,
 * rule and subject (the state the policy would now move the case to); a score's alert still names
 * both scores. `scores.event_feed_cursors` is where the score worker stands in other areas' event
 * feeds: the case area's from now on (no contest is announced before this release). The existing
 * erasure (`scores.erase_customer`) empties these alerts' words as it does every alert's.
 */
export const caseDecisionAlerts: Migration = {
  name: '20261208_0014_case_decision_alerts',
  async up(db: Knex) {
    await db.raw(`alter table scores.alerts
      add column case_id uuid,
      alter column score_id drop not null,
      alter column previous_score_id drop not null,
      add constraint alerts_names_what_raised_it check (case_id is not null or (score_id is not null and previous_score_id is not null))`);
    await db.raw('create unique index alerts_case_raised_once on scores.alerts (case_id, rule, subject) where case_id is not null');
    await db.raw('create table scores.event_feed_cursors (source text primary key, tx xid8 not null, seq bigint not null)');
    await db.raw(`insert into scores.event_feed_cursors (source, tx, seq) select 'cases', pg_snapshot_xmin(pg_current_snapshot()), 0`);
  },
  async down(db: Knex) {
    await db.raw('drop table if exists scores.event_feed_cursors');
    await db.raw('delete from scores.alerts where case_id is not null');
    await db.raw('drop index if exists scores.alerts_case_raised_once');
    await db.raw(`alter table scores.alerts
      drop constraint alerts_names_what_raised_it,
      alter column score_id set not null,
      alter column previous_score_id set not null,
      drop column case_id`);
  },
};
