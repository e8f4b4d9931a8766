import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLocalSecrets } from './local-secrets';

describe('loadLocalSecrets', () => {
  it('generates the secrets once, keeps them private, and reads the same ones on the next start', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'kyb-suite-')), 'state');
    const first = loadLocalSecrets(dir);
    expect(first.dataEncryptionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.adminPassword.length).toBeGreaterThanOrEqual(16);
    expect(first.demoPassword).not.toBe(first.adminPassword);
    expect(statSync(join(dir, 'local-secrets.json')).mode & 0o777).toBe(0o600);
    expect(loadLocalSecrets(dir)).toEqual(first);
    expect(JSON.parse(readFileSync(join(dir, 'local-secrets.json'), 'utf8'))).toEqual(first);
  });
});
