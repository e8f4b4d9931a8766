import type { JsonSchema } from '@kyb/validation';

const text: JsonSchema = { type: ['string', 'null'] };
const timestamp: JsonSchema = { type: ['string', 'null'], format: 'date-time' };

/** `ruleApplied` of a fact: how its value was chosen among the sources (E11's published body). */
export const ruleAppliedSchema: JsonSchema = {
  type: 'object',
  required: ['name', 'description'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', examples: ['factWithHighestConfidence'] },
    description: { type: 'string' },
  },
};

const fact = (value: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['name', 'value', 'alternatives'],
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    value,
    description: { type: 'string' },
    'source.confidence': { type: 'number' },
    'source.platformId': { type: 'integer' },
    ruleApplied: { ...ruleAppliedSchema, description: 'On a parent fact that has a value: the rule its value was chosen by' },
    alternatives: { type: 'array', items: {} },
    dependencies: { type: 'array', items: { type: 'string' } },
  },
});
const recordValue = (extra: Record<string, JsonSchema>): JsonSchema => ({
  type: ['object', 'null'],
  properties: { count: { type: 'integer' }, most_recent: timestamp, most_recent_status: text, ...extra },
});
const count: JsonSchema = { type: ['integer', 'null'] };
const amount: JsonSchema = { type: ['number', 'null'] };

/** `data` of E11: the six BJL facts of contract 2.9. */
export const bjlFactsSchema: JsonSchema = {
  type: 'object',
  required: ['bankruptcies', 'judgements', 'liens', 'num_bankruptcies', 'num_judgements', 'num_liens'],
  properties: {
    bankruptcies: fact(recordValue({})),
    judgements: fact(recordValue({ most_recent_amount: amount })),
    liens: fact(recordValue({ most_recent_amount: amount, total_open_lien_amount: { type: 'number' } })),
    num_bankruptcies: fact(count),
    num_judgements: fact(count),
    num_liens: fact(count),
  },
};
