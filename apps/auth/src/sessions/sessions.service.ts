import { randomUUID } from 'node:crypto';
import type { Role, SessionRevocations, TokenSigner } from '@kyb/auth';
import { hashToken, randomToken } from '@kyb/secrets';
import type { Logger } from '@kyb/http';
import type { SignedInEntry } from '../audit/audit.service';
import type { SigningKeysService } from '../signing-keys/signing-keys.service';
import type { UserRow } from '../users/user.types';
import type { SessionFacts, UserStore } from '../users/users.store';
import { AccountDisabledError } from '../shared/account.errors';
import { InvalidRefreshTokenError } from './sessions.errors';
import type { RefreshTokenStore } from './refresh-tokens.store';

/** The three tokens a sign-in or a refresh hands out. */
export interface SessionTokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
}

/** Options of {@link createSessionsService}. */
export interface SessionsServiceOptions {
  users: UserStore;
  refreshTokens: RefreshTokenStore;
  signingKeys: SigningKeysService;
  signer: TokenSigner;
  /** Where ended sessions are published, so every area refuses their tokens at once. */
  revocations: SessionRevocations;
  /** Lifetime of bearer tokens: how long a revoked session must stay known as revoked. */
  tokenTtlSeconds: number;
  refreshTtlSeconds: number;
  /** Whether the user's customer may be used (a disabled customer's users get no tokens). */
  customerActive?: (customerId: string) => Promise<boolean>;
  clock: () => Date;
  logger: Logger;
}

/** How long past a token's expiry a revocation is kept, for clocks that disagree a little. */
const CLOCK_SKEW_SECONDS = 60;

/**
 * Sessions: bearer tokens plus an opaque refresh token, stored hashed, rotated on every use;
 * presenting a rotated token again revokes its whole family (it was stolen or replayed). A
 * session is one refresh token family: its id is the `sid` of every bearer token it hands out,
 * so ending the session (logout, INACTIVE, another subrole, a disabled customer) ends its bearer
 * tokens in every area within a second, not when they expire.
 */
export function createSessionsService(options: SessionsServiceOptions) {
  const { users, refreshTokens, clock } = options;

  async function bearerTokens(user: UserRow, sessionId: string, known?: Pick<SessionFacts, 'subrole' | 'permissions'>) {
    const permissions = (known?.permissions ?? (await users.permissionsOf(user.subrole_id))).map((p) => p.code);
    const subrole = known ? known.subrole : await users.subroleById(user.subrole_id);
    const businessIds = user.role === 'APPLICANT' ? await users.acceptedBusinesses(user.id) : undefined;
    return options.signer.sign(await options.signingKeys.activeKey(), user.id, {
      role: user.role,
      customer_id: user.customer_id,
      subrole: subrole?.code ?? null,
      permissions,
      ...(businessIds ? { business_ids: businessIds } : {}),
      sid: sessionId,
    });
  }

  /** Whether the user may have tokens only while the customer is ACTIVE: a CUSTOMER's users. */
  const needsActiveCustomer = (user: UserRow) => user.role === 'CUSTOMER' && user.customer_id !== null && options.customerActive !== undefined;

  async function assertCustomerActive(user: UserRow): Promise<void> {
    if (needsActiveCustomer(user) && !(await options.customerActive?.(user.customer_id as string))) throw new AccountDisabledError();
  }

  /** Ends sessions in every area: their refresh tokens are already revoked in the database. */
  async function endSessions(sessionIds: readonly string[]): Promise<void> {
    await options.revocations.revoke([...new Set(sessionIds)], options.tokenTtlSeconds + CLOCK_SKEW_SECONDS);
  }

  /** Revokes every session of the user whose bearer tokens may still be alive. */
  async function endAllOf(userId: string, reason: string): Promise<void> {
    const now = clock();
    const since = new Date(now.getTime() - (options.tokenTtlSeconds + CLOCK_SKEW_SECONDS) * 1000);
    const live = await refreshTokens.familiesOfUserSince(userId, since);
    await refreshTokens.revokeAllOfUser(userId, reason, now);
    await endSessions(live);
  }

  async function newRefreshToken(userId: string, familyId: string): Promise<string> {
    const token = randomToken();
    const expiresAt = new Date(clock().getTime() + options.refreshTtlSeconds * 1000);
    await refreshTokens.insert({ user_id: userId, family_id: familyId, token_hash: hashToken(token), expires_at: expiresAt, created_at: clock() });
    return token;
  }

  return {
    /**
     * Starts a session (a new refresh token family) for a user whose credentials were checked, and
     * notes the sign-in, its audit entry (`signedIn`) with it; answers its tokens and the facts they
     * carry. A CUSTOMER whose customer is not ACTIVE gets {@link AccountDisabledError}, and nothing
     * is written.
     */
    async start(user: UserRow, signedIn: SignedInEntry): Promise<{ tokens: SessionTokens; facts: SessionFacts }> {
      const sessionId = randomUUID();
      const refreshToken = randomToken();
      const createdAt = clock();
      const { facts, started } = await refreshTokens.startFamily({
        userId: user.id,
        subroleId: user.subrole_id,
        customerId: user.customer_id,
        needsActiveCustomer: needsActiveCustomer(user),
        familyId: sessionId,
        tokenHash: hashToken(refreshToken),
        expiresAt: new Date(createdAt.getTime() + options.refreshTtlSeconds * 1000),
        createdAt,
        signedIn: signedIn(user),
      });
      if (!started) throw new AccountDisabledError();
      const bearer = await bearerTokens(user, sessionId, facts);
      return { tokens: { ...bearer, refresh_token: refreshToken }, facts };
    },

    /** Exchanges a refresh token of a user with `role` for new tokens, rotating it. */
    async refresh(token: string, role: Role): Promise<SessionTokens> {
      const now = clock();
      const row = await refreshTokens.findByHash(hashToken(token));
      if (!row) throw new InvalidRefreshTokenError();
      if (row.used_at || row.revoked_at) {
        if (row.used_at && !row.revoked_at) {
          await refreshTokens.revokeFamily(row.family_id, 'reuse-detected', now);
          await endSessions([row.family_id]);
          options.logger.warn({ userId: row.user_id, familyId: row.family_id }, 'refresh token reuse detected; session ended');
        }
        throw new InvalidRefreshTokenError();
      }
      if (row.expires_at.getTime() <= now.getTime()) throw new InvalidRefreshTokenError();
      const user = await users.findById(row.user_id);
      if (!user || user.role !== role) throw new InvalidRefreshTokenError();
      if (user.status === 'INACTIVE') {
        await endAllOf(user.id, 'user-inactive');
        throw new AccountDisabledError();
      }
      if (user.status !== 'ACTIVE') throw new InvalidRefreshTokenError();
      await assertCustomerActive(user);
      if (!(await refreshTokens.markUsed(row.id, now))) {
        // Another request rotated this token a moment ago: a replay.
        await refreshTokens.revokeFamily(row.family_id, 'reuse-detected', now);
        await endSessions([row.family_id]);
        throw new InvalidRefreshTokenError();
      }
      const bearer = await bearerTokens(user, row.family_id);
      return { ...bearer, refresh_token: await newRefreshToken(user.id, row.family_id) };
    },

    /**
     * Ends sessions: the caller's own (`sessionId`, the token it called with) and the family of
     * `token` when given (it must be the caller's), else every session of the user.
     */
    async logout(userId: string, sessionId: string, token: string | undefined): Promise<void> {
      const now = clock();
      if (token === undefined) {
        await endAllOf(userId, 'logout');
        return;
      }
      const row = await refreshTokens.findByHash(hashToken(token));
      if (!row || row.user_id !== userId) throw new InvalidRefreshTokenError();
      await refreshTokens.revokeFamily(row.family_id, 'logout', now);
      await refreshTokens.revokeFamily(sessionId, 'logout', now);
      await endSessions([row.family_id, sessionId]);
    },

    /** Ends every session of a user (made INACTIVE, given another subrole, password changed), in every area. */
    revokeAll(userId: string, reason: string): Promise<void> {
      return endAllOf(userId, reason);
    },

    /** Ends every session of every user of a customer (the customer was disabled). */
    async revokeAllOfCustomer(userIds: readonly string[], reason: string): Promise<void> {
      for (const userId of userIds) await endAllOf(userId, reason);
    },
  };
}

/** The sessions service type, for injection. */
export type SessionsService = ReturnType<typeof createSessionsService>;
