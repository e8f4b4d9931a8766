import { strictObject, uuidParams, type JsonSchema } from '@kyb/validation';

/** E10 path. */
export const businessParams = uuidParams('businessID');

/** One score's path. */
export const scoreParams = uuidParams('scoreID');

/** The states of a score, in the order they are shown. */
export const SCORE_STATUSES = ['PROCESSING', 'SUCCESS', 'FAILED'] as const;
/** States of a score. */
export type ScoreStatus = (typeof SCORE_STATUSES)[number];

/** E10 query: `year` and `month` together, or neither (the current month); `status` narrows to scores in that state. */
export const scoreQuery = {
  ...strictObject({
    year: { type: 'integer', minimum: 1900, maximum: 9999, description: '4-digit year of generation' },
    month: { type: 'integer', minimum: 1, maximum: 12, description: 'month of generation' },
    status: {
      type: 'string',
      enum: SCORE_STATUSES,
      description: 'Only scores in this state: SUCCESS answers the last successful score of the month (default: the last score, whatever its state)',
    },
  }),
  // draft-07 `dependencies` (the ajv dialect of the suite): one of the two without the other is refused.
  dependencies: { year: ['month'], month: ['year'] },
} as const;

const numericText: JsonSchema = { type: ['string', 'null'], description: 'numeric text' };

const factor: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    category_id: { type: 'integer' },
    factor_id: { type: 'integer' },
    code: { type: 'string' },
    label: { type: 'string' },
    is_deleted: { type: 'boolean' },
    parent_factor_id: { type: ['integer', 'null'] },
    weightage: { type: 'number' },
    value: { type: 'number' },
    score_100: { type: 'number' },
    weighted_score_100: { type: 'number' },
    score_850: { type: 'number' },
    weighted_score_850: { type: 'number' },
    status: { type: 'string', description: 'SUCCESS, or MISSING_INPUT when the factor had no input (its weight went to the others)' },
    log: { type: 'string' },
  },
};

const category: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    code: { type: 'string', enum: ['PUBLIC_RECORDS', 'BUSINESS_OPERATIONS', 'COMPANY_PROFILE', 'FINANCIAL_TRENDS', 'PERFORMANCE_MEASURES'] },
    label: { type: 'string' },
    is_deleted: { type: 'boolean' },
    total_weightage: { type: 'number' },
    factors: { type: 'array', items: factor },
    score: numericText,
    score_100: numericText,
    score_850: numericText,
  },
};

/** A score of contract 2.8. */
export const scoreSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    month: { type: 'string' },
    year: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    business_id: { type: 'string', format: 'uuid' },
    customer_id: { type: ['string', 'null'] },
    status: { type: 'string', enum: [...SCORE_STATUSES] },
    score_weightage_config: { type: 'string', format: 'uuid' },
    weighted_score_100: numericText,
    weighted_score_850: numericText,
    risk_level: { type: ['string', 'null'], enum: ['HIGH', 'MODERATE', 'LOW', null] },
    score_decision: { type: ['string', 'null'], enum: ['DECLINE', 'FURTHER_REVIEW_NEEDED', 'APPROVE', null] },
    decision_log: {
      type: ['string', 'null'],
      description: "What the weighting config's verification and watchlist rules did to the decision (e.g. capped an unverified business's APPROVE, declined a business with a confirmed sanctions hit); null when neither applied",
    },
    base_score: numericText,
    version: { type: 'string' },
    score_distribution: { type: 'array', items: category },
    is_score_calculated: { type: 'boolean' },
    failure_reason: { type: ['string', 'null'] },
  },
};

const headline: JsonSchema = {
  type: 'object',
  required: ['weighted_score_100', 'weighted_score_850', 'base_score', 'risk_level', 'score_decision'],
  properties: { weighted_score_100: numericText, weighted_score_850: numericText, base_score: numericText, risk_level: { type: ['string', 'null'] }, score_decision: { type: ['string', 'null'] } },
};

/** What a recompute answers. */
export const recomputeSchema: JsonSchema = {
  type: 'object',
  required: ['score_id', 'business_id', 'weightage_config_id', 'version', 'identical', 'differences', 'stored', 'recomputed'],
  properties: {
    score_id: { type: 'string', format: 'uuid' },
    business_id: { type: 'string', format: 'uuid' },
    weightage_config_id: { type: 'string', format: 'uuid' },
    version: { type: 'string' },
    identical: { type: 'boolean' },
    differences: {
      type: 'array',
      items: { type: 'string', enum: ['weighted_score_100', 'weighted_score_850', 'base_score', 'risk_level', 'score_decision', 'decision_log', 'score_distribution'] },
      description: 'the stored fields the recomputed score differs in',
    },
    stored: headline,
    recomputed: headline,
  },
};
