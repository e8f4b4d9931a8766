import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Secrets `npm start` generates once for local use and keeps in `.suite/` (git-ignored). */
export interface LocalSecrets {
  dataEncryptionKey: string;
  adminPassword: string;
  demoPassword: string;
}

function password(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Reads the local secrets, generating any that are missing. They make a restarted local suite
 * able to read what it encrypted and keep printed credentials valid. Never used in production,
 * where DATA_ENCRYPTION_KEY and ADMIN_PASSWORD are set.
 */
export function loadLocalSecrets(directory: string): LocalSecrets {
  const file = join(directory, 'local-secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>) : {};
  const secrets: LocalSecrets = {
    dataEncryptionKey: stored.dataEncryptionKey ?? randomBytes(32).toString('hex'),
    adminPassword: stored.adminPassword ?? password(),
    demoPassword: stored.demoPassword ?? password(),
  };
  if (JSON.stringify(stored) !== JSON.stringify(secrets)) {
    mkdirSync(directory, { recursive: true });
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}
