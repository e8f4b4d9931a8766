import type { Knex } from '@kyb/db';
import type { Logger } from '@kyb/http';
import type { MailTransport } from '@kyb/mail';

/**
 * Delivers one outbox message. Already sent: nothing to do. A failure is recorded and thrown so
 * the queue retries with backoff; on the last attempt the message is marked FAILED instead.
 */
export function createMailProcessor(options: { db: Knex; transport: MailTransport; logger: Logger; clock: () => Date }) {
  return async (messageId: string, attempt: { made: number; allowed: number }): Promise<void> => {
    const message = await options.db('cases.mail_outbox').where({ id: messageId }).first();
    if (!message || message.status !== 'PENDING') return;
    try {
      await options.transport.send({ to: message.to_email, subject: message.subject, text: message.body });
      await options.db('cases.mail_outbox').where({ id: messageId }).update({ status: 'SENT', sent_at: options.clock(), attempts: attempt.made + 1 });
    } catch (err) {
      const last = attempt.made + 1 >= attempt.allowed;
      await options.db('cases.mail_outbox')
        .where({ id: messageId })
        .update({ attempts: attempt.made + 1, last_error: (err as Error).message.slice(0, 500), status: last ? 'FAILED' : 'PENDING' });
      if (last) {
        options.logger.error({ messageId, err }, 'mail could not be delivered; marked FAILED');
        return;
      }
      throw err;
    }
  };
}
