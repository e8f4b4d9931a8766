import { createHmac, randomBytes } from 'node:crypto';

/** The prefix Standard Webhooks puts before a secret's base64 key. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The `user-agent` every delivery is sent with. */
export const WEBHOOK_USER_AGENT = 'kyb-suite-webhooks/1';

/** The headers of one signed delivery (Standard Webhooks), plus its content type and user agent. */
export interface SignedWebhookHeaders extends Record<string, string> {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
  'content-type': string;
  'user-agent': string;
}

/** A new endpoint secret: `whsec_` followed by the base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The Standard Webhooks signature of one delivery: `v1,` followed by the base64 HMAC-SHA256 of
 * `${id}.${timestamp}.${body}`, keyed with the secret's base64-decoded key. Throws on a malformed
 * secret or timestamp (a programming error; the message never contains the secret).
 *
 * @param timestamp unix time in seconds, the value sent in `webhook-timestamp`
 * @param body the exact request body, byte for byte as sent
 */
export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new RangeError('webhook timestamp must be a whole number of seconds');
  }
  const digest = createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64');
  return `v1,${digest}`;
}

/**
 * The headers of one delivery: `webhook-id`, `webhook-timestamp` and a `webhook-signature` holding
 * one `v1,` signature per secret, space-separated, so that a receiver holding any of the secrets
 * (old or new during a rotation) can verify it. Also `content-type: application/json` and the
 * suite's `user-agent`.
 */
export function signedHeaders(secrets: string[], id: string, timestamp: number, body: string): SignedWebhookHeaders {
  if (secrets.length === 0) throw new RangeError('a webhook needs at least one secret to be signed');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signatureOf(secret, id, timestamp, body)).join(' '),
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
  };
}

function secretKey(secret: string): Buffer {
  const key = secret.startsWith(WEBHOOK_SECRET_PREFIX)
    ? Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64')
    : Buffer.alloc(0);
  if (key.length === 0) {
    throw new TypeError(`a webhook secret must be ${WEBHOOK_SECRET_PREFIX} followed by a base64 key`);
  }
  return key;
}
