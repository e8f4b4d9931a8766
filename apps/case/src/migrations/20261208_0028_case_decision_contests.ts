import type { Knex } from 'knex';
import { replaceErasureFunction, type Migration } from '@kyb/db';
import { CUSTOMER_ERASURE_0026 } from './20261207_0026_case_reviews';

/** A tenant's erasure from here on: a contest keeps its ids and states, not the rule nor the policy's words. */
export const CUSTOMER_ERASURE_0028: readonly string[] = [
  ...CUSTOMER_ERASURE_0026,
  `update cases.case_decision_contests set rule_id = null, reason = null where customer_id = p_customer and (rule_id is not null or reason is not null)`,
];

/**
 * Contested decisions (issue 45, ADR 0055): a decided case (`AUTO_APPROVED`, `AUTO_REJECTED`,
 * `APPROVED`, `REJECTED`) whose facts came to say otherwise is never moved; the decision round
 * keeps the contest instead, once per case and state the policy would now move it to (`status`
 * the case's state then; `rule_id` null when `otherwise` decided), and announces it
 * (`case.decision_contested`). Published as `case_decision_contest_directory`, which the score
 * area reads to raise the customer's alert.
 */
export const caseDecisionContests: Migration = {
  name: '20261208_0028_case_decision_contests',
  async up(db: Knex) {
    await db.raw(`create table cases.case_decision_contests (
      id uuid primary key default gen_random_uuid(),
      case_id uuid not null references cases.cases (id),
      customer_id uuid not null,
      business_id uuid not null,
      status text not null constraint case_decision_contests_status_check check (status in ('AUTO_APPROVED', 'AUTO_REJECTED', 'APPROVED', 'REJECTED')),
      would_decide text not null constraint case_decision_contests_would_decide_check check (would_decide in ('AUTO_APPROVED', 'MANUAL_REVIEW', 'AUTO_REJECTED')),
      policy_version integer not null,
      rule_id text,
      reason text,
      created_at timestamptz not null default now(),
      constraint case_decision_contests_once unique (case_id, would_decide)
    )`);
    await db.raw('create index case_decision_contests_customer on cases.case_decision_contests (customer_id, case_id)');
    await db.raw(`create view cases.case_decision_contest_directory as
      select id, case_id, customer_id, business_id, status, would_decide, policy_version, rule_id, reason, created_at as contested_at
      from cases.case_decision_contests`);
    await replaceErasureFunction(db, 'cases', 'erase_customer', CUSTOMER_ERASURE_0028);
  },
  async down(db: Knex) {
    await replaceErasureFunction(db, 'cases', 'erase_customer', CUSTOMER_ERASURE_0026);
    await db.raw('drop view if exists cases.case_decision_contest_directory');
    await db.raw('drop table if exists cases.case_decision_contests');
  },
};
