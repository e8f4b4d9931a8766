import { flag, text } from '@kyb/config';

/** The settings of a process that sends mail (spread into an area's settings). */
export const mailSettings = {
  SMTP_URL: text({
    description: 'SMTP server for mail (smtp:// or smtps://); unset: mail is written to the log, which production refuses',
    fallback: '',
  }),
  MAIL_TO_LOG: flag({
    description: 'with NODE_ENV=production and no SMTP_URL, write mail (its links and codes are credentials) to the log anyway',
    fallback: false,
  }),
  NODE_ENV: text({ description: 'production: a process that sends mail refuses to start without SMTP_URL', fallback: '' }),
  MAIL_FROM: text({ description: 'sender of mail', fallback: 'KYB Onboarding <no-reply@localhost>' }),
};

/** The part of a configuration {@link assertMailDelivery} reads. */
export interface MailDeliveryConfig {
  SMTP_URL: string;
  NODE_ENV: string;
  MAIL_TO_LOG: boolean;
}

/**
 * Throws when production (`NODE_ENV=production`) would write mail to the log: without `SMTP_URL`
 * the transport logs every message, and links and codes in mail are credentials. `MAIL_TO_LOG=true`
 * is the operator's explicit opt-in (a local try-out of the production image). `why` completes
 * "SMTP_URL is required in production: ..." for the start-up error.
 */
export function assertMailDelivery(config: MailDeliveryConfig, why: string): void {
  if (config.SMTP_URL || config.NODE_ENV !== 'production' || config.MAIL_TO_LOG) return;
  throw new Error(`SMTP_URL is required in production: ${why} (MAIL_TO_LOG=true writes it to the log instead)`);
}
