import type { Knex } from '@kyb/db';

/** What a proof is for: an email (lower-cased) and the invitation it claims (null: an existing account). */
export interface ProofKey {
  email: string;
  invitationId: string | null;
}

/** A row of auth.applicant_email_proofs. */
export interface ProofRow {
  id: string;
  email: string;
  invitation_id: string | null;
  code_hash: string;
  expires_at: Date;
  attempts: number;
  sends: number;
  sends_since: Date;
  used_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The columns a new code sets (and a failed send puts back). */
export type CodeState = Pick<ProofRow, 'code_hash' | 'expires_at' | 'attempts' | 'sends' | 'sends_since' | 'used_at'>;

const TABLE = 'auth.applicant_email_proofs';

/** SQL for pending email codes, one row per (email, invitation). */
export function createPgEmailProofStore(db: Knex) {
  const byKey = (trx: Knex, key: ProofKey) =>
    trx<ProofRow>(TABLE).where({ email: key.email }).whereRaw('invitation_id is not distinct from ?::uuid', [key.invitationId]);

  return {
    /** The row of `key`, locked until `trx` ends; created (with no usable code) if there is none. */
    async lockOrCreate(trx: Knex, key: ProofKey, now: Date): Promise<ProofRow> {
      await trx.raw(
        `insert into ${TABLE} (email, invitation_id, code_hash, expires_at, sends, sends_since) values (?, ?::uuid, '', ?, 0, ?)
         on conflict (email, coalesce(invitation_id, '00000000-0000-0000-0000-000000000000'::uuid)) do nothing`,
        [key.email, key.invitationId, now, now],
      );
      return byKey(trx, key).forUpdate().first() as Promise<ProofRow>;
    },

    find(key: ProofKey, trx: Knex = db): Promise<ProofRow | undefined> {
      return byKey(trx, key).first();
    },

    async setCode(trx: Knex, id: string, state: CodeState): Promise<void> {
      await trx(TABLE).where({ id }).update({ ...state, updated_at: trx.fn.now() });
    },

    /** Puts `previous` back, unless another code replaced `codeHash` meanwhile. */
    async restore(id: string, codeHash: string, previous: CodeState): Promise<void> {
      await db(TABLE).where({ id, code_hash: codeHash }).update({ ...previous, updated_at: db.fn.now() });
    },

    /**
     * Spends one attempt on the pending code of `key` (unused, unexpired, attempts left) and answers
     * the row; undefined when there is no such code. Spent before comparing, so parallel guesses
     * never get more than `maxAttempts` comparisons.
     */
    async spendAttempt(key: ProofKey, now: Date, maxAttempts: number): Promise<ProofRow | undefined> {
      const [row] = await byKey(db, key)
        .whereNull('used_at')
        .where('expires_at', '>', now)
        .where('attempts', '<', maxAttempts)
        .update({ attempts: db.raw('attempts + 1') as unknown as number, updated_at: db.fn.now() as unknown as Date })
        .returning('*');
      return row as ProofRow | undefined;
    },

    /** Marks the code used; false when it was used (or replaced) meanwhile. */
    async consume(trx: Knex, id: string, codeHash: string, now: Date): Promise<boolean> {
      const used = await trx(TABLE).where({ id, code_hash: codeHash }).whereNull('used_at').update({ used_at: now, updated_at: trx.fn.now() });
      return used === 1;
    },
  };
}

/** The proof store type, for injection. */
export type EmailProofStore = ReturnType<typeof createPgEmailProofStore>;
