/*
 * The Mastercard API gateway's check of a request's OAuth 1.0a signature, rebuilt from the request
 * as received:
 * - RFC 5849 §3.4.1 (signature base string: the method, the base string URI of §3.4.1.2 with a
 *   non-default port kept, and the sorted parameters of §3.4.1.3, each part percent-encoded per §3.6)
 *   and §3.5.1 (the `Authorization: OAuth ...` header);
 * - the body hash extension (draft-eaton-oauth-bodyhash-00): `oauth_body_hash` is the base64 SHA-256
 *   of the body's bytes, an empty body included, and it is signed with the other parameters;
 * - Mastercard's guide (developer.mastercard.com/platform/documentation/authentication/
 *   using-oauth-1a-to-access-mastercard-apis): RSA-SHA256 only, verified with the client's public key.
 * The parameters enter the base string as they stand on the wire, not decoded: the gateway's own
 * "Acceptable signature base string" answers (quoted in Mastercard's signer repositories) show a
 * body hash sent raw encoded once (`...%3D`), and one sent percent-encoded encoded twice (`%253D`).
 */
import { createHash, verify } from 'node:crypto';
import type { FakeRequest } from '../../fake-vendor';

/** RFC 3986 percent-encoding of everything but the unreserved characters (RFC 5849 §3.6). */
export function oauthEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The `Authorization: OAuth` parameters, values as sent (quotes removed, nothing decoded). */
export function oauthParamsOf(header: string | undefined): Map<string, string> | null {
  if (!header?.startsWith('OAuth ')) return null;
  const params = new Map<string, string>();
  for (const part of header.slice('OAuth '.length).split(',')) {
    const match = /^\s*([A-Za-z0-9_]+)="([^"]*)"\s*$/.exec(part);
    if (!match) return null;
    params.set(match[1], match[2]);
  }
  return params;
}

/** RFC 5849 §3.4.1.2: scheme and host lowercased, the port only when not the scheme's default. */
function baseStringUri(url: URL): string {
  const port = url.port !== '' && !((url.protocol === 'http:' && url.port === '80') || (url.protocol === 'https:' && url.port === '443')) ? `:${url.port}` : '';
  return `${url.protocol.toLowerCase()}//${url.hostname.toLowerCase()}${port}${url.pathname}`;
}

/** The signature base string of a received request, signed parameters as given. */
export function signatureBaseString(request: FakeRequest, oauthParams: Map<string, string>): string {
  const url = new URL(request.url);
  const pairs: Array<[string, string]> = [];
  const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  for (const pair of rawQuery.split('&').filter((p) => p !== '')) {
    const at = pair.indexOf('=');
    pairs.push(at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)]);
  }
  for (const [name, value] of oauthParams) if (name !== 'oauth_signature') pairs.push([name, value]);
  pairs.sort(([an, av], [bn, bv]) => (an === bn ? (av < bv ? -1 : av > bv ? 1 : 0) : an < bn ? -1 : 1));
  const parameters = pairs.map(([name, value]) => `${name}=${value}`).join('&');
  return `${request.method.toUpperCase()}&${oauthEncode(baseStringUri(url))}&${oauthEncode(parameters)}`;
}

/** Percent-decoding that answers the text as it is when it is not valid percent-encoding. */
const decoded = (text: string | undefined): string => {
  try {
    return decodeURIComponent(text ?? '');
  } catch {
    return text ?? '';
  }
};

/** Why a request fails the gateway's check. */
export type OAuthFailure = 'missing' | 'unknown-consumer' | 'body-hash' | 'signature';

/** The gateway's verdict: the consumer key of a request that passes, or why it fails. */
export type OAuthVerdict = { ok: true; consumerKey: string } | { ok: false; failure: OAuthFailure; baseString: string };

const REQUIRED = ['oauth_consumer_key', 'oauth_nonce', 'oauth_timestamp', 'oauth_signature_method', 'oauth_version', 'oauth_body_hash', 'oauth_signature'];

/**
 * Checks the request's OAuth 1.0a signature against the consumers' public keys (PEM, by consumer
 * key): the header's parameters, the body hash against the body received, and the RSA-SHA256
 * signature of the base string rebuilt here.
 */
export function checkOAuth(request: FakeRequest, publicKeys: ReadonlyMap<string, string>): OAuthVerdict {
  const header = request.headers.authorization;
  const params = oauthParamsOf(Array.isArray(header) ? header[0] : header);
  const baseString = params ? signatureBaseString(request, params) : '';
  const fail = (failure: OAuthFailure): OAuthVerdict => ({ ok: false, failure, baseString });
  if (!params || REQUIRED.some((name) => !params.has(name))) return fail('missing');
  if (params.get('oauth_signature_method') !== 'RSA-SHA256' || params.get('oauth_version') !== '1.0') return fail('missing');
  const consumerKey = decoded(params.get('oauth_consumer_key'));
  const publicKey = publicKeys.get(consumerKey);
  if (publicKey === undefined) return fail('unknown-consumer');
  const bodyHash = createHash('sha256').update(Buffer.from(request.body, 'utf8')).digest('base64');
  if (decoded(params.get('oauth_body_hash')) !== bodyHash) return fail('body-hash');
  const signature = Buffer.from(decoded(params.get('oauth_signature')), 'base64');
  return verify('RSA-SHA256', Buffer.from(baseString), publicKey, signature) ? { ok: true, consumerKey } : fail('signature');
}
