import type { MailMessage, MailTransport } from './mail-transport';

/** A {@link MailTransport} that keeps what it is given, for tests that read the mail a flow sent. */
export interface MemoryMailTransport extends MailTransport {
  /** Every message sent, oldest first. */
  readonly sent: readonly MailMessage[];
  /** The messages sent to `to` (case-insensitive), oldest first. */
  to(to: string): MailMessage[];
  /** The newest message sent to `to`; throws when there is none. */
  last(to: string): MailMessage;
}

/** Creates an in-memory transport: `send` records the message and resolves. */
export function createMemoryMailTransport(): MemoryMailTransport {
  const sent: MailMessage[] = [];
  const to = (address: string) => sent.filter((message) => message.to.toLowerCase() === address.toLowerCase());
  return {
    sent,
    async send(message) {
      sent.push({ ...message });
    },
    to,
    last(address) {
      const messages = to(address);
      if (messages.length === 0) throw new Error(`no mail was sent to ${address}`);
      return messages[messages.length - 1];
    },
  };
}
