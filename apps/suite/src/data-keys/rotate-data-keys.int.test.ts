import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDataKeys } from '@kyb/area-views';
import { createMasterKeyring, createSealedBox } from '@kyb/secrets';
import { createProcessGroup, createTestDatabase, freePort, type TestDatabase } from '@kyb/testing';

const MAIN = join(__dirname, '../../../../dist/apps/suite/main.js');
const ROTATE = join(__dirname, '../../../../dist/apps/suite/rotate-data-keys.js');
const ADMIN = { email: 'rotate.admin@example.com', password: 'rotate admin passphrase' };

/*
 * A master key rotation of the built suite (ADR 0023): the suite ran with key A; the new key B
 * alone cannot open what A wrapped; `rotate-data-keys` with B and A re-wraps every data key and
 * converts values sealed with A itself; then the suite runs with B alone and signs in.
 */
describe('npm run rotate-data-keys', () => {
  const processes = createProcessGroup();
  let database: TestDatabase;
  const [keyA, keyB] = [randomBytes(32), randomBytes(32)];
  afterAll(async () => {
    await processes.stopAll();
    await database?.destroy();
  });

  async function startSuite(key: Buffer) {
    const port = await freePort();
    const suite = processes.start(MAIN, {
      PORT: String(port),
      METRICS_PORT: String(await freePort()),
      DATABASE_URL: database.url,
      REDIS_URL: process.env.KYB_TEST_REDIS_URL,
      QUEUE_PREFIX: `kyb-rotate-${randomBytes(4).toString('hex')}`,
      SUITE_STATE_DIR: mkdtempSync(join(tmpdir(), 'kyb-rotate-')),
      DATA_ENCRYPTION_KEY: key.toString('hex'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    });
    return { suite, base: `http://127.0.0.1:${port}` };
  }
  const signIn = (base: string) =>
    fetch(`${base}/auth/api/v1/admin/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });

  it('re-wraps the data keys and converts master-sealed values, after which the new key alone runs the suite', async () => {
    database = await createTestDatabase();
    const first = await startSuite(keyA);
    await first.suite.waitFor(/Press Ctrl-C to stop/, 60_000);
    expect((await signIn(first.base)).status).toBe(200);
    await first.suite.stop();
    // A database from before data keys: values sealed with the master key itself may exist (tenant erasure waits for the rotation).
    await database.db('auth.data_key_state').update({ legacy_values_converted_at: null });
    // A business whose TIN was sealed with the master key itself, as before data keys.
    const customerId = randomUUID();
    const [{ id: businessId }] = await database.db('cases.businesses')
      .insert({ customer_id: customerId, name: 'Legacy Dental', tin_sealed: createSealedBox(keyA).seal('912345678'), created_by: customerId, updated_by: customerId })
      .returning('id');

    // B alone cannot open the platform's key, which A wrapped: the suite refuses to start.
    const refused = await startSuite(keyB);
    expect(await refused.suite.exited).not.toBe(0);
    expect(refused.suite.output()).toMatch(/no master key with id m[0-9a-f]{16}|does not open the stored signing keys/);

    const rotation = processes.start(ROTATE, { DATABASE_URL: database.url, DATA_ENCRYPTION_KEY: keyB.toString('hex'), DATA_ENCRYPTION_KEY_PREVIOUS: keyA.toString('hex') });
    expect(await rotation.exited).toBe(0);
    const keyring = createMasterKeyring(keyB);
    expect(rotation.output()).toContain(`data key(s) re-wrapped with master ${keyring.currentId}`);
    expect(rotation.output()).toContain('cases.businesses.tin_sealed: 1 value(s) moved from the master key to data keys');
    expect(await database.db('auth.data_keys').whereNot('master_id', keyring.currentId).whereNull('destroyed_at')).toEqual([]);
    const business = await database.db('cases.businesses').where({ id: businessId }).first();
    expect(business.tin_sealed).toMatch(/^d1\./);
    expect(await createDataKeys(database.db, keyring).open(business.tin_sealed)).toBe('912345678');
    expect((await database.db('auth.data_key_state').first()).legacy_values_converted_at).toEqual(expect.any(Date));

    const again = processes.start(ROTATE, { DATABASE_URL: database.url, DATA_ENCRYPTION_KEY: keyB.toString('hex') });
    expect(await again.exited).toBe(0);
    expect(again.output()).toContain('0 data key(s) re-wrapped');

    const second = await startSuite(keyB);
    await second.suite.waitFor(/Press Ctrl-C to stop/, 60_000);
    expect((await signIn(second.base)).status).toBe(200);
  }, 180_000);
});
