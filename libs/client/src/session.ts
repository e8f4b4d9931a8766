/** Who signed in: each role has its own sign-in and refresh routes in the auth area. */
export type SessionRole = 'CUSTOMER' | 'ADMIN' | 'APPLICANT';

/** The tokens of a signed-in session. Keep `refreshToken` secret: it rotates on every refresh. */
export interface SessionTokens {
  role: SessionRole;
  /** The JWT sent as the bearer (ARCHITECTURE.md: clients send `id_token`). */
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** A session with what the tokens say: the customer (tenant), the user and when the bearer expires. */
export interface Session extends SessionTokens {
  customerId: string | undefined;
  userId: string | undefined;
  /** When `idToken` expires (ms since the epoch), from its `exp` claim; undefined when it has none. */
  expiresAt: number | undefined;
}

/** The refresh route of each role. */
export const REFRESH_PATHS: Record<SessionRole, '/refresh-token/customer' | '/refresh-token/admin' | '/refresh-token/applicant'> = {
  CUSTOMER: '/refresh-token/customer',
  ADMIN: '/refresh-token/admin',
  APPLICANT: '/refresh-token/applicant',
};

/** The claims of a JWT, read without verifying it (the suite verifies; the client only reads its own token's expiry). */
export function jwtClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A session from its tokens; the customer and user ids are read from the token when not given. */
export function sessionOf(tokens: SessionTokens, known: { customerId?: string; userId?: string } = {}): Session {
  const claims = jwtClaims(tokens.idToken);
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    ...tokens,
    customerId: known.customerId ?? text(claims.customer_id) ?? text(claims.customerId),
    userId: known.userId ?? text(claims.sub),
    expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : undefined,
  };
}

/** Whether a 401 says the bearer expired (part 5, item 7: `TokenExpiredError`), which a refresh cures. */
export function isExpiredToken(status: number, errorName: string): boolean {
  return status === 401 && errorName === 'TokenExpiredError';
}
