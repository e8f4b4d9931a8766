import { emailSchema, strictObject, uuidParams, uuidSchema, type JsonSchema } from '@kyb/validation';
import { TIN_PATTERN } from '../businesses/business-row.columns';

const name = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } as const;
const text = (maxLength = 200) => ({ type: 'string', minLength: 1, maxLength }) as const;

/** One applicant to invite; the mobile limit is the published one (15 characters). */
const applicant = strictObject(
  { first_name: text(100), last_name: text(100), email: emailSchema, mobile: text(15) },
  ['first_name', 'last_name', 'email'],
);

/** E5 path. */
export const inviteParams = uuidParams('customerID');

/**
 * E5 body. Exactly one of `business`, `existing_business_id` and `existing_business` is checked
 * by the service, with its own message; `case_id` only goes with an existing business.
 */
export const inviteBody = strictObject(
  {
    applicants: { type: 'array', minItems: 1, maxItems: 20, items: applicant },
    business: strictObject(
      {
        name,
        mobile: text(32),
        tin: { type: 'string', pattern: TIN_PATTERN },
        dba: text(),
        address_line_1: text(),
        address_line_2: text(),
        address_city: text(100),
        address_state: text(100),
        address_postal_code: text(20),
      },
      ['name'],
    ),
    existing_business_id: uuidSchema,
    existing_business: strictObject({ business_id: uuidSchema, name, is_quick_add: { type: 'boolean' } }, ['business_id', 'name']),
    case_id: uuidSchema,
    existing_applicant_ids: { type: 'array', items: uuidSchema, maxItems: 20, uniqueItems: true },
    esign_template_id: uuidSchema,
    esign_templates: { type: 'array', items: uuidSchema, maxItems: 20, uniqueItems: true },
    custom_field_template_id: uuidSchema,
    custom_fields: {
      type: 'object',
      propertyNames: { pattern: '^[A-Za-z0-9_.-]{1,100}$' },
      additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
      maxProperties: 200,
    },
  },
  ['applicants'],
);

/** The invitation result of contract 2.5. */
export const invitationResult: JsonSchema = {
  type: 'object',
  required: ['business_id', 'applicant_email', 'invitation_id', 'invitation_url', 'customer_id'],
  properties: {
    business_id: uuidSchema,
    applicant_email: { type: 'string', format: 'email' },
    invitation_id: uuidSchema,
    invitation_url: { type: 'string', format: 'uri' },
    customer_id: uuidSchema,
  },
};
