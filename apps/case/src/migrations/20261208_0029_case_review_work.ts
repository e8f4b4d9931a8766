import type { Knex } from 'knex';
import { replaceErasureFunction, type Migration } from '@kyb/db';
import { CUSTOMER_ERASURE_0028 } from './20261208_0028_case_decision_contests';

/**
 * A tenant's erasure from here on: reviewers' comments and what was asked of applicants (with their
 * answers, and the mail that asked) go whole; the trail still says a case waited on its applicant.
 */
export const CUSTOMER_ERASURE_0029: readonly string[] = [
  ...CUSTOMER_ERASURE_0028,
  'delete from cases.case_comments where customer_id = p_customer',
  'delete from cases.mail_outbox where information_request_id in (select id from cases.information_requests where customer_id = p_customer)',
  'delete from cases.information_requests where customer_id = p_customer',
];

/**
 * The review work on a case (issue 45): reviewers' comments, and the information a reviewer asks of
 * the case's applicant (`INFO_REQUESTED`): what was asked, the items named, the applicant's answer
 * and when; at most one open request per case. The mail that asks is kept in the mail outbox like an
 * invitation's, tied to its request.
 */
export const caseReviewWork: Migration = {
  name: '20261208_0029_case_review_work',
  async up(db: Knex) {
    await db.raw(`create table cases.case_comments (
      id uuid primary key default gen_random_uuid(),
      case_id uuid not null references cases.cases (id),
      customer_id uuid not null,
      author_id uuid not null,
      author_role text not null,
      body text not null,
      created_at timestamptz not null default now())`);
    await db.raw('create index case_comments_of_case on cases.case_comments (case_id, created_at, id)');
    await db.raw(`create table cases.information_requests (
      id uuid primary key default gen_random_uuid(),
      case_id uuid not null references cases.cases (id),
      customer_id uuid not null,
      business_id uuid not null,
      asked_by uuid not null,
      message text not null,
      items jsonb not null default '[]',
      status text not null check (status in ('OPEN', 'ANSWERED', 'CLOSED')),
      answer text,
      answered_by uuid,
      asked_at timestamptz not null,
      answered_at timestamptz,
      closed_at timestamptz)`);
    await db.raw(`create unique index information_requests_one_open on cases.information_requests (case_id) where status = 'OPEN'`);
    await db.raw('create index information_requests_of_business on cases.information_requests (business_id, asked_at)');
    await db.raw('create index information_requests_of_case on cases.information_requests (case_id, asked_at)');
    await db.raw('alter table cases.mail_outbox add column information_request_id uuid references cases.information_requests (id)');
    await replaceErasureFunction(db, 'cases', 'erase_customer', CUSTOMER_ERASURE_0029);
  },
  async down(db: Knex) {
    await replaceErasureFunction(db, 'cases', 'erase_customer', CUSTOMER_ERASURE_0028);
    await db.raw('delete from cases.mail_outbox where information_request_id is not null');
    await db.raw('alter table cases.mail_outbox drop column information_request_id');
    await db.raw('drop table if exists cases.information_requests');
    await db.raw('drop table if exists cases.case_comments');
  },
};
