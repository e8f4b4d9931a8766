// A CommonJS require, not a default import: the bundler's ES-module wrapper would copy the list's
// hundred thousand indexes into getters at start-up (about a third of a second and its memory).
import disposableDomains = require('disposable-email-domains');

const DISPOSABLE = new Set<string>(disposableDomains);

/** Whether mail to `domain` (lower case) goes to a known disposable mailbox provider. */
export function isDisposableDomain(domain: string): boolean {
  return DISPOSABLE.has(domain);
}
