import { listPageSchema, listQuerySchema, uuidParams, uuidSchema, type JsonSchema, type ListQuery } from '@kyb/validation';

/** Columns a list of cases may be sorted by. */
export const CASE_SORT_FIELDS = ['created_at', 'updated_at', 'status'] as const;
export type CaseSort = (typeof CASE_SORT_FIELDS)[number];
/** The filters of a list of cases. */
export type CaseListFilter = { status?: string; business_id?: string };

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
  filters: { status: { type: 'string', maxLength: 50 }, business_id: uuidSchema },
  searchFields: [],
});

/** A case with its invitations. */
export const caseSchema: JsonSchema = {
  type: 'object',
  properties: { id: uuidSchema, business_id: uuidSchema, status: { type: 'string' }, invitations: { type: 'array' } },
};

/** One page of cases. */
export const caseListSchema: JsonSchema = listPageSchema(caseSchema);
