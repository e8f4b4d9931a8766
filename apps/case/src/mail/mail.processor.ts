import type { JobAttempts } from '@kyb/queues';
import { randomUUID } from 'node:crypto';
import type { Knex } from '@kyb/db';
import type { Logger } from '@kyb/http';
import type { MailTransport } from '@kyb/mail';
import { createPgMailOutboxStore } from './mail-outbox.store';

/** Options of {@link createMailProcessor}. */
export interface MailProcessorOptions {
  db: Knex;
  transport: MailTransport;
  logger: Logger;
  clock: () => Date;
  /** How long a worker holds a message while sending it; past it, it is taken to have died (default 60 s). */
  leaseMs?: number;
}

/**
 * Delivers one outbox message. The worker first claims it (PENDING, or SENDING whose lease
 * lapsed because the worker holding it died mid-send) by marking it SENDING under a lease, and
 * only the claimer sends: a second run of the same job, or a duplicate job, finds it SENT or
 * claimed and sends nothing. A failure gives the claim back (PENDING, with the reason) and is
 * thrown so the queue retries with backoff; on the last attempt the message is marked FAILED.
 *
 * Delivery is at-least-once at the transport boundary, as SMTP allows nothing better: a worker
 * that dies after the server accepted the message but before marking it SENT leaves its lease to
 * lapse, and the message is then sent again (by the recovery sweep, if its job was lost too).
 */
export function createMailProcessor(options: MailProcessorOptions) {
  const outbox = createPgMailOutboxStore(options.db);
  const leaseMs = options.leaseMs ?? 60_000;
  return async (messageId: string, attempt: JobAttempts): Promise<void> => {
    const owner = randomUUID();
    const at = options.clock();
    const message = await outbox.claim(messageId, owner, at, new Date(at.getTime() + leaseMs));
    if (!message) return;
    try {
      await options.transport.send({ to: message.to_email, subject: message.subject, text: message.body });
    } catch (err) {
      const last = attempt.made + 1 >= attempt.allowed;
      await outbox.release(messageId, owner, { attempts: attempt.made + 1, lastError: (err as Error).message.slice(0, 500), failed: last });
      if (last) {
        options.logger.error({ messageId, err }, 'mail could not be delivered; marked FAILED');
        return;
      }
      throw err;
    }
    await outbox.markSent(messageId, owner, attempt.made + 1, options.clock());
  };
}
