import type { Knex } from 'knex';
import { replaceErasureFunction, type Migration } from '@kyb/db';
import { CUSTOMER_ERASURE_0025 } from './20261207_0025_case_decisions';

/** A tenant's erasure from here on: a decision waiting for confirmation goes too (its note is the reviewer's words). */
export const CUSTOMER_ERASURE_0026: readonly string[] = [
  ...CUSTOMER_ERASURE_0025,
  'update cases.cases set pending_decision = null where customer_id = p_customer and pending_decision is not null',
];

/**
 * A reviewer's decision waiting for a second reviewer (four eyes, issue 45): the decision, who made
 * it, the reason code and note, and when; null when none waits.
 */
export const caseReviews: Migration = {
  name: '20261207_0026_case_reviews',
  async up(db: Knex) {
    await db.raw('alter table cases.cases add column pending_decision jsonb');
    await replaceErasureFunction(db, 'cases', 'erase_customer', CUSTOMER_ERASURE_0026);
  },
  async down(db: Knex) {
    await replaceErasureFunction(db, 'cases', 'erase_customer', CUSTOMER_ERASURE_0025);
    await db.raw('alter table cases.cases drop column pending_decision');
  },
};
