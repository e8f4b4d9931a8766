import type { Knex } from '@kyb/db';

/** A stored refresh token: only its hash is kept. */
export interface RefreshTokenRow {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  revoke_reason: string | null;
  created_at: Date;
}

/** SQL for refresh tokens. */
export function createPgRefreshTokenStore(db: Knex) {
  const tokens = (trx: Knex = db) => trx<RefreshTokenRow>('auth.refresh_tokens');
  return {
    async insert(row: Pick<RefreshTokenRow, 'user_id' | 'family_id' | 'token_hash' | 'expires_at' | 'created_at'>, trx: Knex = db): Promise<void> {
      await tokens(trx).insert(row);
    },
    findByHash(tokenHash: string, trx: Knex = db): Promise<RefreshTokenRow | undefined> {
      return tokens(trx).where({ token_hash: tokenHash }).first();
    },
    /** Marks the token used, atomically: only one of two concurrent refreshes wins. */
    async markUsed(id: string, at: Date, trx: Knex = db): Promise<boolean> {
      const count = await tokens(trx).where({ id }).whereNull('used_at').whereNull('revoked_at').update({ used_at: at });
      return count === 1;
    },
    /** Sessions (families) ended since `since`: those whose bearer tokens may still be alive. */
    async familiesRevokedSince(since: Date, trx: Knex = db): Promise<string[]> {
      return tokens(trx).where('revoked_at', '>', since).distinct('family_id').pluck('family_id');
    },
    async revokeFamily(familyId: string, reason: string, at: Date, trx: Knex = db): Promise<void> {
      await tokens(trx).where({ family_id: familyId }).whereNull('revoked_at').update({ revoked_at: at, revoke_reason: reason });
    },
    /** The user's sessions (families) that handed out tokens since `since`: those whose bearer tokens may be alive. */
    async familiesOfUserSince(userId: string, since: Date, trx: Knex = db): Promise<string[]> {
      const rows = await tokens(trx).distinct('family_id').where({ user_id: userId }).where('created_at', '>=', since);
      return rows.map((row) => row.family_id);
    },
    async revokeAllOfUser(userId: string, reason: string, at: Date, trx: Knex = db): Promise<void> {
      await tokens(trx).where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: at, revoke_reason: reason });
    },
  };
}

/** The refresh token store type, for injection. */
export type RefreshTokenStore = ReturnType<typeof createPgRefreshTokenStore>;
