import { emailSchema, strictObject, type JsonSchema } from '@kyb/validation';

/** E8 body: email and password, nothing else. */
export const signInBody = strictObject(
  { email: emailSchema, password: { type: 'string', minLength: 1, maxLength: 1024 } },
  ['email', 'password'],
);

const permission: JsonSchema = {
  type: 'object',
  required: ['id', 'code', 'label'],
  properties: { id: { type: 'integer' }, code: { type: 'string' }, label: { type: 'string' } },
};

/** The inner `data` of the E8 double envelope (contract 2.10). */
export const signInResult: JsonSchema = {
  type: 'object',
  required: ['user_details', 'access_token', 'id_token', 'refresh_token', 'subrole', 'permissions', 'customer_details'],
  properties: {
    user_details: {
      type: 'object',
      required: ['id', 'first_name', 'last_name', 'email', 'is_email_verified'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        first_name: { type: 'string' },
        last_name: { type: 'string' },
        email: { type: 'string', format: 'email' },
        is_email_verified: { type: 'boolean' },
      },
    },
    access_token: { type: 'string' },
    id_token: { type: 'string' },
    refresh_token: { type: 'string' },
    subrole: {
      type: ['object', 'null'],
      properties: { id: { type: 'string', format: 'uuid' }, code: { type: 'string' }, label: { type: 'string' } },
    },
    permissions: { type: 'array', items: permission },
    customer_details: {
      type: ['object', 'null'],
      properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' } },
    },
  },
};
