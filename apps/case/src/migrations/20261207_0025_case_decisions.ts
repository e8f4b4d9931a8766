import type { Knex } from 'knex';
import { replaceErasureFunction, type Migration } from '@kyb/db';
import { CUSTOMER_ERASURE_0024 } from './20261207_0024_case_policies';

/** The states a case takes from here on (docs/adr/0055), as this migration knows them. */
const STATES_0025 = ['OPEN', 'AUTO_APPROVED', 'MANUAL_REVIEW', 'AUTO_REJECTED', 'APPROVED', 'REJECTED', 'INFO_REQUESTED', 'WITHDRAWN'];
const quoted = (words: readonly string[]) => words.map((w) => `'${w}'`).join(', ');

/** A tenant's erasure from here on: a trail keeps who moved a case and when, not the reviewers' notes nor the facts. */
export const CUSTOMER_ERASURE_0025: readonly string[] = [
  ...CUSTOMER_ERASURE_0024,
  `update cases.cases set outcome = null where customer_id = p_customer and outcome is not null`,
  `update cases.case_transitions set note = null, facts = null, rule_ids = '{}'
    where customer_id = p_customer and (note is not null or facts is not null or rule_ids <> '{}')`,
];

/**
 * Cases that decide (issue 45): a case's `status` becomes its decision state (every open case
 * `OPEN`), how it was opened moves to `origin` (`INVITATION`, `ADDED`; E12's integers come from
 * it), every business without a case gets one, and each change of state is kept in
 * `case_transitions` with who or what made it and why. `outcome` keeps what the policy last said
 * (the rule, the facts it read) and `evaluated_at` when.
 */
export const caseDecisions: Migration = {
  name: '20261207_0025_case_decisions',
  async up(db: Knex) {
    await db.raw(`alter table cases.cases
      add column origin text,
      add column assignee_id uuid,
      add column policy_version integer,
      add column status_changed_at timestamptz,
      add column evaluated_at timestamptz,
      add column outcome jsonb`);
    await db.raw(`update cases.cases set origin = case when status = 'INVITED' then 'INVITATION' else 'ADDED' end, status = 'OPEN', status_changed_at = created_at`);
    await db.raw(`insert into cases.cases (customer_id, business_id, status, origin, customer_initiated, created_by, updated_by, created_at, updated_at, status_changed_at)
      select b.customer_id, b.id, 'OPEN', 'ADDED', true, b.created_by, b.created_by, b.created_at, b.created_at, b.created_at
        from cases.businesses b where b.deleted_at is null and not exists (select 1 from cases.cases c where c.business_id = b.id)`);
    await db.raw(`alter table cases.cases
      alter column origin set not null,
      alter column status set default 'OPEN',
      alter column status_changed_at set not null,
      alter column status_changed_at set default now(),
      add constraint cases_origin_check check (origin in ('INVITATION', 'ADDED')),
      add constraint cases_status_check check (status in (${quoted(STATES_0025)}))`);
    await db.raw('create index cases_queue on cases.cases (customer_id, status, status_changed_at, id)');
    await db.raw('create index cases_business on cases.cases (business_id)');
    // The review queue's oldest case, for the metric a team alerts on.
    await db.raw(`create index cases_review_age on cases.cases (status, status_changed_at) where status in ('MANUAL_REVIEW', 'INFO_REQUESTED')`);
    // The decision round's recheck: undecided cases, least recently evaluated first.
    await db.raw(`create index cases_undecided on cases.cases (evaluated_at nulls first, id) where status in ('OPEN', 'MANUAL_REVIEW')`);
    await db.raw(`create table cases.case_transitions (
      id uuid primary key default gen_random_uuid(),
      case_id uuid not null references cases.cases (id),
      customer_id uuid not null,
      from_status text,
      to_status text not null,
      mover text not null constraint case_transitions_mover_check check (mover in ('policy', 'reviewer', 'applicant', 'customer')),
      actor_id uuid,
      policy_version integer,
      rule_ids text[] not null default '{}',
      reason_code text,
      note text,
      facts jsonb,
      created_at timestamptz not null default now()
    )`);
    await db.raw('create index case_transitions_case on cases.case_transitions (case_id, created_at, id)');
    await db.raw('create index case_transitions_customer on cases.case_transitions (customer_id)');
    // Cases the decision round must look at again (a fact arrived, or it was just opened).
    await db.raw('create index cases_to_evaluate on cases.cases (id) where evaluated_at is null');
    // Where the decision round stands in each area's event feed: from now on (every case is evaluated once anyway).
    await db.raw('create table cases.decision_feed_cursors (source text primary key, tx xid8 not null, seq bigint not null)');
    for (const source of ['cases', 'integration', 'scores']) await db.raw(`insert into cases.decision_feed_cursors (source, tx, seq) select ?, pg_snapshot_xmin(pg_current_snapshot()), 0`, [source]);
    await replaceErasureFunction(db, 'cases', 'erase_customer', CUSTOMER_ERASURE_0025);
  },
  async down(db: Knex) {
    await replaceErasureFunction(db, 'cases', 'erase_customer', CUSTOMER_ERASURE_0024);
    await db.raw('drop table if exists cases.decision_feed_cursors');
    await db.raw('drop index if exists cases.cases_to_evaluate');
    await db.raw('drop table if exists cases.case_transitions');
    await db.raw(`delete from cases.cases c where c.origin = 'ADDED' and c.applicant_id is null and not exists (select 1 from cases.invitations i where i.case_id = c.id)`);
    await db.raw(`alter table cases.cases drop constraint cases_status_check, drop constraint cases_origin_check, alter column status drop default`);
    await db.raw(`update cases.cases set status = case when origin = 'INVITATION' then 'INVITED' else 'CREATED' end`);
    await db.raw('drop index if exists cases.cases_queue');
    await db.raw('drop index if exists cases.cases_business');
    await db.raw('drop index if exists cases.cases_undecided');
    await db.raw('drop index if exists cases.cases_review_age');
    await db.raw('alter table cases.cases drop column origin, drop column assignee_id, drop column policy_version, drop column status_changed_at, drop column evaluated_at, drop column outcome');
  },
};
