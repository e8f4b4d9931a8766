import { strictObject, uuidParams, type JsonSchema } from '@kyb/validation';

/** E7 path. */
export const generateParams = uuidParams('customerID', 'businessID');
/** E6 and download paths. */
export const reportParams = uuidParams('reportID');
/** Status by business. */
export const businessParams = uuidParams('businessID');
/** A signed download URL's query. */
export const fileQuery = strictObject(
  {
    expires: { type: 'integer', minimum: 0, description: 'seconds since the epoch after which the link no longer works' },
    signature: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' },
  },
  ['expires', 'signature'],
);

const timestamp: JsonSchema = { type: 'string', format: 'date-time' };
const status: JsonSchema = { type: 'string', enum: ['REQUESTED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'] };

/** A report of contract 2.6. */
export const reportSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    report_type_id: { type: 'integer' },
    status,
    log: { type: ['string', 'null'], description: 'why the report FAILED (or why an attempt failed while it is retried)' },
    created_at: timestamp,
    created_by: { type: 'string', format: 'uuid' },
    updated_at: timestamp,
    triggered_by: { type: 'string', description: 'the role of the requester: CUSTOMER or ADMIN' },
    triggered_id: { type: 'string', format: 'uuid', description: 'the customer the report was requested for' },
    file_path: { type: ['string', 'null'] },
    report_type: {
      type: 'object',
      properties: {
        core_report_types: { type: 'object', properties: { id: { type: 'integer' }, code: { type: 'string' }, label: { type: 'string' } } },
      },
    },
    business_id: { type: 'string', format: 'uuid' },
    customer_id: { type: 'string', format: 'uuid' },
  },
};

/** The download answer: the report and its signed URL (null until COMPLETED). */
export const downloadSchema: JsonSchema = {
  ...reportSchema,
  properties: { ...(reportSchema.properties as Record<string, JsonSchema>), pdf_url: { type: ['string', 'null'], format: 'uri' } },
};

/** The status of a business's latest report. */
export const statusSchema: JsonSchema = {
  type: 'object',
  properties: {
    report_details: {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        report_type_id: { type: 'integer' },
        log: { type: ['string', 'null'] },
        created_at: timestamp,
        created_by: { type: 'string', format: 'uuid' },
        updated_at: timestamp,
        triggered_by: { type: 'string' },
        triggered_id: { type: 'string', format: 'uuid' },
        status,
      },
    },
    status,
  },
};
