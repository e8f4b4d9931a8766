import { canAccessCustomer, TenantAccessDeniedError, unseen, type Actor } from '@kyb/auth';
import type { Knex } from '@kyb/db';
import { NotFoundError } from '@kyb/envelope';

/** A reviewer's decision waiting for a second reviewer's under four eyes, as the case keeps it. */
export interface PendingDecision {
  decision: 'approve' | 'reject';
  by: string;
  reason_code: string;
  note: string | null;
  at: string;
}

/** What the review and decision routes read of a case before acting on it. */
export interface ReviewedCase {
  id: string;
  customer_id: string;
  business_id: string;
  status: string;
  assignee_id: string | null;
  pending_decision: PendingDecision | null;
}

/**
 * The case `caseId` as the caller may see it: an unknown case and another tenant's answer alike
 * (403 to a customer, 404 `CaseApiError` to an ADMIN), in the usual order of checks.
 */
export async function caseOfCaller(db: Knex, actor: Actor, caseId: string): Promise<ReviewedCase> {
  const found = await db<ReviewedCase>('cases.cases').where({ id: caseId.toLowerCase() }).first('id', 'customer_id', 'business_id', 'status', 'assignee_id', 'pending_decision');
  if (!found) throw unseen(actor, new NotFoundError('Case not found', 'CaseApiError'));
  if (!canAccessCustomer(actor, found.customer_id)) throw new TenantAccessDeniedError();
  return found;
}
