import type { Role } from '@kyb/auth';

/** Customer user statuses (contract part 3): invited, active, deactivated, sign-up pending. */
export const USER_STATUSES = ['INVITED', 'ACTIVE', 'INACTIVE', 'SIGNUP_PENDING'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A subrole as E2 shows it. */
export interface Subrole {
  id: string;
  code: string;
  display_name: string;
  label: string;
  description: string;
}

/** A user row as the auth area stores it. */
export interface UserRow {
  id: string;
  role: Role;
  customer_id: string | null;
  subrole_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string | null;
  password_hash: string | null;
  status: UserStatus;
  is_email_verified: boolean;
  is_first_login: boolean;
  ext_auth_ref_id: string;
  created_by: string;
  updated_by: string;
  created_at: Date;
  updated_at: Date;
  /** When the user last signed in (null: never); optional so that new rows need not say it. */
  last_signed_in_at?: Date | null;
}

/** A customer user as E2 answers it (contract 2.3). */
export interface CustomerUserRecord {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string | null;
  is_email_verified: boolean;
  is_first_login: boolean;
  created_at: string;
  updated_at: string;
  created_by: string;
  updated_by: string;
  ext_auth_ref_id: string;
  status: UserStatus;
  subrole: Subrole | null;
}

/**
 * What the E2 record is made of: a stored user's shown columns, its times as Dates or (read by a
 * list) already as ISO text.
 */
export type PresentableUser = Pick<
  UserRow,
  'id' | 'first_name' | 'last_name' | 'email' | 'mobile' | 'is_email_verified' | 'is_first_login' | 'created_by' | 'updated_by' | 'ext_auth_ref_id' | 'status'
> & { created_at: Date | string; updated_at: Date | string };

const isoText = (moment: Date | string): string => (typeof moment === 'string' ? moment : moment.toISOString());

/** Maps a stored user and its subrole to the E2 record; the password hash never leaves. */
export function toCustomerUserRecord(row: PresentableUser, subrole: Subrole | null): CustomerUserRecord {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    mobile: row.mobile,
    is_email_verified: row.is_email_verified,
    is_first_login: row.is_first_login,
    created_at: isoText(row.created_at),
    updated_at: isoText(row.updated_at),
    created_by: row.created_by,
    updated_by: row.updated_by,
    ext_auth_ref_id: row.ext_auth_ref_id,
    status: row.status,
    subrole,
  };
}

/** The `user_details` a sign-in (contract 2.10) and an account set-up answer. */
export interface UserDetails {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  is_email_verified: boolean;
}

/** Maps a stored user to its `user_details`. */
export function toUserDetails(row: UserRow): UserDetails {
  return { id: row.id, first_name: row.first_name, last_name: row.last_name, email: row.email, is_email_verified: row.is_email_verified };
}
