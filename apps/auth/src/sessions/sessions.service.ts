import { randomUUID } from 'node:crypto';
import type { Role, TokenSigner } from '@kyb/auth';
import { hashToken, randomToken } from '@kyb/secrets';
import type { Logger } from '@kyb/http';
import type { SigningKeysService } from '../signing-keys/signing-keys.service';
import type { UserRow } from '../users/user.types';
import type { UserStore } from '../users/users.store';
import { AccountDisabledError } from '../sign-in/sign-in.errors';
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
  refreshTtlSeconds: number;
  clock: () => Date;
  logger: Logger;
}

/**
 * Sessions: bearer tokens plus an opaque refresh token, stored hashed, rotated on every use;
 * presenting a rotated token again revokes its whole family (it was stolen or replayed).
 */
export function createSessionsService(options: SessionsServiceOptions) {
  const { users, refreshTokens, clock } = options;

  async function bearerTokens(user: UserRow) {
    const permissions = (await users.permissionsOf(user.subrole_id)).map((p) => p.code);
    const subrole = await users.subroleById(user.subrole_id);
    const businessIds = user.role === 'APPLICANT' ? await users.acceptedBusinesses(user.id) : undefined;
    return options.signer.sign(await options.signingKeys.activeKey(), user.id, {
      role: user.role,
      customer_id: user.customer_id,
      subrole: subrole?.code ?? null,
      permissions,
      ...(businessIds ? { business_ids: businessIds } : {}),
    });
  }

  async function newRefreshToken(userId: string, familyId: string): Promise<string> {
    const token = randomToken();
    const expiresAt = new Date(clock().getTime() + options.refreshTtlSeconds * 1000);
    await refreshTokens.insert({ user_id: userId, family_id: familyId, token_hash: hashToken(token), expires_at: expiresAt });
    return token;
  }

  return {
    /** Starts a session (a new refresh token family) for a signed-in user. */
    async start(user: UserRow): Promise<SessionTokens> {
      const bearer = await bearerTokens(user);
      return { ...bearer, refresh_token: await newRefreshToken(user.id, randomUUID()) };
    },

    /** Exchanges a refresh token of a user with `role` for new tokens, rotating it. */
    async refresh(token: string, role: Role): Promise<SessionTokens> {
      const now = clock();
      const row = await refreshTokens.findByHash(hashToken(token));
      if (!row) throw new InvalidRefreshTokenError();
      if (row.used_at || row.revoked_at) {
        if (row.used_at && !row.revoked_at) {
          await refreshTokens.revokeFamily(row.family_id, 'reuse-detected', now);
          options.logger.warn({ userId: row.user_id, familyId: row.family_id }, 'refresh token reuse detected; family revoked');
        }
        throw new InvalidRefreshTokenError();
      }
      if (row.expires_at.getTime() <= now.getTime()) throw new InvalidRefreshTokenError();
      const user = await users.findById(row.user_id);
      if (!user || user.role !== role) throw new InvalidRefreshTokenError();
      if (user.status === 'INACTIVE') {
        await refreshTokens.revokeAllOfUser(user.id, 'user-inactive', now);
        throw new AccountDisabledError();
      }
      if (user.status !== 'ACTIVE') throw new InvalidRefreshTokenError();
      if (!(await refreshTokens.markUsed(row.id, now))) {
        // Another request rotated this token a moment ago: a replay.
        await refreshTokens.revokeFamily(row.family_id, 'reuse-detected', now);
        throw new InvalidRefreshTokenError();
      }
      const bearer = await bearerTokens(user);
      return { ...bearer, refresh_token: await newRefreshToken(user.id, row.family_id) };
    },

    /** Ends sessions: the family of `token` when given (and the caller's), else every session of the user. */
    async logout(userId: string, token: string | undefined): Promise<void> {
      const now = clock();
      if (token === undefined) {
        await refreshTokens.revokeAllOfUser(userId, 'logout', now);
        return;
      }
      const row = await refreshTokens.findByHash(hashToken(token));
      if (!row || row.user_id !== userId) throw new InvalidRefreshTokenError();
      await refreshTokens.revokeFamily(row.family_id, 'logout', now);
    },

    /** Revokes every session of a user (made INACTIVE, password changed). */
    revokeAll(userId: string, reason: string): Promise<void> {
      return refreshTokens.revokeAllOfUser(userId, reason, clock());
    },
  };
}

/** The sessions service type, for injection. */
export type SessionsService = ReturnType<typeof createSessionsService>;
