import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

/** One message to send. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Delivers mail; `send` rejects when the message could not be handed over. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/** Options of {@link createMailTransport}. */
export interface MailTransportOptions {
  /** `smtp://user:pass@host:587`, `smtps://...`; unset or empty: the log. */
  smtpUrl?: string;
  /** The sender (`MAIL_FROM`). */
  from: string;
  logger: Logger;
  /**
   * How long connecting, the server's greeting and each silence of the server may take, in ms
   * (nodemailer's defaults are minutes). Set it where a request waits for the mail.
   */
  timeoutMs?: number;
}

/**
 * SMTP through nodemailer when `smtpUrl` is set; otherwise, for local use, the message is written
 * to the log so a developer can follow its links and read its codes. Production refuses the log
 * (see {@link assertMailDelivery}) unless the operator opts in.
 */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        options.logger.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, 'mail (SMTP_URL unset: written to the log)');
      },
    };
  }
  const timeouts =
    options.timeoutMs === undefined
      ? {}
      : { connectionTimeout: options.timeoutMs, greetingTimeout: options.timeoutMs, socketTimeout: options.timeoutMs };
  // Timeouts the URL itself sets (as query parameters) win over these.
  const transport = nodemailer.createTransport({ url: options.smtpUrl, ...timeouts });
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
