import { randomInt } from 'node:crypto';
import { withTransaction, type Knex } from '@kyb/db';
import type { MailMessage, MailTransport } from '@kyb/mail';
import { safeEqual, type SealedBox } from '@kyb/secrets';
import {
  EmailCodeExhaustedError,
  EmailCodeExpiredError,
  EmailCodeNotSentError,
  TooManyEmailCodesError,
  WrongEmailCodeError,
} from './email-proofs.errors';
import type { CodeState, EmailProofStore, ProofKey } from './email-proofs.store';

/** Digits of a code: 10^8 codes against at most `maxAttempts` guesses per code sent. */
export const EMAIL_CODE_DIGITS = 8;

/** The 202 message of applicant sign-in: a code was mailed, the same request must come back with it. */
export const EMAIL_CODE_SENT = 'A verification code was sent to your email address. Send the same request again with it as email_code.';

/** Options of {@link createEmailProofService}. */
export interface EmailProofServiceOptions {
  db: Knex;
  store: EmailProofStore;
  /** Codes are stored as keyed hashes (HMAC under the data encryption key), never as themselves. */
  sealedBox: SealedBox;
  mail: MailTransport;
  clock: () => Date;
  /** How long a code may be used. */
  ttlSeconds: number;
  /** Guesses a code allows, the right one included; then it is dead. */
  maxAttempts: number;
  /** Codes one (email, invitation) may be sent per `sendWindowSeconds`. */
  maxSends: number;
  sendWindowSeconds: number;
}

/** What the mail says besides the code. */
export interface CodeMailContext {
  /** The inviting customer's name; absent for an existing account proving its email. */
  customerName?: string;
}

function codeMail(to: string, code: string, ttlSeconds: number, context: CodeMailContext): MailMessage {
  const purpose = context.customerName ? `to accept the invitation of ${context.customerName}` : 'to confirm your email address';
  return {
    to,
    subject: 'Your verification code',
    text:
      `Your verification code is ${code}. Enter it ${purpose}; it works once, for ${Math.round(ttlSeconds / 60)} minutes.\n\n` +
      'If you did not ask for it, ignore this mail: nobody can sign up with your address without this code.',
  };
}

/**
 * One-time codes that prove an applicant reads the mailbox of an email, per (email, invitation):
 * random digits, stored as a keyed hash bound to their row, short-lived, a few guesses at most,
 * single use; sending again replaces the code, a limited number of times per window.
 */
export function createEmailProofService(options: EmailProofServiceOptions) {
  const { store, clock } = options;
  const hashOf = (proofId: string, code: string) => options.sealedBox.lookupHash(`applicant-email-proof:${proofId}:${code}`);
  const keyOf = (email: string, invitationId: string | null): ProofKey => ({ email: email.toLowerCase(), invitationId });

  return {
    /**
     * Mails a new code to `email` for `invitationId` (null: an existing account). The mail is sent
     * before this answers: when the mail server refuses or times out, the previous state comes back
     * (an earlier code keeps working) and {@link EmailCodeNotSentError} is thrown.
     */
    async send(email: string, invitationId: string | null, context: CodeMailContext = {}): Promise<{ expiresInSeconds: number }> {
      const now = clock();
      const code = randomInt(0, 10 ** EMAIL_CODE_DIGITS).toString().padStart(EMAIL_CODE_DIGITS, '0');
      const issued = await withTransaction(options.db, async (trx) => {
        const row = await store.lockOrCreate(trx, keyOf(email, invitationId), now);
        const windowEnds = row.sends_since.getTime() + options.sendWindowSeconds * 1000;
        const windowOpen = windowEnds > now.getTime();
        const sends = windowOpen ? row.sends : 0;
        if (sends >= options.maxSends) {
          throw new TooManyEmailCodesError((windowEnds - now.getTime()) / 1000, { limit: options.maxSends, windowSeconds: options.sendWindowSeconds });
        }
        const previous: CodeState = {
          code_hash: row.code_hash,
          expires_at: row.expires_at,
          attempts: row.attempts,
          sends: row.sends,
          sends_since: row.sends_since,
          used_at: row.used_at,
        };
        const codeHash = hashOf(row.id, code);
        await store.setCode(trx, row.id, {
          code_hash: codeHash,
          expires_at: new Date(now.getTime() + options.ttlSeconds * 1000),
          attempts: 0,
          sends: sends + 1,
          sends_since: windowOpen ? row.sends_since : now,
          used_at: null,
        });
        return { id: row.id, codeHash, previous };
      });
      try {
        await options.mail.send(codeMail(email, code, options.ttlSeconds, context));
      } catch (err) {
        // The error handler logs the cause (the mail server's answer, never the message).
        await store.restore(issued.id, issued.codeHash, issued.previous);
        throw new EmailCodeNotSentError(err);
      }
      return { expiresInSeconds: options.ttlSeconds };
    },

    /**
     * Checks `code` for (`email`, `invitationId`), spending one attempt; answers a claim to pass to
     * {@link consume} in the transaction that acts on the proof. Throws the 400 of a wrong,
     * exhausted or expired (also: used, never sent) code.
     */
    async check(email: string, invitationId: string | null, code: string): Promise<{ proofId: string; codeHash: string }> {
      const now = clock();
      const key = keyOf(email, invitationId);
      const row = await store.spendAttempt(key, now, options.maxAttempts);
      if (!row) {
        const current = await store.find(key);
        const pending = current !== undefined && current.used_at === null && current.expires_at.getTime() > now.getTime();
        throw pending ? new EmailCodeExhaustedError() : new EmailCodeExpiredError();
      }
      const codeHash = hashOf(row.id, code);
      if (!safeEqual(codeHash, row.code_hash)) throw new WrongEmailCodeError();
      return { proofId: row.id, codeHash };
    },

    /** Uses the checked code up inside `trx`; throws when another request used it first. */
    async consume(trx: Knex, claim: { proofId: string; codeHash: string }): Promise<void> {
      if (!(await store.consume(trx, claim.proofId, claim.codeHash, clock()))) throw new EmailCodeExpiredError();
    },
  };
}

/** The email proof service type, for injection. */
export type EmailProofService = ReturnType<typeof createEmailProofService>;
