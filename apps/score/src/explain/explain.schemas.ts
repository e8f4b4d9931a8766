import { schemaOf, strictObject, type JsonSchema } from '@kyb/validation';
import { scoreSchema } from '../scores/scores.schemas';
import type { WhatIfOverrides } from './what-if';

export { businessParams, scoreParams } from '../scores/scores.schemas';

/** A month as YYYY-MM (month 01..12). */
const month = { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description: 'A month, YYYY-MM' } as const;

/** The diff's query: both months required, `from` not after `to` (checked by the service). */
export const diffQuery = strictObject(
  {
    from: { ...month, description: 'The month of the earlier score (its latest SUCCESS score), YYYY-MM' },
    to: { ...month, description: 'The month of the later score (its latest SUCCESS score), YYYY-MM; not before from' },
  },
  ['from', 'to'],
);

const nonNegativeCount = { type: 'integer', minimum: 0, maximum: 1_000_000_000 } as const;

/**
 * A what-if: changes to the inputs of the business's latest SUCCESS score; at least one. Each is
 * applied to a copy of that score's snapshot, which is then scored with that score's config.
 */
export const whatIfBody = schemaOf<WhatIfOverrides>({
  ...strictObject({
    bjl: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      description:
        "Bankruptcies, liens and judgements of the score given another status, by the provider's record id (as the snapshot keeps it): " +
        'a lien active or released, a judgement active or satisfied, a bankruptcy open, discharged or dismissed. ' +
        'An unknown record id, a status its kind cannot have, or a record given twice: 400 WhatIfOverrideError.',
      items: strictObject(
        {
          record_id: { type: 'string', minLength: 1, maxLength: 200 },
          status: { type: 'string', enum: ['active', 'released', 'satisfied', 'open', 'discharged', 'dismissed'] },
        },
        ['record_id', 'status'],
      ),
    },
    release_all_liens: { const: true, description: 'If every active lien were released' },
    satisfy_all_judgements: { const: true, description: 'If every active judgement were satisfied' },
    credit_bureau: {
      ...strictObject({
        score: { type: 'number', minimum: 0, maximum: 100, description: 'Business credit bureau score 0..100' },
        delinquent_accounts: { ...nonNegativeCount, description: 'Accounts more than 30 days past due' },
      }),
      minProperties: 1,
      description: "The credit bureau report with these fields changed (the others kept); both when the score had no report",
    },
    public_records: {
      ...strictObject({
        average_rating: { type: 'number', minimum: 0, maximum: 5, description: 'Average review rating, 0..5 stars' },
        review_count: { ...nonNegativeCount, description: 'Number of reviews' },
        complaint_count: { ...nonNegativeCount, description: 'Consumer complaints of all time' },
      }),
      minProperties: 1,
      description: 'Public records with these fields changed (the others kept); all three when the score had none',
    },
    factor_values: {
      type: 'object',
      minProperties: 1,
      maxProperties: 100,
      propertyNames: { pattern: '^[A-Z][A-Z0-9_]{0,99}$' },
      additionalProperties: { type: 'number' },
      description:
        "A factor's value given outright, by the factor's code in the score's config (e.g. {\"CREDIT_BUREAU_AI_PLACEHOLDER\": 90}), " +
        'instead of the value computed from the inputs; applied after the other overrides. An unknown code: 400 WhatIfOverrideError.',
    },
  }),
  minProperties: 1,
});

const num: JsonSchema = { type: 'number' };
const numOrNull: JsonSchema = { type: ['number', 'null'] };
const strOrNull: JsonSchema = { type: ['string', 'null'] };
const point: JsonSchema = { type: 'array', items: num, minItems: 2, maxItems: 2, description: '[value, score_100]' };

const factorExplanation: JsonSchema = {
  type: 'object',
  properties: {
    category_code: { type: 'string' },
    category_label: { type: 'string' },
    code: { type: 'string' },
    label: { type: 'string' },
    input: { type: 'string', description: 'The value extractor the factor uses' },
    unit: { type: 'string' },
    status: { type: 'string', enum: ['SUCCESS', 'MISSING_INPUT'] },
    value: numOrNull,
    log: { type: 'string', description: 'What the value was computed from, or why it is missing' },
    source: {
      type: ['object', 'null'],
      properties: { kind: { type: 'string', enum: ['PUBLIC_RECORDS', 'FINANCIALS'] }, provider: { type: 'string' }, fetched_at: { type: 'string' } },
    },
    curve: {
      type: ['object', 'null'],
      properties: {
        points: { type: 'array', items: point },
        position: { type: 'string', enum: ['BELOW_FIRST', 'BETWEEN', 'ABOVE_LAST'] },
        segment: { type: ['object', 'null'], properties: { from: point, to: point } },
        interpolation: { type: 'string' },
      },
    },
    score_100: numOrNull,
    effective_weight: { type: 'number', description: 'Share of the whole score after renormalisation, 0..1' },
    contribution_100: num,
    contribution_850: num,
    points_lost_100: { type: 'number', description: '(100 − score_100) × effective weight' },
    points_lost_850: { type: 'number', description: '(850 − score_850) × effective weight' },
    rank: { type: ['integer', 'null'], description: '1 = lowered the score most; null for a missing factor' },
    reason_code: strOrNull,
  },
};

const scoreRef = { score_id: { type: 'string', format: 'uuid' }, created_at: { type: 'string', format: 'date-time' } } as const;

/** A score explained. */
export const explanationSchema: JsonSchema = {
  type: 'object',
  properties: {
    ...scoreRef,
    business_id: { type: 'string', format: 'uuid' },
    weightage_config_id: { type: 'string', format: 'uuid' },
    version: { type: 'string' },
    weighted_score_100: num,
    weighted_score_850: num,
    risk_level: { type: 'string' },
    score_decision: { type: 'string' },
    factors: { type: 'array', items: factorExplanation },
    reason_codes: {
      type: 'array',
      maxItems: 4,
      items: { type: 'object', properties: { code: { type: 'string' }, factor_code: { type: 'string' }, reason: { type: 'string' }, points_lost_850: num } },
    },
  },
};

const factorSide: JsonSchema = {
  type: ['object', 'null'],
  properties: { label: { type: 'string' }, status: { type: 'string' }, score_100: numOrNull, weighted_score_850: num },
};
const numberChange: JsonSchema = { type: 'object', properties: { before: numOrNull, after: numOrNull, change: numOrNull } };
const labelChange: JsonSchema = { type: 'object', properties: { before: strOrNull, after: strOrNull, changed: { type: 'boolean' } } };

/** Two scores compared. */
export const diffSchema: JsonSchema = {
  type: 'object',
  properties: {
    overall: {
      type: 'object',
      properties: { weighted_score_100: numberChange, weighted_score_850: numberChange, risk_level: labelChange, score_decision: labelChange },
    },
    factors: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          code: { type: 'string' },
          label: { type: 'string' },
          before: factorSide,
          after: factorSide,
          change: { type: 'object', properties: { score_100: numOrNull, weighted_score_850: num } },
        },
      },
    },
  },
};

const monthRef: JsonSchema = { type: 'object', properties: { month: { type: 'string' }, ...scoreRef } };

/** A diff of two months' scores. */
export const monthDiffSchema: JsonSchema = {
  type: 'object',
  properties: { business_id: { type: 'string', format: 'uuid' }, from: monthRef, to: monthRef, ...(diffSchema.properties as Record<string, JsonSchema>) },
};

/** A what-if's answer: the hypothetical score (as the engine computes one) and its diff to the current score. */
export const whatIfSchema: JsonSchema = {
  type: 'object',
  properties: {
    business_id: { type: 'string', format: 'uuid' },
    based_on: { type: 'object', properties: scoreRef },
    score: { ...scoreSchema, description: 'The hypothetical score: the fields the engine computes (no id, dates or status)' },
    diff: diffSchema,
  },
};
