import { createPrivateKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { isOutage } from '@kyb/envelope';
import type { PublicJwk, SigningKey } from '@kyb/auth';
import { dataKeyScope, type DataKeys } from '@kyb/area-views';
import type { DataKeyBox } from '@kyb/secrets';
import type { SigningKeyRow, SigningKeyStore } from './signing-keys.store';

/** Options of {@link createSigningKeysService}. */
export interface SigningKeysServiceOptions {
  store: SigningKeyStore;
  /** Seals the private halves with the platform's data key (ADR 0023); opens them whatever sealed them. */
  dataKeys: Pick<DataKeys, 'boxFor' | 'open'>;
  /** Retired keys stay published this long, so tokens they signed verify until they expire. */
  tokenTtlSeconds: number;
  clock: () => Date;
  /** How long a pod trusts its cached active key before reading it again (picks up rotations). */
  cacheMs?: number;
}

function newKey(sealedBox: Pick<DataKeyBox, 'seal'>): Omit<SigningKeyRow, 'created_at' | 'retired_at'> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = randomUUID();
  return {
    kid,
    alg: 'ES256',
    public_jwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig' },
    private_key_sealed: sealedBox.seal(privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()),
  };
}

/**
 * The auth area's ES256 signing keys: kept in Postgres (private halves encrypted), shared by
 * every auth pod, rotated without downtime (the old key stays in the JWKS while its tokens live).
 */
export function createSigningKeysService(options: SigningKeysServiceOptions) {
  const cacheMs = options.cacheMs ?? 60_000;
  let cached: { key: SigningKey; readAt: number } | undefined;

  async function unseal(row: SigningKeyRow): Promise<SigningKey> {
    return { kid: row.kid, alg: row.alg, privateKey: createPrivateKey(await options.dataKeys.open(row.private_key_sealed)) };
  }
  const platformBox = () => options.dataKeys.boxFor(dataKeyScope(null));

  return {
    /** Creates the first key when there is none. */
    async ensureActiveKey(): Promise<void> {
      try {
        // The stored key is opened first: a wrong master must fail here, before any data key is made with it.
        const stored = await options.store.active();
        if (stored) await unseal(stored);
        // The master is proven now (or the database is new): the platform's data key is made with it here, at
        // start, before any other area's process could make the first key with a master of its own.
        const box = await platformBox();
        if (!stored) await unseal(await options.store.rotate(() => newKey(box), true));
      } catch (err) {
        if (isOutage(err)) throw err;
        // Started with another key than the one that wraps the stored keys: every sign-in would fail.
        const cause = err instanceof Error ? ` (${err.message})` : '';
        throw new Error(
          `DATA_ENCRYPTION_KEY does not open the stored signing keys: set the key they were sealed with${cause}; during a rotation, the previous one in DATA_ENCRYPTION_KEY_PREVIOUS`,
        );
      }
    },
    /** The key new tokens are signed with. */
    async activeKey(): Promise<SigningKey> {
      const now = options.clock().getTime();
      if (cached && now - cached.readAt < cacheMs) return cached.key;
      let row = await options.store.active();
      if (!row) {
        const box = await platformBox();
        row = await options.store.rotate(() => newKey(box), true);
      }
      cached = { key: cached?.key.kid === row.kid ? cached.key : await unseal(row), readAt: now };
      return cached.key;
    },
    /** The JWKS: every key whose tokens may still be alive. */
    async publicKeys(): Promise<PublicJwk[]> {
      const since = new Date(options.clock().getTime() - options.tokenTtlSeconds * 1000);
      return (await options.store.published(since)).map((row) => row.public_jwk);
    },
    /** Starts signing with a new key; the previous one stays published for one token lifetime. */
    async rotate(): Promise<string> {
      const box = await platformBox();
      const row = await options.store.rotate(() => newKey(box), false);
      cached = undefined;
      return row.kid;
    },
  };
}

/** The signing keys service type, for injection. */
export type SigningKeysService = ReturnType<typeof createSigningKeysService>;
