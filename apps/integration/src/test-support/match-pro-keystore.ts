import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A key in a PKCS#12 keystore (base64) with a self-signed certificate valid `days` days, as Mastercard Developers hands one out; made with openssl. */
export function pkcs12Of(privateKey: string, password: string, days = 2): string {
  const dir = mkdtempSync(join(tmpdir(), 'match-pro-p12-'));
  try {
    writeFileSync(join(dir, 'key.pem'), privateKey, { mode: 0o600 });
    execFileSync('openssl', ['req', '-x509', '-new', '-key', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', String(days), '-subj', '/CN=match-pro-test'], { stdio: 'pipe' });
    execFileSync('openssl', ['pkcs12', '-export', '-inkey', join(dir, 'key.pem'), '-in', join(dir, 'cert.pem'), '-name', 'keyalias', '-passout', `pass:${password}`, '-out', join(dir, 'key.p12')], { stdio: 'pipe' });
    return readFileSync(join(dir, 'key.p12')).toString('base64');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
