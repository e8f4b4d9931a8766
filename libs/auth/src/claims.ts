/** The three roles of contract part 5: the operator (ADMIN), a tenant's user (CUSTOMER), an invited applicant (APPLICANT). */
export type Role = 'ADMIN' | 'CUSTOMER' | 'APPLICANT';

/** All roles, in a stable order. */
export const ROLES: readonly Role[] = ['ADMIN', 'CUSTOMER', 'APPLICANT'];

/** Which of the two bearer tokens a JWT is; both are accepted as bearer. */
export type TokenUse = 'id' | 'access';

/** The claims the suite puts in its tokens, besides the registered ones (iss, aud, sub, iat, exp). */
export interface SuiteClaims {
  role: Role;
  /** The tenant; null for a platform ADMIN. */
  customer_id: string | null;
  /** The subrole code (`owner`, `user`, ...); null where the role has none. */
  subrole: string | null;
  permissions: string[];
  token_use: TokenUse;
  /** For an APPLICANT: the businesses the applicant may act on. */
  business_ids?: string[];
  /** The session the token belongs to: revoking it ends every token of the session at once. */
  sid: string;
}

/** Who is calling, as every guard and handler sees it. */
export interface AuthContext {
  userId: string;
  role: Role;
  customerId: string | null;
  subrole: string | null;
  permissions: ReadonlySet<string>;
  tokenUse: TokenUse;
  businessIds: readonly string[];
  /** The session of the token (its `sid`). */
  sessionId: string;
}

/** Every permission code of contract part 2.10, and `cases:review` (issue 45): what the `owner` subrole holds. */
export const OWNER_PERMISSIONS: readonly string[] = [
  'customer_user:read',
  'customer_user:write',
  'customer_user:create',
  'case:read',
  'case:write',
  'case:create',
  'profile:read',
  'profile:write',
  'brand_settings:read',
  'brand_settings:write',
  'businesses:read',
  'businesses:write',
  'businesses:create',
  'cases:review',
];

/** What the read-only `user` subrole holds: the `:read` permissions. */
export const USER_PERMISSIONS: readonly string[] = OWNER_PERMISSIONS.filter((code) => code.endsWith(':read'));

/** What the `reviewer` subrole holds: the reads and `cases:review`. */
export const REVIEWER_PERMISSIONS: readonly string[] = [...USER_PERMISSIONS, 'cases:review'];
