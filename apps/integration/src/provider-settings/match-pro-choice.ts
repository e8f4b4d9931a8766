import { createPrivateKey, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { strictObject } from '@kyb/validation';
import type { MatchProScreeningProvider } from '../providers/match-pro/match-pro-screening.provider';
import { signingKeyOf } from '../providers/match-pro/match-pro-signing';
import { ProviderError } from '../providers/providers.errors';
import type { ChosenScreeningProvider, ScreeningCredentials } from '../providers/screening.provider';
import type { CatalogAdapter } from './catalog-adapter';
import { ProviderCredentialsError } from './provider-settings.errors';

/**
 * What a tenant stores for `match-pro` (ARCHITECTURE.md section 6), sealed as given (so its
 * fingerprint is the one the tenant computes from its own copy): the consumer key, and the signing
 * key as PEM (`signing_key`) or the PKCS#12 keystore Mastercard Developers hands out (`pkcs12`,
 * base64) with its `keystore_password`.
 */
export interface MatchProChoiceCredentials {
  consumer_key: string;
  signing_key?: string;
  pkcs12?: string;
  keystore_password?: string;
}

/** An ICA as E3 takes one (letters and digits), since the acquirer ID is the default ICA searched. */
const acquirerId = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-zA-Z0-9]+$', description: 'the ICA the inquiries are made as' } as const;

const credentials = strictObject(
  {
    consumer_key: { type: 'string', minLength: 1, maxLength: 500, pattern: '^[\\x21-\\x7e]+$' },
    signing_key: { type: 'string', minLength: 1, maxLength: 32768, description: 'PEM RSA private key (unencrypted PKCS#8 or PKCS#1)' },
    pkcs12: { type: 'string', minLength: 1, maxLength: 65536, pattern: '^[A-Za-z0-9+/=\\s]+$', description: 'PKCS#12 keystore, base64' },
    keystore_password: { type: 'string', maxLength: 500 },
  },
  ['consumer_key'],
);

/** The keystore's certificate of `signingKey`, read for its expiry; null when it holds none. */
function keystoreCertificateExpiry(pkcs12Base64: string, password: string, signingKey: string): Date | null {
  try {
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.decode64(pkcs12Base64)), false, password);
    const key = createPrivateKey(signingKey);
    const certificates = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).flatMap((bag) => (bag.cert ? [new X509Certificate(forge.pki.certificateToPem(bag.cert))] : []));
    const own = certificates.find((certificate) => certificate.checkPrivateKey(key));
    return own ? new Date(own.validTo) : null;
  } catch {
    return null;
  }
}

/**
 * The RSA signing key (PEM) of stored `match-pro` credentials, and when the keystore's certificate
 * of it expires (null for a PEM key). Throws a permanent {@link ProviderError} in our words when the
 * key cannot sign (never the key, the password or forge's text).
 */
export function matchProKeysOf(stored: MatchProChoiceCredentials): { signingKey: string; certificateExpiry: Date | null } {
  const signingKey = signingKeyOf({
    consumerKey: stored.consumer_key,
    privateKey: stored.signing_key ?? '',
    pkcs12: stored.pkcs12 ?? null,
    keystorePassword: stored.keystore_password ?? null,
    certificate: null,
    certificateExpiry: null,
    acquirerId: null,
  });
  const certificateExpiry = stored.pkcs12 === undefined ? null : keystoreCertificateExpiry(stored.pkcs12, stored.keystore_password ?? '', signingKey);
  return { signingKey, certificateExpiry };
}

/** Refuses `match-pro` credentials that cannot sign: one key form, and a key that reads as RSA (400 ProviderCredentialsError). */
function checkMatchProCredentials(given: Record<string, unknown>): void {
  const stored = given as unknown as MatchProChoiceCredentials;
  if ((stored.signing_key === undefined) === (stored.pkcs12 === undefined)) {
    throw new ProviderCredentialsError('match-pro takes one signing key: signing_key (PEM), or pkcs12 (base64) with keystore_password.');
  }
  if (stored.pkcs12 !== undefined && stored.keystore_password === undefined) throw new ProviderCredentialsError('pkcs12 needs its keystore_password.');
  if (stored.signing_key !== undefined && stored.keystore_password !== undefined) throw new ProviderCredentialsError('keystore_password goes with pkcs12 only.');
  try {
    matchProKeysOf(stored);
  } catch (err) {
    if (err instanceof ProviderError) throw new ProviderCredentialsError(err.message);
    throw err;
  }
}

/** The catalog's `match-pro`: its credential fields, its setting `acquirer_id`, and the check of its key. */
export const MATCH_PRO_ADAPTER: CatalogAdapter = {
  credentials,
  settings: strictObject({ acquirer_id: acquirerId }, ['acquirer_id']),
  check: checkMatchProCredentials,
};

/**
 * The tenant's `match-pro` choice over the adapter: its key read once (a keystore opened here, not
 * at every call), inquiring as `acquirerId`.
 */
export function chosenMatchPro(provider: MatchProScreeningProvider, stored: MatchProChoiceCredentials, acquirer: string): ChosenScreeningProvider {
  const { signingKey, certificateExpiry } = matchProKeysOf(stored);
  const signing: ScreeningCredentials = { consumerKey: stored.consumer_key, privateKey: signingKey, certificate: null, certificateExpiry, acquirerId: acquirer };
  return {
    name: provider.name,
    acquirerId: acquirer,
    certificateExpiry,
    checkConnection: () => provider.checkConnection(signing),
    screen: ({ business, icas }) => provider.screen({ business, icas, credentials: signing }),
  };
}
