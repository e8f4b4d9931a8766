import { strictObject, uuidParams, type JsonSchema } from '@kyb/validation';

/** Contract 8: an ICA is letters and digits only. */
export const ICA_PATTERN = '^[a-zA-Z0-9]+$';

/** A list of ICAs as contract 8 limits it: at most 100, each letters and digits, no duplicates. */
export const icasSchema = {
  type: 'array',
  maxItems: 100,
  uniqueItems: true,
  items: { type: 'string', pattern: ICA_PATTERN },
  description: 'ICA numbers (letters and digits), at most 100, no duplicates',
} as const;

/** Paths under /screening/{customerId}. */
export const customerParams = uuidParams('customerId');

/** PUT /screening/{customerId}/credentials. */
export const credentialsBody = strictObject(
  {
    consumer_key: { type: 'string', minLength: 1, maxLength: 500, description: 'the consumer key the screening network issued' },
    private_key: { type: 'string', minLength: 1, maxLength: 32768, description: 'PEM private key (unencrypted PKCS#8, PKCS#1 or SEC1)' },
    certificate: { type: 'string', minLength: 1, maxLength: 65536, description: 'PEM X.509 certificate of the key; its expiry wins over certificate_expiry' },
    certificate_expiry: { type: 'string', format: 'date-time', description: 'ISO 8601; required when no certificate is given' },
    icas: { ...icasSchema, description: 'default ICAs searched when a screening names none (default: none)' },
    acquirer_id: { type: 'string', minLength: 1, maxLength: 100 },
  },
  ['consumer_key', 'private_key'],
);

const timestamp: JsonSchema = { type: 'string', format: 'date-time' };
const nullableTimestamp: JsonSchema = { type: ['string', 'null'], format: 'date-time' };

/** What the API shows of stored credentials: no key, certificate or consumer key. */
export const credentialsSummarySchema: JsonSchema = {
  type: 'object',
  required: ['customer_id', 'has_certificate', 'certificate_expiry', 'icas', 'acquirer_id', 'updated_at'],
  properties: {
    customer_id: { type: 'string', format: 'uuid' },
    has_certificate: { type: 'boolean' },
    certificate_expiry: timestamp,
    icas: { type: 'array', items: { type: 'string' } },
    acquirer_id: { type: ['string', 'null'] },
    updated_at: timestamp,
  },
};

/** `data.statusConnection`, as the published sample shows it. */
export const statusConnectionSchema: JsonSchema = {
  type: 'object',
  required: ['status', 'message', 'details'],
  properties: {
    status: { type: 'string', enum: ['CONNECTED', 'NOT_CONNECTED', 'EXPIRED', 'ERROR'] },
    message: { type: 'string' },
    details: {
      type: 'object',
      required: ['isActive', 'expiresAt', 'certificateExpiry'],
      properties: { isActive: { type: 'boolean' }, expiresAt: nullableTimestamp, certificateExpiry: nullableTimestamp },
    },
  },
};
