import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import { isForbiddenAddress } from './forbidden-addresses';

export { isForbiddenAddress } from './forbidden-addresses';

/** The longest webhook URL accepted, in characters. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** One address a host name resolved to, as `dns.lookup` reports it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has; `dns.promises.lookup(host, { all: true })` by default. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * `allowPrivate` lets private, loopback and other internal destinations, and plain http, through:
 * for tests and local set-ups only, never in production.
 */
export interface GuardOptions {
  allowPrivate: boolean;
}

/** The verdict on a webhook URL: the parsed URL, or a reason fit for an API error message. */
export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** The verdict on a host: every address it resolved to, all allowed, or a reason fit for an API error message. */
export type HostResolution = { ok: true; addresses: ResolvedAddress[] } | { ok: false; reason: string };

const PRIVATE_HOST = 'url host is a private or reserved address';
const RESOLVES_TO_PRIVATE = 'url host resolves to a private or reserved address';
const DOES_NOT_RESOLVE = 'url host does not resolve';

/**
 * Checks a webhook URL without touching the network: absolute, https (http too when
 * `allowPrivate`), no credentials, no fragment, at most 2048 characters. Unless `allowPrivate`, a
 * host that is a forbidden IP literal or a `localhost` name is refused here already; host names
 * are judged again, by their addresses, at each delivery (`resolveAllowed`).
 */
export function checkWebhookUrl(url: string, options: GuardOptions): WebhookUrlCheck {
  if (url.length > MAX_WEBHOOK_URL_LENGTH) {
    return { ok: false, reason: `url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters` };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'url must be an absolute URL' };
  }
  const schemes = options.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(parsed.protocol)) {
    return { ok: false, reason: options.allowPrivate ? 'url must use http or https' : 'url must use https' };
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return { ok: false, reason: 'url must not contain a username or password' };
  }
  // `hash` is empty for a bare trailing '#', the serialised URL still shows it.
  if (parsed.href.includes('#')) return { ok: false, reason: 'url must not contain a fragment' };
  if (!options.allowPrivate && isPrivateHost(unbracketed(parsed.hostname))) {
    return { ok: false, reason: PRIVATE_HOST };
  }
  return { ok: true, url: parsed };
}

/**
 * Resolves a URL's host name (as `URL.hostname` gives it; a bracketed IPv6 literal is fine) and
 * judges every address. Unless `allowPrivate`, refuses when any address is forbidden, so a name
 * with one public and one internal address cannot be used to reach the internal one. An IP
 * literal is judged without a lookup; a failed or empty lookup is refused. Never throws.
 */
export async function resolveAllowed(
  hostname: string,
  options: GuardOptions & { lookup?: HostLookup },
): Promise<HostResolution> {
  const host = unbracketed(hostname);
  const literalFamily = isIP(host);
  if (literalFamily !== 0) {
    if (!options.allowPrivate && isForbiddenAddress(host)) return { ok: false, reason: PRIVATE_HOST };
    return { ok: true, addresses: [{ address: host, family: literalFamily }] };
  }
  if (host === '') return { ok: false, reason: DOES_NOT_RESOLVE };
  if (!options.allowPrivate && isLocalhostName(host)) return { ok: false, reason: PRIVATE_HOST };
  let addresses: ResolvedAddress[];
  try {
    addresses = await (options.lookup ?? systemLookup)(host);
  } catch {
    return { ok: false, reason: DOES_NOT_RESOLVE };
  }
  if (addresses.length === 0) return { ok: false, reason: DOES_NOT_RESOLVE };
  if (!options.allowPrivate && addresses.some(({ address }) => isForbiddenAddress(address))) {
    return { ok: false, reason: RESOLVES_TO_PRIVATE };
  }
  return { ok: true, addresses };
}

function systemLookup(hostname: string): Promise<ResolvedAddress[]> {
  return dns.lookup(hostname, { all: true });
}

function unbracketed(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function isPrivateHost(host: string): boolean {
  return isIP(host) !== 0 ? isForbiddenAddress(host) : isLocalhostName(host);
}

/** `localhost` and its subdomains always mean this machine (RFC 6761), whatever DNS says. */
function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}
