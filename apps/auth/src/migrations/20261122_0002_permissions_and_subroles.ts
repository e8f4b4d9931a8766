import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** The permission codes of contract part 2.10, with the ids and labels of the published sample. */
const PERMISSIONS = [
  [7, 'customer_user:read', 'Customer user Read Only'],
  [8, 'customer_user:write', 'Customer user Read Write'],
  [9, 'customer_user:create', 'Customer user Create'],
  [10, 'case:read', 'Applicant Case Read Only'],
  [11, 'case:write', 'Applicant Case Read Write'],
  [12, 'case:create', 'Applicant Case Create'],
  [13, 'profile:read', 'Profile Read'],
  [14, 'profile:write', 'Profile Write'],
  [15, 'brand_settings:read', 'Brand Settings Read'],
  [16, 'brand_settings:write', 'Brand Settings Write'],
  [17, 'businesses:read', 'Businesses Read Only'],
  [18, 'businesses:write', 'Businesses owner Read Write'],
  [19, 'businesses:create', 'Businesses owner Create'],
] as const;

const OWNER_ID = '30de5456-973e-4ba6-a98f-a55183326a0a';
const USER_ID = '6a1f3c52-8f0e-4c55-9a57-1d6b0f4e2c11';

/** Seeds permissions and the two global subroles: `owner` (every permission) and `user` (read permissions). */
export const permissionsAndSubroles: Migration = {
  name: '20261122_0002_permissions_and_subroles',
  async up(db: Knex) {
    await db('auth.permissions').insert(PERMISSIONS.map(([id, code, label]) => ({ id, code, label })));
    await db('auth.subroles').insert([
      { id: OWNER_ID, code: 'owner', display_name: 'Owner', label: 'Owner', description: 'Full access to the customer account' },
      { id: USER_ID, code: 'user', display_name: 'User', label: 'User', description: 'Read-only access to the customer account' },
    ]);
    await db('auth.subrole_permissions').insert([
      ...PERMISSIONS.map(([id]) => ({ subrole_id: OWNER_ID, permission_id: id })),
      ...PERMISSIONS.filter(([, code]) => code.endsWith(':read')).map(([id]) => ({ subrole_id: USER_ID, permission_id: id })),
    ]);
  },
  async down(db: Knex) {
    await db('auth.subrole_permissions').whereIn('subrole_id', [OWNER_ID, USER_ID]).delete();
    await db('auth.subroles').whereIn('id', [OWNER_ID, USER_ID]).delete();
    await db('auth.permissions').whereIn('id', PERMISSIONS.map(([id]) => id)).delete();
  },
};
