import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomUUID, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { IntegrationTestApp } from './integration-test-app';

/** A private key (PEM) and a certificate of it (PEM) with its expiry: for tests only. */
export interface TestKeyMaterial {
  privateKey: string;
  certificate: string;
  certificateExpiry: Date;
}

/** A fresh EC P-256 private key as PKCS#8 PEM. */
export function testPrivateKey(): string {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** A key and a self-signed certificate of it valid for `days` days, made with the openssl command. */
export function testKeyMaterial(days = 400): TestKeyMaterial {
  const dir = mkdtempSync(join(tmpdir(), 'screening-test-'));
  try {
    const privateKey = testPrivateKey();
    writeFileSync(join(dir, 'key.pem'), privateKey, { mode: 0o600 });
    execFileSync(
      'openssl',
      ['req', '-x509', '-new', '-key', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', String(days), '-subj', '/CN=screening-test', '-sha256'],
      { stdio: 'pipe' },
    );
    const certificate = readFileSync(join(dir, 'cert.pem'), 'utf8');
    return { privateKey, certificate, certificateExpiry: new Date(new X509Certificate(certificate).validTo) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A consumer key nobody else uses, so a test can search for it anywhere. */
export function testConsumerKey(): string {
  return `ck-${randomUUID()}`;
}

/** Stores credentials for `customerId` (put in the directory) through the API as an ADMIN; fails the test unless 200. */
export async function storeCredentials(t: IntegrationTestApp, customerId: string, body: Record<string, unknown>): Promise<void> {
  await t.customer(customerId);
  await request(t.app)
    .put(`/integration/api/v1/screening/${customerId}/credentials`)
    .set('Authorization', `Bearer ${t.keys.tokenFor({ role: 'ADMIN' })}`)
    .send(body)
    .expect(200);
}
