import type { Knex } from '@kyb/db';

/** A one-time set-up (invitation) token of a user; only its hash is stored. */
export interface SetupTokenRow {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

/** SQL for set-up tokens. */
export function createPgSetupTokenStore(db: Knex) {
  return {
    async insert(row: Pick<SetupTokenRow, 'user_id' | 'token_hash' | 'expires_at'>, trx: Knex = db): Promise<void> {
      await trx('auth.setup_tokens').insert(row);
    },
    /** The user a set-up token was issued to (used or not, expired or not); undefined when unknown. */
    async userOf(tokenHash: string, trx: Knex = db): Promise<string | undefined> {
      const row = await trx('auth.setup_tokens').where({ token_hash: tokenHash }).first('user_id');
      return (row as { user_id: string } | undefined)?.user_id;
    },
    /** Uses the token once: true only for the first caller, before expiry. */
    async consume(userId: string, tokenHash: string, now: Date, trx: Knex = db): Promise<boolean> {
      const count = await trx('auth.setup_tokens')
        .where({ user_id: userId, token_hash: tokenHash })
        .whereNull('used_at')
        .andWhere('expires_at', '>', now)
        .update({ used_at: now });
      return count === 1;
    },
  };
}

/** The set-up token store type, for injection. */
export type SetupTokenStore = ReturnType<typeof createPgSetupTokenStore>;
