import {
  emailSchema,
  listPageSchema,
  listQuerySchema,
  strictObject,
  uuidParams,
  uuidSchema,
  type JsonSchema,
  type ListQuery,
} from '@kyb/validation';
import { USER_STATUSES, type UserStatus } from './user.types';

const personName = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;
const mobile = { type: 'string', minLength: 4, maxLength: 32 } as const;
const subroleCode = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z][a-z0-9_-]*$' } as const;

/** Columns a list of users may be sorted by. */
export const USER_SORT_FIELDS = ['first_name', 'last_name', 'email', 'status', 'created_at', 'updated_at'] as const;
/** Columns a list of users may be searched in. */
export const USER_SEARCH_FIELDS = ['first_name', 'last_name', 'email'] as const;
export type UserSort = (typeof USER_SORT_FIELDS)[number];
export type UserSearch = (typeof USER_SEARCH_FIELDS)[number];
/** The filters of a list of users. */
export type UserListFilter = { status?: UserStatus; is_email_verified?: boolean; is_first_login?: boolean; subrole?: string };

/** One page of a customer's users, as the store reads it. */
export type UserListQuery = ListQuery<UserSort, UserListFilter, UserSearch> & { customerId: string };

/** E2 query: pagination, sorting, filtering and search (ARCHITECTURE.md list conventions). */
export const listUsersQuery = listQuerySchema({
  sortFields: USER_SORT_FIELDS,
  filters: {
    status: { type: 'string', enum: USER_STATUSES },
    is_email_verified: { type: 'boolean' },
    is_first_login: { type: 'boolean' },
    subrole: subroleCode,
  },
  searchFields: USER_SEARCH_FIELDS,
});

/** Path of one customer. */
export const customerParams = uuidParams('customerID');
/** Path of one user of one customer. */
export const customerUserParams = uuidParams('customerID', 'userID');

/** `POST /customers/{customerID}/users` body. */
export const createUserBody = strictObject(
  {
    first_name: personName,
    last_name: personName,
    email: emailSchema,
    mobile,
    subrole_code: subroleCode,
    temporary_password: { type: 'string', minLength: 1, maxLength: 256 },
  },
  ['first_name', 'last_name', 'email', 'subrole_code'],
);

/** `PATCH /customers/{customerID}/users/{userID}` body: at least one change. */
export const updateUserBody = {
  ...strictObject({
    status: { type: 'string', enum: USER_STATUSES },
    first_name: personName,
    last_name: personName,
    mobile: { anyOf: [mobile, { type: 'null' }] },
    subrole_code: subroleCode,
  }),
  minProperties: 1,
} as const;

/** A customer user (contract 2.3); literal, so a response can extend its properties. */
export const customerUserSchema = {
  type: 'object',
  required: ['id', 'first_name', 'last_name', 'email', 'mobile', 'is_email_verified', 'is_first_login', 'created_at', 'updated_at',
    'created_by', 'updated_by', 'ext_auth_ref_id', 'status', 'subrole'],
  properties: {
    id: uuidSchema,
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    mobile: { type: ['string', 'null'] },
    is_email_verified: { type: 'boolean' },
    is_first_login: { type: 'boolean' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
    created_by: uuidSchema,
    updated_by: uuidSchema,
    ext_auth_ref_id: uuidSchema,
    status: { type: 'string', enum: [...USER_STATUSES] },
    subrole: {
      type: ['object', 'null'],
      properties: {
        id: uuidSchema,
        code: { type: 'string' },
        display_name: { type: 'string' },
        label: { type: 'string' },
        description: { type: 'string' },
      },
    },
  },
} as const satisfies JsonSchema;

/** E2 `data`: one page of users. */
export const userListSchema: JsonSchema = listPageSchema(customerUserSchema);
