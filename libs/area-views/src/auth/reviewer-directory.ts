import type { Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';

/**
 * The auth area's read module of case reviewers (issue 45): a view over the customer users whose
 * subrole holds `cases:review`, created by the auth area's migrations. The case area asks it
 * whether an id it is to assign a case to is an active reviewer of the case's tenant.
 */
export const REVIEWER_DIRECTORY_VIEW = 'auth.reviewer_directory';

/** Reads reviewers through the auth area's directory view. */
export function createReviewerDirectory(db: Knex) {
  return {
    /** Whether `userId` is an active user of `customerId` who may review its cases (false for a value that is not a UUID). */
    async isActiveReviewer(customerId: string, userId: string): Promise<boolean> {
      if (!isUuid(customerId) || !isUuid(userId)) return false;
      const found = await db(REVIEWER_DIRECTORY_VIEW).where({ id: userId.toLowerCase(), customer_id: customerId.toLowerCase(), active: true }).first('id');
      return found !== undefined;
    },
  };
}

/** The reviewer directory type, for injection. */
export type ReviewerDirectory = ReturnType<typeof createReviewerDirectory>;
