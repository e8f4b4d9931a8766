import { strictObject, uuidParams, type JsonSchema } from '@kyb/validation';

const name = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } as const;

/** Feature switches: upper-case codes to booleans. */
const features = {
  type: 'object',
  propertyNames: { pattern: '^[A-Z][A-Z0-9_]{0,63}$' },
  additionalProperties: { type: 'boolean' },
  maxProperties: 100,
} as const;

/** `POST /customers` body. */
export const createCustomerBody = strictObject({ name }, ['name']);

/** `PATCH /customers/{customerID}` body: at least one setting. */
export const updateCustomerBody = {
  ...strictObject({
    name,
    status: { type: 'string', enum: ['ACTIVE', 'DISABLED'], description: "DISABLED ends the users' sessions at once and refuses them tokens" },
    monthly_onboarding_limit: { type: ['integer', 'null'], minimum: 0, maximum: 1000000 },
    features,
  }),
  minProperties: 1,
} as const;

/** Path with one customer id. */
export const customerParams = uuidParams('customerID');

/** A customer as the API answers it. */
export const customerSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'name', 'status', 'monthly_onboarding_limit', 'features', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    status: { type: 'string', enum: ['ACTIVE', 'DISABLED'] },
    monthly_onboarding_limit: { type: ['integer', 'null'] },
    features,
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};
