import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from './errors';

/** The body of every event the suite delivers: `{type, timestamp, data}`; `data` holds ids, never personal data. */
export interface WebhookEvent<D = Record<string, unknown>> {
  type: string;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: D;
}

/** The headers a delivery arrives with: a plain object (Express's `req.headers`) or a `Headers`. */
export type WebhookHeadersInput = Headers | Record<string, string | string[] | undefined>;

/** What {@link verifyWebhook} checks a delivery against. */
export interface VerifyWebhookOptions {
  /** The endpoint's signing secret (`whsec_...`), or several during a rotation: any one verifying is enough. */
  secret: string | readonly string[];
  /** The request body exactly as received (a Buffer or the raw text: never JSON parsed and written again). */
  body: string | Uint8Array;
  headers: WebhookHeadersInput;
  /** How far `webhook-timestamp` may be from now, in seconds (default 300, as Standard Webhooks advises). */
  toleranceSeconds?: number;
  /** The time now (tests set it). */
  now?: () => Date;
}

/** A verified delivery: its id (the same on every retry of the event: deduplicate by it), timestamp and parsed event. */
export interface VerifiedWebhook<D = Record<string, unknown>> {
  id: string;
  timestamp: Date;
  event: WebhookEvent<D>;
}

const SECRET_PREFIX = 'whsec_';

function header(headers: WebhookHeadersInput, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value.join(' ') : value;
}

function keyOf(secret: string): Buffer {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  // The secret itself never goes into a message.
  if (key.length === 0) throw new TypeError(`a webhook secret is ${SECRET_PREFIX} followed by a base64 key`);
  return key;
}

/**
 * Verifies a delivery signed as Standard Webhooks specifies (the suite's webhooks): the
 * `webhook-signature` header holds one or more space-separated `v1,<base64 HMAC-SHA256>` of
 * `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret's base64 key. Passes when
 * the timestamp is within the tolerance and any signature matches any secret (compared in
 * constant time). Throws {@link WebhookVerificationError} otherwise; answer such a request 400.
 */
export function verifyWebhook<D = Record<string, unknown>>(options: VerifyWebhookOptions): VerifiedWebhook<D> {
  const id = header(options.headers, 'webhook-id');
  const timestampText = header(options.headers, 'webhook-timestamp');
  const signatures = header(options.headers, 'webhook-signature');
  if (!id || !timestampText || !signatures) {
    throw new WebhookVerificationError('missing_headers', 'webhook-id, webhook-timestamp and webhook-signature are required');
  }
  if (!/^\d{1,12}$/.test(timestampText)) throw new WebhookVerificationError('bad_timestamp', 'webhook-timestamp is not a number of seconds');
  const timestamp = Number(timestampText);
  const now = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (Math.abs(now - timestamp) > tolerance) {
    throw new WebhookVerificationError('timestamp_outside_tolerance', `webhook-timestamp is more than ${tolerance} s from now`);
  }
  const body = typeof options.body === 'string' ? Buffer.from(options.body, 'utf8') : Buffer.from(options.body);
  const signed = Buffer.concat([Buffer.from(`${id}.${timestampText}.`, 'utf8'), body]);
  const secrets = typeof options.secret === 'string' ? [options.secret] : options.secret;
  const expected = secrets.map((secret) => createHmac('sha256', keyOf(secret)).update(signed).digest());
  const given = signatures
    .split(' ')
    .filter((part) => part.startsWith('v1,'))
    .map((part) => Buffer.from(part.slice(3), 'base64'));
  // Every pair is compared, so the time taken does not say which one matched.
  let matched = false;
  for (const signature of given) {
    for (const digest of expected) {
      if (signature.length === digest.length && timingSafeEqual(signature, digest)) matched = true;
    }
  }
  if (!matched) throw new WebhookVerificationError('no_matching_signature', 'no webhook-signature matches the secret(s)');
  return { id, timestamp: new Date(timestamp * 1000), event: JSON.parse(body.toString('utf8')) as WebhookEvent<D> };
}
