import { listPageSchema, listQuerySchema, strictObject, uuidParams, uuidSchema, type JsonSchema } from '@kyb/validation';

/** Path of one case; of one information request. */
export const caseParams = uuidParams('caseID');
export const requestParams = uuidParams('requestID');

/** Words a person writes: not empty, not only spaces. */
const words = (maxLength: number, description: string): JsonSchema => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S', description });

export const assignBody = strictObject({ assignee_id: { type: ['string', 'null'], format: 'uuid', description: 'an active user of the case\'s customer who may review cases; null: unassigned' } }, ['assignee_id']);
export const commentBody = strictObject({ text: words(4000, "the comment, kept on the case (never in the audit log)") }, ['text']);
export const informationRequestBody = strictObject(
  {
    message: words(2000, 'what the applicant is asked, in words they read in the mail and when they sign in'),
    items: { type: 'array', maxItems: 20, items: words(200, 'one thing to provide'), description: 'the things to provide, one by one (at most 20)' },
  },
  ['message'],
);
export const answerBody = strictObject({ answer: words(4000, "the applicant's answer, kept with the request") }, ['answer']);

/** Lists read oldest first by default (`sort[created_at]=desc` for newest first). */
export const createdListQuery = listQuerySchema({ sortFields: ['created_at'] as const, filters: {}, searchFields: [] });
export const applicantListQuery = listQuerySchema({ sortFields: ['created_at'] as const, filters: { status: { type: 'string', enum: ['OPEN', 'ANSWERED', 'CLOSED'] } }, searchFields: [] });

export const assignmentSchema: JsonSchema = {
  type: 'object',
  required: ['case_id', 'status', 'assignee_id'],
  properties: { case_id: uuidSchema, status: { type: 'string' }, assignee_id: { type: ['string', 'null'], format: 'uuid' } },
};

export const commentSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'case_id', 'author_id', 'author_role', 'text', 'created_at'],
  properties: { id: uuidSchema, case_id: uuidSchema, author_id: uuidSchema, author_role: { type: 'string' }, text: { type: 'string' }, created_at: { type: 'string', format: 'date-time' } },
};

export const informationRequestSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'case_id', 'business_id', 'status', 'message', 'items', 'asked_at', 'answer', 'answered_at', 'closed_at'],
  properties: {
    id: uuidSchema,
    case_id: uuidSchema,
    business_id: uuidSchema,
    business_name: { type: 'string', description: 'the applicant side' },
    status: { type: 'string', enum: ['OPEN', 'ANSWERED', 'CLOSED'], description: 'CLOSED: the case was decided or withdrawn before an answer' },
    message: { type: 'string' },
    items: { type: 'array', items: { type: 'string' } },
    asked_at: { type: 'string', format: 'date-time' },
    answer: { type: ['string', 'null'] },
    answered_at: { type: ['string', 'null'], format: 'date-time' },
    closed_at: { type: ['string', 'null'], format: 'date-time' },
    case_status: { type: 'string', description: 'the state the case is in after this act' },
    applicants_mailed: { type: 'integer', description: 'how many applicants were mailed (asking)' },
  },
};

export const commentListSchema = listPageSchema(commentSchema);
export const informationRequestListSchema = listPageSchema(informationRequestSchema);
