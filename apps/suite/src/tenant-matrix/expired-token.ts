import { createPrivateKey } from 'node:crypto';
import jwt, { type Algorithm } from 'jsonwebtoken';
import type { Knex } from '@kyb/db';
import { createDataKeys } from '@kyb/area-views';
import { createMasterKeyring } from '@kyb/secrets';

/**
 * A genuine but expired token: the claims of `token` (a live token the suite issued, so issuer,
 * audience, session and the rest are exactly the suite's), with `iat` and `exp` an hour in the
 * past, signed with the auth area's active signing key. Only a test that holds the suite's
 * `DATA_ENCRYPTION_KEY` can open that key; no process's clock has to be moved.
 */
export async function expiredCopyOf(token: string, db: Knex, dataEncryptionKey: Buffer): Promise<string> {
  const row = (await db('auth.signing_keys').whereNull('retired_at').orderBy('created_at', 'desc').first()) as
    | { kid: string; alg: string; private_key_sealed: string }
    | undefined;
  if (!row) throw new Error('the auth area has no active signing key');
  // Sealed with the platform's data key, wrapped by the master key (ADR 0023).
  const privateKey = createPrivateKey(await createDataKeys(db, createMasterKeyring(dataEncryptionKey)).open(row.private_key_sealed));
  const claims = jwt.decode(token) as jwt.JwtPayload;
  const now = Math.floor(Date.now() / 1000);
  return jwt.sign({ ...claims, iat: now - 7200, exp: now - 3600 }, privateKey, { algorithm: row.alg as Algorithm, keyid: row.kid });
}
