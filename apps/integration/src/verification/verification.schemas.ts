import { VERIFICATION_CHECK_CODES } from '@kyb/area-views';
import { uuidParams, type JsonSchema } from '@kyb/validation';

/** The verification endpoint's path. */
export const verificationParams = uuidParams('businessID');

const status: JsonSchema = { type: 'string', enum: ['VERIFIED', 'UNVERIFIED'] };

/** The verification endpoint's `data`. */
export const verificationSchema: JsonSchema = {
  type: 'object',
  required: ['business_id', 'status', 'verification_state', 'verified_at', 'checks', 'status_history'],
  properties: {
    business_id: { type: 'string', format: 'uuid' },
    status: { ...status, description: 'VERIFIED when the TIN_MATCH and SOS_FILING checks of the latest verification passed' },
    verification_state: {
      type: 'string',
      enum: ['PENDING', 'COMPLETED'],
      description: 'PENDING until the first verification (it runs with the enrichment); then COMPLETED',
    },
    verified_at: { type: ['string', 'null'], format: 'date-time', description: 'when the latest verification ran; null while PENDING' },
    checks: {
      type: 'array',
      description: 'The latest verification\'s checks in the order TIN_MATCH, SOS_FILING, ADDRESS, OFFICERS; empty while PENDING',
      items: {
        type: 'object',
        required: ['code', 'label', 'result', 'reason'],
        properties: {
          code: { type: 'string', enum: [...VERIFICATION_CHECK_CODES] },
          label: { type: 'string' },
          result: { type: 'string', enum: ['PASS', 'FAIL', 'UNAVAILABLE'] },
          reason: { type: 'string' },
        },
      },
    },
    status_history: {
      type: 'array',
      description: 'Every change of the status, newest first; the first verification is a change from null',
      items: {
        type: 'object',
        required: ['from_status', 'to_status', 'reason', 'changed_at'],
        properties: {
          from_status: { oneOf: [status, { type: 'null' }] },
          to_status: status,
          reason: { type: 'string' },
          changed_at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
};
