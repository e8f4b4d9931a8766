import { listPageSchema, listQuerySchema, strictObject, uuidParams, uuidSchema, type JsonSchema, type ListQuery } from '@kyb/validation';
import { icasSchema } from './screening-credentials.schemas';

/** The states of a screening. */
export const SCREENING_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type ScreeningStatus = (typeof SCREENING_STATUSES)[number];

/** Columns a business's screenings may be sorted by. */
export const SCREENING_SORT_FIELDS = ['created_at', 'updated_at', 'completed_at', 'status'] as const;
export type ScreeningSort = (typeof SCREENING_SORT_FIELDS)[number];
/** The filters of a list of screenings. */
export type ScreeningListFilter = { status?: ScreeningStatus };

/** One page of a business's screenings. */
export type ScreeningListQuery = ListQuery<ScreeningSort, ScreeningListFilter, never> & { businessId: string };

const statusSchema = { type: 'string', enum: SCREENING_STATUSES } as const;
const timestamp: JsonSchema = { type: 'string', format: 'date-time' };
const nullableTimestamp: JsonSchema = { type: ['string', 'null'], format: 'date-time' };
const fieldMatch: JsonSchema = { type: 'string', enum: ['EXACT', 'PHONETIC', 'NONE'] };
const matchResult: JsonSchema = { type: 'string', enum: ['No Match', 'Possible Match', 'Match'] };

/** E3 path. */
export const runParams = uuidParams('customerId', 'businessId');
/** E3 body (optional): `icas`; without it the stored ICAs are searched. */
export const runBody = strictObject({ icas: icasSchema });
/** Paths of a business's screenings. */
export const businessParams = uuidParams('businessId');
/** Path of one screening of a business. */
export const screeningParams = uuidParams('businessId', 'screeningId');

/** History query: the list conventions, sortable by time and status, filterable by status. */
export const listScreeningsQuery = listQuerySchema({ sortFields: SCREENING_SORT_FIELDS, filters: { status: statusSchema }, searchFields: [] });

/** E3 acknowledgement: the state of the submission task, not the match result. */
export const acknowledgementSchema: JsonSchema = {
  type: 'object',
  required: ['task_status', 'metadata', 'screening'],
  properties: {
    task_status: { type: 'string', const: 'completed', description: 'the submission task: accepted and queued' },
    metadata: { type: 'object', required: ['businessId', 'customerId'], properties: { businessId: uuidSchema, customerId: uuidSchema } },
    screening: { type: 'object', required: ['id', 'status'], properties: { id: uuidSchema, status: statusSchema } },
  },
};

/** A screening run. */
export const screeningSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'status', 'icas', 'created_at', 'updated_at', 'completed_at', 'failure_reason'],
  properties: {
    id: uuidSchema,
    status: statusSchema,
    icas: { type: 'array', items: { type: 'string' } },
    created_at: timestamp,
    updated_at: timestamp,
    completed_at: nullableTimestamp,
    failure_reason: { type: ['string', 'null'] },
  },
};

const terminatedMerchant: JsonSchema = {
  type: ['object', 'null'],
  properties: {
    name: { type: 'string' },
    terminationReasonCode: { type: 'string' },
    terminationReason: { type: 'string' },
    terminationDate: { type: 'string', format: 'date' },
    addedByIca: { type: 'string' },
  },
};

/** What a completed screening found. */
export const matchDataSchema: JsonSchema = {
  type: ['object', 'null'],
  properties: {
    businessId: uuidSchema,
    matchResult,
    screeningId: uuidSchema,
    icas: { type: 'array', items: { type: 'string' } },
    merchant: {
      type: 'object',
      properties: { name: fieldMatch, doingBusinessAs: fieldMatch, address: fieldMatch, phone: fieldMatch, url: fieldMatch, terminatedMerchant },
    },
    principals: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ownerId: uuidSchema, firstName: { type: 'string' }, lastName: { type: 'string' }, name: fieldMatch, address: fieldMatch, phone: fieldMatch },
      },
    },
    providerReference: { type: 'string' },
    screenedAt: nullableTimestamp,
  },
};

/** `data` of a result endpoint: `matchData` (null until completed) and the run. */
export const resultSchema: JsonSchema = {
  type: 'object',
  required: ['matchData', 'screening'],
  properties: { matchData: matchDataSchema, screening: screeningSchema },
};

/** A page of a business's screenings. */
export const screeningListSchema: JsonSchema = listPageSchema({
  ...screeningSchema,
  properties: {
    ...(screeningSchema.properties as Record<string, JsonSchema>),
    match_result: { type: ['string', 'null'], enum: ['No Match', 'Possible Match', 'Match', null] },
  },
});
