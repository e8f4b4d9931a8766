/**
 * Outgoing mail: SMTP through nodemailer (or the log for local use), an in-memory transport for
 * tests, and the settings and production check every process that sends mail shares.
 * @packageDocumentation
 */
export { createMailTransport } from './mail-transport';
export type { MailMessage, MailTransport, MailTransportOptions } from './mail-transport';
export { createMemoryMailTransport } from './memory-transport';
export { mailsInLog } from './logged-mail';
export type { MemoryMailTransport } from './memory-transport';
export { assertMailDelivery, mailSettings } from './mail-settings';
export type { MailDeliveryConfig } from './mail-settings';
