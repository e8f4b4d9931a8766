import { randomUUID } from 'node:crypto';
import type { Knex } from '@kyb/db';

/** A key's row as the guard reads it. */
export interface IdempotencyRecord {
  fingerprint: string;
  status: 'RUNNING' | 'DONE';
  responseStatus: number | null;
  responseBody: string | null;
  lockedUntil: Date;
  expiresAt: Date;
}

/** What a claim found: the key was free (now RUNNING for this request, under `claimId`), or its record. */
export type Claim = { claimed: true; claimId: string } | { claimed: false; record: IdempotencyRecord };

/** A claim the request holds: `complete` and `release` act only while the key is still its own. */
export interface HeldClaim {
  scope: string;
  key: string;
  claimId: string;
}

interface Row {
  fingerprint: string;
  status: 'RUNNING' | 'DONE';
  response_status: number | null;
  response_body: string | null;
  locked_until: Date;
  expires_at: Date;
}

const recordOf = (row: Row): IdempotencyRecord => ({
  fingerprint: row.fingerprint,
  status: row.status,
  responseStatus: row.response_status,
  responseBody: row.response_body,
  lockedUntil: row.locked_until,
  expiresAt: row.expires_at,
});

/** SQL of an area's `idempotency_keys` table (see {@link idempotencyKeysMigration}). */
export function createIdempotencyStore(db: Knex, schema: string) {
  const table = `${schema}.idempotency_keys`;

  /**
   * Claims `key` for a request: inserted RUNNING when free; a record past its expiry, or RUNNING
   * past its lock (its request stopped without an answer) with the same fingerprint, is taken
   * over. Otherwise answers the record as it stands. One statement each way, so two requests
   * racing for a key never both run.
   */
  async function claim(input: { scope: string; key: string; fingerprint: string; now: Date; lockMs: number; ttlMs: number }): Promise<Claim> {
    const claimId = randomUUID();
    const lockedUntil = new Date(input.now.getTime() + input.lockMs);
    const expiresAt = new Date(input.now.getTime() + input.ttlMs);
    const { rows } = await db.raw<{ rows: Array<{ claimed: boolean }> }>(
      `insert into ${table} as k (scope, key, fingerprint, status, claim_id, created_at, locked_until, expires_at)
       values (?, ?, ?, 'RUNNING', ?, ?, ?, ?)
       on conflict (scope, key) do update set
         fingerprint = excluded.fingerprint, status = 'RUNNING', claim_id = excluded.claim_id, response_status = null, response_body = null,
         created_at = excluded.created_at, locked_until = excluded.locked_until, expires_at = excluded.expires_at
       where k.expires_at <= excluded.created_at
          or (k.status = 'RUNNING' and k.locked_until <= excluded.created_at and k.fingerprint = excluded.fingerprint)
       returning true as claimed`,
      [input.scope, input.key, input.fingerprint, claimId, input.now, lockedUntil, expiresAt],
    );
    if (rows.length > 0) return { claimed: true, claimId };
    const row = await db(table)
      .where({ scope: input.scope, key: input.key })
      .first<Row | undefined>('fingerprint', 'status', 'response_status', 'response_body', 'locked_until', 'expires_at');
    // Purged between the two statements (it had expired): the key is free again.
    if (!row) return claim(input);
    return { claimed: false, record: recordOf(row) };
  }

  return {
    claim,

    /** Stores the answer of the request that holds the claim (nothing if another has taken it over since). */
    async complete(claim: HeldClaim, answer: { status: number; body: string }): Promise<void> {
      await db(table)
        .where({ scope: claim.scope, key: claim.key, status: 'RUNNING', claim_id: claim.claimId })
        .update({ status: 'DONE', response_status: answer.status, response_body: answer.body });
    },

    /** Frees the key of the claim (its request answered an error): a retry with it runs again. */
    async release(claim: HeldClaim): Promise<void> {
      await db(table).where({ scope: claim.scope, key: claim.key, status: 'RUNNING', claim_id: claim.claimId }).delete();
    },

    /** Deletes the records past their expiry; answers how many. */
    async purgeExpired(now: Date): Promise<number> {
      return db(table).where('expires_at', '<=', now).delete();
    },
  };
}

/** The store type, for injection. */
export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
