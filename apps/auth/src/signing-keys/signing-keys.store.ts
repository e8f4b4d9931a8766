import type { Knex } from '@kyb/db';
import type { PublicJwk } from '@kyb/auth';

/** A signing key as stored: the private half sealed with the data encryption key. */
export interface SigningKeyRow {
  kid: string;
  alg: 'ES256';
  public_jwk: PublicJwk;
  private_key_sealed: string;
  created_at: Date;
  retired_at: Date | null;
}

/** SQL for the auth area's signing keys. */
export function createPgSigningKeyStore(db: Knex) {
  return {
    /** The newest key that is not retired. */
    active(): Promise<SigningKeyRow | undefined> {
      return db<SigningKeyRow>('auth.signing_keys').whereNull('retired_at').orderBy('created_at', 'desc').first();
    },
    /** Keys whose tokens may still be alive: active ones and those retired after `since`. */
    published(since: Date): Promise<SigningKeyRow[]> {
      return db<SigningKeyRow>('auth.signing_keys')
        .whereNull('retired_at')
        .orWhere('retired_at', '>', since)
        .orderBy('created_at', 'desc');
    },
    /**
     * Inserts a new active key and retires the others, in one transaction under an advisory lock,
     * so pods starting together create one key, not several.
     */
    async rotate(create: () => Omit<SigningKeyRow, 'created_at' | 'retired_at'>, onlyIfNone: boolean): Promise<SigningKeyRow> {
      return db.transaction(async (trx) => {
        await trx.raw(`select pg_advisory_xact_lock(hashtext('auth.signing_keys'))`);
        const current = await trx<SigningKeyRow>('auth.signing_keys').whereNull('retired_at').orderBy('created_at', 'desc').first();
        if (current && onlyIfNone) return current;
        await trx('auth.signing_keys').whereNull('retired_at').update({ retired_at: trx.fn.now() });
        const [row] = await trx('auth.signing_keys').insert(create()).returning('*');
        return row as SigningKeyRow;
      });
    },
  };
}

/** The signing key store type, for injection. */
export type SigningKeyStore = ReturnType<typeof createPgSigningKeyStore>;
