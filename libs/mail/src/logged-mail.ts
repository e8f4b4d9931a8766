import type { MailMessage } from './mail-transport';

/**
 * The messages to `to` (case-insensitive) that {@link createMailTransport} wrote to a log (no
 * SMTP_URL), oldest first: for tests that drive a whole process and read its output as the
 * recipient would read the mail. Lines that are not such JSON log lines are skipped.
 */
export function mailsInLog(log: string, to: string): MailMessage[] {
  const found: MailMessage[] = [];
  for (const line of log.split('\n')) {
    if (!line.includes('"mail"')) continue;
    try {
      const mail = (JSON.parse(line) as { mail?: Partial<MailMessage> }).mail;
      if (typeof mail?.to === 'string' && mail.to.toLowerCase() === to.toLowerCase()) {
        found.push({ to: mail.to, subject: String(mail.subject ?? ''), text: String(mail.text ?? '') });
      }
    } catch {
      // Not a JSON line (a banner, a stack trace).
    }
  }
  return found;
}
