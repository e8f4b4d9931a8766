import { strictObject, uuidSchema, type JsonSchema } from '@kyb/validation';
import { CAPABILITIES } from './adapter-catalog';

/** Paths under /customers/{customerID}/providers/{capability}. */
export const providerParams = strictObject({ customerID: uuidSchema, capability: { type: 'string', enum: [...CAPABILITIES] } }, ['customerID', 'capability']);

/** Paths under /customers/{customerID}. */
export const customerParams = strictObject({ customerID: uuidSchema }, ['customerID']);

/** PUT .../providers/{capability}: the adapter, its credentials (checked against the adapter's own fields) and settings. */
export const providerBody = strictObject(
  {
    adapter: { type: 'string', minLength: 1, maxLength: 50, description: 'an adapter of the capability (sandbox: the embedded default)' },
    credentials: { type: 'object', description: "the adapter's credential fields; sealed with the customer's data key, never answered" },
    settings: { type: 'object', description: "the adapter's settings (e.g. acquirer_id); answered back" },
  },
  ['adapter'],
);

const month = { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM' } as const;

/** GET .../provider-usage: a range of months (default: the last twelve, this one included). */
export const usageQuery = strictObject({ from: month, to: month });

/** What GET and PUT answer: never a secret, only the credentials' fingerprint. */
export const providerSchema: JsonSchema = {
  type: 'object',
  required: ['customer_id', 'capability', 'source', 'adapter', 'settings', 'credentials_fingerprint', 'updated_at'],
  properties: {
    customer_id: { type: 'string', format: 'uuid' },
    capability: { type: 'string', enum: [...CAPABILITIES] },
    source: {
      type: 'string',
      enum: ['customer', 'platform', 'sandbox'],
      description: "whose choice serves: the customer's, the platform's default adapter (credentials of the platform, never shown) while it chose none, or the sandbox",
    },
    adapter: { type: 'string' },
    settings: { type: 'object' },
    credentials_fingerprint: { type: ['string', 'null'], description: 'sha256 of the credentials, 16 hex digits; null without credentials' },
    updated_at: { type: ['string', 'null'], format: 'date-time', description: 'null while the customer chose nothing (the sandbox serves)' },
  },
};

/** What GET .../provider-usage answers. */
export const usageSchema: JsonSchema = {
  type: 'object',
  required: ['customer_id', 'from', 'to', 'usage'],
  properties: {
    customer_id: { type: 'string', format: 'uuid' },
    from: month,
    to: month,
    usage: {
      type: 'array',
      items: {
        type: 'object',
        required: ['month', 'capability', 'adapter', 'calls', 'failures'],
        properties: { month, capability: { type: 'string' }, adapter: { type: 'string' }, calls: { type: 'integer' }, failures: { type: 'integer' } },
      },
    },
  },
};
