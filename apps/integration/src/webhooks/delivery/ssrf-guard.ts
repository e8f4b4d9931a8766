import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import { isForbiddenAddress, isLinkLocalOrMetadataAddress } from './forbidden-addresses';

export { isForbiddenAddress, isLinkLocalOrMetadataAddress } from './forbidden-addresses';

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
 * The ports the suite serves on by default (`npm start` 8080, each area's own process 8081-8085,
 * metrics 9464) and its PostgreSQL's and Redis's: never reached on a loopback or private address.
 */
export const DEFAULT_SUITE_PORTS: readonly number[] = [5432, 6379, 8080, 8081, 8082, 8083, 8084, 8085, 9464];

/**
 * `allowPrivate` lets private, loopback and other internal destinations, and plain http, through:
 * for tests and local set-ups only, never in production. Even then, link-local and metadata
 * addresses stay refused, and so do `suitePorts` (default {@link DEFAULT_SUITE_PORTS}) on any
 * address that is not public: a tenant must not reach the suite itself, its database or the
 * cloud's credentials through a webhook and read the answer in the delivery log.
 */
export interface GuardOptions {
  allowPrivate: boolean;
  suitePorts?: readonly number[];
}

/** The verdict on a webhook URL: the parsed URL, or a reason fit for an API error message. */
export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** The verdict on a host: every address it resolved to, all allowed, or a reason fit for an API error message. */
export type HostResolution = { ok: true; addresses: ResolvedAddress[] } | { ok: false; reason: string };

const PRIVATE_HOST = 'url host is a private or reserved address';
const RESOLVES_TO_PRIVATE = 'url host resolves to a private or reserved address';
const DOES_NOT_RESOLVE = 'url host does not resolve';
const METADATA_HOST = 'url host is a link-local or metadata address';
const RESOLVES_TO_METADATA = 'url host resolves to a link-local or metadata address';
const SUITE_PORT_HOST = 'url host is a loopback or private address and its port is one the suite serves on';
const RESOLVES_TO_SUITE_PORT = 'url host resolves to a loopback or private address and its port is one the suite serves on';

/** The port a URL connects to: its own, else its scheme's. */
export function urlPort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** Why an address (an IP, or a DNS answer) must not be connected to at `port`, or null. */
function addressRefusal(address: string, port: number, options: GuardOptions, resolved: boolean): string | null {
  const [privateReason, metadataReason, suitePortReason] = resolved
    ? [RESOLVES_TO_PRIVATE, RESOLVES_TO_METADATA, RESOLVES_TO_SUITE_PORT]
    : [PRIVATE_HOST, METADATA_HOST, SUITE_PORT_HOST];
  if (isIP(address) === 0 && !address.includes('%')) return privateReason;
  if (!isForbiddenAddress(address)) return null;
  if (!options.allowPrivate) return privateReason;
  if (isLinkLocalOrMetadataAddress(address)) return metadataReason;
  if ((options.suitePorts ?? DEFAULT_SUITE_PORTS).includes(port)) return suitePortReason;
  return null;
}

/**
 * Checks a webhook URL without touching the network: absolute, https (http too when
 * `allowPrivate`), no credentials, no fragment, at most 2048 characters. A host that is an IP
 * literal the guard refuses (see {@link GuardOptions}), or unless `allowPrivate` a `localhost`
 * name, is refused here already; host names are judged again, by their addresses, at each
 * delivery (`resolveAllowed`).
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
  const host = unbracketed(parsed.hostname);
  const refusal = isIP(host) !== 0 ? addressRefusal(host, urlPort(parsed), options, false) : !options.allowPrivate && isLocalhostName(host) ? PRIVATE_HOST : null;
  if (refusal) return { ok: false, reason: refusal };
  return { ok: true, url: parsed };
}

/**
 * Resolves a URL's host name (as `URL.hostname` gives it; a bracketed IPv6 literal is fine) and
 * judges every address at `port` (`urlPort`): refuses when any address is refused (see
 * {@link GuardOptions}), so a name with one allowed and one internal address cannot be used to
 * reach the internal one. An IP literal is judged without a lookup; a failed or empty lookup is
 * refused. Never throws.
 */
export async function resolveAllowed(
  hostname: string,
  options: GuardOptions & { lookup?: HostLookup; port: number },
): Promise<HostResolution> {
  const host = unbracketed(hostname);
  const literalFamily = isIP(host);
  if (literalFamily !== 0) {
    const refusal = addressRefusal(host, options.port, options, false);
    if (refusal) return { ok: false, reason: refusal };
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
  const refusals = addresses.map(({ address }) => addressRefusal(address, options.port, options, true)).filter((reason) => reason !== null);
  // A metadata answer beside a loopback one is reported as what it is.
  if (refusals.length > 0) return { ok: false, reason: refusals.includes(RESOLVES_TO_METADATA) ? RESOLVES_TO_METADATA : refusals[0] };
  return { ok: true, addresses };
}

function systemLookup(hostname: string): Promise<ResolvedAddress[]> {
  return dns.lookup(hostname, { all: true });
}

function unbracketed(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** `localhost` and its subdomains always mean this machine (RFC 6761), whatever DNS says. */
function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}
