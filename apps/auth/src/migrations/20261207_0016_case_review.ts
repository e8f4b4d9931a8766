import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

const CASES_REVIEW = { id: 20, code: 'cases:review', label: 'Case Review' };
const OWNER_ID = '30de5456-973e-4ba6-a98f-a55183326a0a';
const REVIEWER_ID = '9c3b7a10-5d2e-4f61-8a4b-0e7d2c6f1a33';

/**
 * Case review (issue 45): the `cases:review` permission (list the review queue, decide cases), held
 * by the `owner` subrole and by a new `reviewer` subrole with every read permission.
 */
export const caseReview: Migration = {
  name: '20261207_0016_case_review',
  async up(db: Knex) {
    await db('auth.permissions').insert(CASES_REVIEW);
    await db('auth.subroles').insert({ id: REVIEWER_ID, code: 'reviewer', display_name: 'Reviewer', label: 'Reviewer', description: 'Reads the customer account and decides its cases' });
    const reads = await db('auth.permissions').where('code', 'like', '%:read').pluck('id');
    await db('auth.subrole_permissions').insert([
      { subrole_id: OWNER_ID, permission_id: CASES_REVIEW.id },
      ...[...reads, CASES_REVIEW.id].map((id) => ({ subrole_id: REVIEWER_ID, permission_id: id })),
    ]);
  },
  async down(db: Knex) {
    await db('auth.subrole_permissions').where({ subrole_id: REVIEWER_ID }).orWhere({ permission_id: CASES_REVIEW.id }).delete();
    await db('auth.subroles').where({ id: REVIEWER_ID }).delete();
    await db('auth.permissions').where({ id: CASES_REVIEW.id }).delete();
  },
};
