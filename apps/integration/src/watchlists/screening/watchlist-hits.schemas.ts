import { listPageSchema, listQuerySchema, strictObject, uuidParams, uuidSchema, type JsonSchema } from '@kyb/validation';

export const HIT_STATUSES = ['OPEN', 'CONFIRMED', 'DISMISSED'] as const;
export const HIT_SORT_FIELDS = ['created_at', 'updated_at', 'score'] as const;
export type HitSort = (typeof HIT_SORT_FIELDS)[number];
export type HitListFilter = { status?: (typeof HIT_STATUSES)[number]; business_id?: string; list?: string };

/** GET .../business/{businessID}/watchlist. */
export const businessParams = uuidParams('businessID');
/** Paths under /customers/{customerID}. */
export const customerParams = uuidParams('customerID');
/** PATCH .../watchlist-hits/{hitID}. */
export const hitParams = uuidParams('customerID', 'hitID');

/** The hits list: the list conventions; without filter[status] the hits to act on (OPEN and CONFIRMED). */
export const listHitsQuery = listQuerySchema({
  sortFields: HIT_SORT_FIELDS,
  filters: {
    status: { type: 'string', enum: [...HIT_STATUSES] },
    business_id: uuidSchema,
    list: { type: 'string', minLength: 1, maxLength: 100 },
  },
  searchFields: [],
});

/** A review: CONFIRMED (it is the listed party) or DISMISSED (it is not), with the reviewer's note. */
export const reviewBody = strictObject(
  {
    status: { type: 'string', enum: ['CONFIRMED', 'DISMISSED'] },
    note: { type: 'string', minLength: 1, maxLength: 2000, pattern: '\\S', description: 'why: what the reviewer compared (kept with the hit, not in the audit log)' },
  },
  ['status', 'note'],
);

/** PUT .../watchlist-settings. */
export const settingsBody = strictObject(
  { threshold: { type: 'number', minimum: 0.5, maximum: 1, description: 'the lowest score (0.5..1) a name must reach to be a hit' } },
  ['threshold'],
);

const timestamp: JsonSchema = { type: 'string', format: 'date-time' };
const nullableTimestamp: JsonSchema = { type: ['string', 'null'], format: 'date-time' };

export const hitSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'business_id', 'subject', 'list', 'list_version', 'entry', 'matched_name', 'alias', 'score', 'matched_tokens', 'evidence', 'reason', 'status', 'is_listed', 'review', 'created_at', 'updated_at'],
  properties: {
    id: uuidSchema,
    business_id: uuidSchema,
    subject: {
      type: 'object',
      required: ['role', 'ref_id', 'name'],
      properties: {
        role: { type: 'string', enum: ['legal_name', 'dba', 'owner'] },
        ref_id: { ...uuidSchema, description: "the business's id for its names, the owner's for an owner" },
        name: { type: 'string', description: 'the name as it was screened' },
      },
    },
    list: { type: 'string', description: 'ofac-sdn, ofac-consolidated, sandbox, or the hosted matcher\'s dataset' },
    list_version: { type: 'string' },
    entry: {
      type: 'object',
      required: ['id', 'name', 'type', 'programs'],
      properties: { id: { type: 'string' }, name: { type: 'string' }, type: { type: 'string', enum: ['individual', 'entity', 'vessel', 'aircraft'] }, programs: { type: 'array', items: { type: 'string' } } },
    },
    matched_name: { type: 'string', description: 'the published name that matched: the primary name or the alias' },
    alias: {
      type: ['object', 'null'],
      properties: { id: { type: 'string' }, kind: { type: 'string', enum: ['aka', 'fka', 'nka'] }, strength: { type: 'string', enum: ['strong', 'weak'] } },
    },
    score: { type: 'number', minimum: 0, maximum: 1 },
    matched_tokens: {
      type: 'array',
      items: { type: 'object', properties: { query: { type: 'string' }, candidate: { type: 'string' }, similarity: { type: 'number' }, how: { type: 'string' } } },
    },
    evidence: {
      type: 'object',
      properties: { dateOfBirth: { type: 'string', enum: ['same', 'close', 'different', 'unknown'] }, country: { type: 'string', enum: ['same', 'different', 'unknown'] } },
    },
    reason: { type: 'string' },
    status: { type: 'string', enum: [...HIT_STATUSES] },
    is_listed: { type: 'boolean', description: 'false once a screening against the list no longer finds it (delisted, or the name changed)' },
    review: {
      type: ['object', 'null'],
      properties: { note: { type: 'string' }, reviewed_by: { type: ['string', 'null'] }, reviewed_at: timestamp },
    },
    created_at: timestamp,
    updated_at: timestamp,
  },
};

export const screeningSchema: JsonSchema = {
  type: ['object', 'null'],
  required: ['id', 'business_id', 'trigger', 'status', 'matcher', 'threshold', 'lists', 'subject_count', 'hit_count', 'new_hit_count', 'failure_reason', 'created_at'],
  properties: {
    id: uuidSchema,
    business_id: uuidSchema,
    trigger: { type: 'string', enum: ['added', 'refresh', 'monitoring', 'list_version', 'manual'] },
    status: { type: 'string', enum: ['COMPLETED', 'FAILED'] },
    matcher: { type: 'string' },
    threshold: { type: 'number' },
    lists: { type: 'array', items: { type: 'object', properties: { list: { type: 'string' }, version: { type: 'string' }, publishedAt: nullableTimestamp } } },
    subject_count: { type: 'integer' },
    hit_count: { type: 'integer' },
    new_hit_count: { type: 'integer' },
    failure_reason: { type: ['string', 'null'] },
    created_at: timestamp,
  },
};

/** GET .../business/{businessID}/watchlist: the latest screening (null before the first) and the hits still listed. */
export const businessWatchlistSchema: JsonSchema = {
  type: 'object',
  required: ['business_id', 'screening', 'hits'],
  properties: { business_id: uuidSchema, screening: screeningSchema, hits: { type: 'array', items: hitSchema } },
};

export const hitListSchema: JsonSchema = listPageSchema(hitSchema);

export const settingsSchema: JsonSchema = {
  type: 'object',
  required: ['customer_id', 'threshold', 'default_threshold', 'updated_at'],
  properties: { customer_id: uuidSchema, threshold: { type: 'number' }, default_threshold: { type: 'number' }, updated_at: nullableTimestamp },
};
