import { listPageSchema, listQuerySchema, strictObject, uuidParams, uuidSchema, type JsonSchema } from '@kyb/validation';
import { FACTOR_VALUE_EXTRACTORS, RISK_LEVELS, SCORE_DECISIONS } from '../engine';

/** One config's path. */
export const configParams = uuidParams('configID');
/** One customer's config path. */
export const customerConfigParams = uuidParams('customerID');

/** `GET /weightage-configs`: the list conventions, newest first by default. */
export const listConfigsQuery = listQuerySchema({ sortFields: ['created_at', 'version'], filters: {}, searchFields: [] });

const code = { type: 'string', minLength: 1, maxLength: 100 } as const;
const label = { type: 'string', minLength: 1, maxLength: 200 } as const;
const share = { type: 'number', minimum: 0, maximum: 1 } as const;
const id = { type: 'integer', minimum: 1 } as const;

const factorConfig = strictObject(
  {
    id,
    factorId: id,
    code,
    label,
    weight: share,
    parentFactorId: { type: ['integer', 'null'], minimum: 1 },
    input: { type: 'string', enum: Object.keys(FACTOR_VALUE_EXTRACTORS), description: 'the value extractor that computes the factor' },
    curve: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      description: '[value, score_100] points, strictly increasing by value',
      items: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number' } },
    },
    unit: { type: 'string', maxLength: 200 },
  },
  ['id', 'factorId', 'code', 'label', 'weight', 'parentFactorId', 'input', 'curve', 'unit'],
);

const categoryConfig = strictObject(
  { id, code, label, weight: share, factors: { type: 'array', minItems: 1, maxItems: 50, items: factorConfig } },
  ['id', 'code', 'label', 'weight', 'factors'],
);

const cutoff = strictObject(
  {
    minScore850: { type: 'integer', minimum: 300, maximum: 850 },
    riskLevel: { type: 'string', enum: [...RISK_LEVELS] },
    decision: { type: 'string', enum: [...SCORE_DECISIONS] },
  },
  ['minScore850', 'riskLevel', 'decision'],
);

/** `POST /weightage-configs`: a new version, as data (its id is given by the service). */
export const newConfigBody = strictObject(
  {
    version: { type: 'string', pattern: '^[0-9A-Za-z][0-9A-Za-z._-]{0,31}$', description: 'unique, e.g. 2.4' },
    categories: { type: 'array', minItems: 1, maxItems: 20, items: categoryConfig },
    cutoffs: { type: 'array', minItems: 1, maxItems: 10, items: cutoff, description: 'by minScore850 descending; the last reaches 300' },
    verificationRule: strictObject({ unverifiedDecisionCap: { type: 'string', enum: [...SCORE_DECISIONS] } }, ['unverifiedDecisionCap']),
    watchlistRule: {
      ...strictObject(
        {
          confirmedHitDecision: { type: ['string', 'null'], enum: [...SCORE_DECISIONS, null], description: 'the best decision with a CONFIRMED sanctions hit; null: confirmed hits leave the decision to the score' },
          openHitDecision: { type: ['string', 'null'], enum: [...SCORE_DECISIONS, null], description: 'the best decision with an OPEN (unreviewed) sanctions hit; null: open hits leave it to the score' },
        },
        ['confirmedHitDecision', 'openHitDecision'],
      ),
      description: 'without it: DECLINE with a confirmed hit, at best FURTHER_REVIEW_NEEDED with an open one',
    },
  },
  ['version', 'categories', 'cutoffs'],
);

/** `PUT /customers/{customerID}/weightage-config`: the config the customer's new scores use; null: the default again. */
export const assignConfigBody = strictObject({ weightage_config_id: { type: ['string', 'null'], format: 'uuid' } }, ['weightage_config_id']);

const configSummaryProperties = {
  id: uuidSchema,
  version: { type: 'string' },
  is_default: { type: 'boolean', description: 'the config of every customer that has none of its own' },
  customers: { type: 'integer', description: 'customers given this config' },
  created_at: { type: 'string', format: 'date-time' },
  created_by: { type: ['string', 'null'], format: 'uuid' },
} as const;

/** A config in the list. */
export const configSummarySchema: JsonSchema = { type: 'object', required: Object.keys(configSummaryProperties), properties: configSummaryProperties };
/** A page of configs. */
export const configListSchema = listPageSchema(configSummarySchema);
/** One config with its data. */
export const configSchema: JsonSchema = {
  type: 'object',
  required: [...Object.keys(configSummaryProperties), 'config'],
  properties: { ...configSummaryProperties, config: { type: 'object', description: 'the weighting: categories, factors with their curves, cut-offs, verification rule, watchlist rule' } },
};
/** The config a customer's new scores use. */
export const customerConfigSchema: JsonSchema = {
  type: 'object',
  required: ['customer_id', 'weightage_config_id', 'version', 'source', 'assigned_at', 'assigned_by'],
  properties: {
    customer_id: uuidSchema,
    weightage_config_id: uuidSchema,
    version: { type: 'string' },
    source: { type: 'string', enum: ['CUSTOMER', 'DEFAULT'], description: "CUSTOMER: given to this customer; DEFAULT: the platform's default" },
    assigned_at: { type: ['string', 'null'], format: 'date-time' },
    assigned_by: { type: ['string', 'null'], format: 'uuid' },
  },
};
