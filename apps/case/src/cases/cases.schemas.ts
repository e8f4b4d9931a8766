import { CASE_STATES } from './case-state-names';
import { listPageSchema, listQuerySchema, uuidParams, uuidSchema, type JsonSchema, type ListQuery } from '@kyb/validation';

/** Columns a list of cases may be sorted by. */
export const CASE_SORT_FIELDS = ['created_at', 'updated_at', 'status', 'status_changed_at'] as const;
export type CaseSort = (typeof CASE_SORT_FIELDS)[number];
/** The filters of a list of cases. */
export type CaseListFilter = { status?: string; business_id?: string; assignee_id?: string; origin?: string };

/** One page of a customer's cases. */
export type CaseListQuery = ListQuery<CaseSort, CaseListFilter, never> & { customerId: string };

/** Path of a customer's cases. */
export const customerParams = uuidParams('customerID');
/** Path of one case. */
export const caseParams = uuidParams('caseID');
/** Path of one invitation. */
export const invitationParams = uuidParams('invitationID');

/** Listing a customer's cases. */
export const listCasesQuery = listQuerySchema({
  sortFields: CASE_SORT_FIELDS,
  filters: { status: { type: 'string', enum: [...CASE_STATES] }, business_id: uuidSchema, assignee_id: uuidSchema, origin: { type: 'string', enum: ['INVITATION', 'ADDED'] } },
  searchFields: [],
});

/** A case with its invitations (one case read adds `decision` and `trail`). */
export const caseSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: uuidSchema,
    business_id: uuidSchema,
    status: { type: 'string', enum: [...CASE_STATES] },
    origin: { type: 'string', enum: ['INVITATION', 'ADDED'], description: 'how the case was opened (E12 shows it as data_cases[].status 1 or 3)' },
    assignee_id: { type: ['string', 'null'], format: 'uuid' },
    status_changed_at: { type: 'string', format: 'date-time' },
    invitations: { type: 'array' },
    decision: {
      type: 'object',
      description: "what the case's policy last said: kind (decided, waiting, not_evaluated), policy_version, rule_id, reason, the rules passed, and the facts read (name, value, source, at) or the facts missing",
    },
    trail: {
      type: 'array',
      description: 'every change of state, oldest first: from_status, to_status, mover (policy, reviewer, applicant, customer), actor_id, policy_version, rule_ids, reason_code, note, facts, at',
      items: { type: 'object' },
    },
  },
};

/** One page of cases. */
export const caseListSchema: JsonSchema = listPageSchema(caseSchema);
