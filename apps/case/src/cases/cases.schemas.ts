import { SCORE_RISK_LEVELS } from '@kyb/area-views';
import { CASE_STATES } from './case-state-names';
import {
  cursorListPageSchema,
  listQuerySchema,
  uuidParams,
  uuidSchema,
  withListCursor,
  type CursorKeyKind,
  type CursorListQuery,
  type JsonSchema,
} from '@kyb/validation';

/** Columns a list of cases may be sorted by, with how a cursor carries each (ties are broken by id). */
export const CASE_SORT_KINDS = { created_at: 'timestamp', updated_at: 'timestamp', status: 'text', status_changed_at: 'timestamp' } as const satisfies Record<
  string,
  CursorKeyKind
>;
export type CaseSort = keyof typeof CASE_SORT_KINDS;
/** The sort fields, in the order the OpenAPI document lists them. */
export const CASE_SORT_FIELDS = Object.keys(CASE_SORT_KINDS) as CaseSort[];

/** The filters of a list of cases, as asked for. */
export type CaseListFilter = {
  status?: string;
  business_id?: string;
  assignee_id?: string;
  origin?: string;
  risk_level?: string;
  waiting_longer_than_hours?: number;
  status_changed_before?: string;
  awaiting_confirmation?: boolean;
};

/** One page of a customer's cases, as the router hands it to the service. */
export type CaseListQuery = CursorListQuery<CaseSort, CaseListFilter, never> & { customerId: string };

/** What the store reads: the columns to match, the newest score's risk level, and a case's state older than a time. */
export type CaseListCriteria = Omit<CaseListQuery, 'filter'> & {
  filter: Omit<CaseListFilter, 'risk_level' | 'waiting_longer_than_hours' | 'status_changed_before' | 'awaiting_confirmation'>;
  riskLevel?: string;
  /** Cases with (true) or without (false) a decision waiting for a second reviewer. */
  awaitingConfirmation?: boolean;
  statusChangedBefore?: Date;
};

/** Path of a customer's cases. */
export const customerParams = uuidParams('customerID');
/** Path of one case. */
export const caseParams = uuidParams('caseID');
/** Path of one invitation. */
export const invitationParams = uuidParams('invitationID');

/** Listing a customer's cases: the queue's filters, page numbers or a cursor. */
export const listCasesQuery = withListCursor(
  listQuerySchema({
    sortFields: CASE_SORT_FIELDS,
    filters: {
      status: { type: 'string', enum: [...CASE_STATES] },
      business_id: uuidSchema,
      assignee_id: uuidSchema,
      origin: { type: 'string', enum: ['INVITATION', 'ADDED'] },
      risk_level: { type: 'string', enum: [...SCORE_RISK_LEVELS], description: "the risk level of the business's newest successful score (a case whose business has none is not listed)" },
      waiting_longer_than_hours: {
        type: 'integer',
        minimum: 0,
        maximum: 1000000,
        description: 'cases in their state for longer than this many hours (status_changed_at before now minus the hours)',
      },
      status_changed_before: { type: 'string', format: 'date-time', description: 'cases whose state last changed before this time' },
      awaiting_confirmation: { type: 'boolean', description: "cases with (true) or without (false) a reviewer's decision waiting for a second reviewer's confirmation (four eyes)" },
    },
    searchFields: [],
  }),
);

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
    awaiting_confirmation: {
      type: ['object', 'null'],
      description: "under four eyes, a reviewer's decision waiting for a second reviewer's confirmation (the same decision by another reviewer); null when none waits",
      properties: {
        decision: { type: 'string', enum: ['approve', 'reject'] },
        by: { type: 'string', format: 'uuid', description: 'the first reviewer' },
        reason_code: { type: 'string' },
        note: { type: ['string', 'null'] },
        at: { type: 'string', format: 'date-time' },
      },
    },
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
export const caseListSchema: JsonSchema = cursorListPageSchema(caseSchema);
