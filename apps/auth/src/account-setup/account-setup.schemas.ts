import { emailSchema } from '@kyb/validation';

const secret = { type: 'string', minLength: 1, maxLength: 256 } as const;

/** `POST /customer/complete-setup`; the service requires exactly one of temporary_password and invitation_token. */
export const completeSetupBody = {
  type: 'object',
  properties: { email: emailSchema, temporary_password: secret, invitation_token: secret, new_password: secret },
  required: ['email', 'new_password'],
  additionalProperties: false,
} as const;
