import type { Knex } from '@kyb/db';

/** Where an outbox message is: PENDING -> SENDING (claimed under a lease) -> SENT | FAILED. */
export type MailStatus = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED';

/** A row of `cases.mail_outbox`. */
export interface MailRow {
  id: string;
  invitation_id: string | null;
  to_email: string;
  subject: string;
  body: string;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  lease_owner: string | null;
  lease_expires_at: Date | null;
  recoveries: number;
  recovered_at: Date | null;
  created_at: Date;
  sent_at: Date | null;
}

const OUTBOX = 'cases.mail_outbox';

/** SQL of outbox mail (every write to the outbox), including the lease that lets only one worker send a message. */
export function createPgMailOutboxStore(db: Knex) {
  return {
    /** Keeps a new PENDING message in `trx` (the transaction that makes its invitation); answers its id. */
    async insertMessage(trx: Knex.Transaction, row: { invitation_id: string; to_email: string; subject: string; body: string }): Promise<string> {
      const [created] = await trx(OUTBOX).insert(row).returning('id');
      return (created as { id: string }).id;
    },
    /**
     * Takes the message for `owner` until `until`: only a PENDING one, or a SENDING one whose
     * lease lapsed (its worker died mid-send). Undefined when it was sent, failed, or is held.
     */
    async claim(id: string, owner: string, at: Date, until: Date): Promise<MailRow | undefined> {
      const [row] = await db(OUTBOX)
        .where({ id })
        .andWhere((q) => q.where({ status: 'PENDING' }).orWhere((l) => l.where({ status: 'SENDING' }).andWhere('lease_expires_at', '<', at)))
        .update({ status: 'SENDING', lease_owner: owner, lease_expires_at: until })
        .returning<MailRow[]>('*');
      return row;
    },
    /** SENT, if `owner` still holds it (a lapsed lease taken over by another worker is theirs to finish). */
    async markSent(id: string, owner: string, attempts: number, at: Date): Promise<void> {
      await db(OUTBOX)
        .where({ id, lease_owner: owner, status: 'SENDING' })
        .update({ status: 'SENT', sent_at: at, attempts, last_error: null, lease_owner: null, lease_expires_at: null });
    },
    /** Gives the claim back after a failed send: PENDING for a retry, or FAILED on the last attempt. */
    async release(id: string, owner: string, outcome: { attempts: number; lastError: string; failed: boolean }): Promise<void> {
      await db(OUTBOX)
        .where({ id, lease_owner: owner, status: 'SENDING' })
        .update({
          status: outcome.failed ? 'FAILED' : 'PENDING',
          attempts: outcome.attempts,
          last_error: outcome.lastError,
          lease_owner: null,
          lease_expires_at: null,
        });
    },
  };
}

/** The mail outbox store type, for injection. */
export type MailOutboxStore = ReturnType<typeof createPgMailOutboxStore>;
