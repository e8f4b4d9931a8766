import nodemailer from 'nodemailer';
import type { Logger } from '@kyb/http';

/** One message to send. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Delivers mail. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP through nodemailer when `smtpUrl` is set (`smtp://user:pass@host:587`, `smtps://...`);
 * otherwise, for local use, the message is written to the log so a developer can follow links.
 */
export function createMailTransport(options: { smtpUrl?: string; from: string; logger: Logger }): MailTransport {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        options.logger.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, 'mail (SMTP_URL unset: written to the log)');
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
