import { createPrivateKey } from 'node:crypto';
import oauth from 'mastercard-oauth1-signer';
import forge from 'node-forge';
import type { ScreeningCredentials } from '../screening.provider';
import { ProviderError } from '../providers.errors';
import type { Authorize } from '../vendor-http';

/**
 * Screening credentials as MATCH Pro takes them: the signing key as PEM (`signing_key`), or instead a
 * PKCS#12 keystore (`pkcs12`, base64) opened with `keystore_password`, as Mastercard Developers hands
 * it out. With a keystore, `privateKey` may be empty.
 */
export interface MatchProCredentials extends ScreeningCredentials {
  pkcs12?: string | null;
  keystorePassword?: string | null;
}

const refused = (message: string) => new ProviderError(message, { transient: false });

/**
 * The private key (PEM) in a PKCS#12 keystore, read with node-forge as the signer's README shows.
 * Throws a permanent {@link ProviderError} in our words (never the password, never forge's text).
 */
export function signingKeyFromPkcs12(pkcs12Base64: string, password: string): string {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.decode64(pkcs12Base64)), false, password);
  } catch {
    throw refused('The MATCH Pro keystore (PKCS#12) could not be opened with its password.');
  }
  for (const bagType of [forge.pki.oids.pkcs8ShroudedKeyBag, forge.pki.oids.keyBag]) {
    const key = p12.getBags({ bagType })[bagType]?.find((bag) => bag.key)?.key;
    if (key) return forge.pki.privateKeyToPem(key);
  }
  throw refused('The MATCH Pro keystore (PKCS#12) holds no private key.');
}

/**
 * The RSA signing key (PEM) of the credentials: `privateKey` when given, else the keystore's.
 * Mastercard signs with RSA-SHA256 only, so any other key is refused before a call is made.
 */
export function signingKeyOf(credentials: MatchProCredentials): string {
  const pem = credentials.privateKey.trim() !== '' ? credentials.privateKey : credentials.pkcs12 ? signingKeyFromPkcs12(credentials.pkcs12, credentials.keystorePassword ?? '') : '';
  let type: string | undefined;
  try {
    type = createPrivateKey(pem).asymmetricKeyType;
  } catch {
    throw refused('The MATCH Pro signing key could not be read.');
  }
  if (type !== 'rsa') throw refused('The MATCH Pro signing key is not an RSA key (Mastercard signs requests with RSA-SHA256).');
  return pem;
}

/** vendor-http's signing hook: Mastercard's OAuth 1.0a header (RSA-SHA256, with `oauth_body_hash`). */
export function matchProAuthorize(consumerKey: string, signingKey: string): Authorize {
  return ({ method, url, body }) => ({ authorization: oauth.getAuthorizationHeader(url, method, body ?? null, consumerKey, signingKey) });
}
