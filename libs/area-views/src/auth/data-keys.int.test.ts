import { randomBytes, randomUUID } from 'node:crypto';
import { createMasterKeyring, createSealedBox } from '@kyb/secrets';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { createDataKeyStandIn } from '../testing';
import { CUSTOMER_ERASED_MESSAGE } from '../erasure/customer-erased.error';
import { createDataKeys, DataKeyDestroyedError, dataKeyScope } from './data-keys';

/* Data keys against the contract of the auth area's published view and function (its own tests check the real ones). */
describe('createDataKeys', () => {
  let database: TestDatabase;
  let keys: Awaited<ReturnType<typeof createDataKeyStandIn>>;
  const master = randomBytes(32);
  beforeAll(async () => {
    database = await createTestDatabase();
    keys = await createDataKeyStandIn(database.db);
  });
  afterAll(() => database.destroy());

  it("makes one key per tenant, even when processes race for it, and any process opens what another sealed", async () => {
    const scope = dataKeyScope(randomUUID().toUpperCase());
    expect(scope).toMatch(/^customer:[0-9a-f-]{36}$/);
    const [a, b] = [createDataKeys(database.db, createMasterKeyring(master)), createDataKeys(database.db, createMasterKeyring(master))];
    const [boxA, boxB] = await Promise.all([a.boxFor(scope), b.boxFor(scope)]);
    expect(boxA.keyId).toBe(boxB.keyId);
    expect(await database.db('auth.data_key_directory').where({ scope })).toHaveLength(1);
    const sealed = await a.seal(scope, '123-45-6789');
    expect(sealed.startsWith(`d1.${boxA.keyId}.`)).toBe(true);
    expect(await createDataKeys(database.db, createMasterKeyring(master)).open(sealed)).toBe('123-45-6789');
    // Each tenant has its own key; the platform has one too.
    const other = await a.boxFor(dataKeyScope(randomUUID()));
    expect(other.keyId).not.toBe(boxA.keyId);
    expect((await a.boxFor(dataKeyScope(null))).keyId).toBe((await b.boxFor('platform')).keyId);
  });

  it('opens values sealed before data keys with the master itself', async () => {
    const legacy = createSealedBox(master).seal('912345678');
    expect(await createDataKeys(database.db, createMasterKeyring(master)).open(legacy)).toBe('912345678');
  });

  it('keeps opening after the master is rotated, with the previous master configured', async () => {
    const scope = dataKeyScope(randomUUID());
    const sealed = await createDataKeys(database.db, createMasterKeyring(master)).seal(scope, 'credentials');
    const next = randomBytes(32);
    expect(await createDataKeys(database.db, createMasterKeyring(next, [master])).open(sealed)).toBe('credentials');
    await expect(createDataKeys(database.db, createMasterKeyring(next)).open(sealed)).rejects.toThrow(/no master key with id/);
  });

  it('reads a key once for all the values that miss it at the same time, and again once that read has settled', async () => {
    const scope = dataKeyScope(randomUUID());
    const sealer = createDataKeys(database.db, createMasterKeyring(master));
    const values = await Promise.all(Array.from({ length: 40 }, (_v, n) => sealer.seal(scope, `tin ${n}`)));
    const reads: string[] = [];
    const count = (query: { sql: string }) => void (query.sql.includes('data_key_directory') && reads.push(query.sql));
    database.db.on('query', count);
    try {
      // A process that has not read the key yet, as an enrichment batch after the cache's second.
      const cold = createDataKeys(database.db, createMasterKeyring(master), { cacheMs: 50 });
      expect(await Promise.all(values.map((v) => cold.open(v)))).toEqual(values.map((_v, n) => `tin ${n}`));
      expect(await Promise.all(Array.from({ length: 10 }, () => cold.boxFor(scope)))).toHaveLength(10);
      expect(reads.filter((sql) => sql.includes('"id" = $1'))).toHaveLength(1);
      expect(reads.filter((sql) => sql.includes('"scope" = $1'))).toHaveLength(1);

      // Destroyed meanwhile: the values that miss together share one refusal, and a later miss reads again.
      await keys.destroy(scope);
      await new Promise((resolve) => setTimeout(resolve, 60));
      const outcomes = await Promise.allSettled(values.map((v) => cold.open(v)));
      expect(outcomes.every((o) => o.status === 'rejected' && o.reason instanceof DataKeyDestroyedError)).toBe(true);
      expect(reads.filter((sql) => sql.includes('"id" = $1'))).toHaveLength(2);
      await expect(cold.open(values[0])).rejects.toBeInstanceOf(DataKeyDestroyedError);
      expect(reads.filter((sql) => sql.includes('"id" = $1'))).toHaveLength(3);
    } finally {
      database.db.removeListener('query', count);
    }
  });

  it('once a tenant\'s key is destroyed, nothing of it opens or is sealed anywhere, after the cache', async () => {
    const scope = dataKeyScope(randomUUID());
    const dataKeys = createDataKeys(database.db, createMasterKeyring(master), { cacheMs: 50 });
    const sealed = await dataKeys.seal(scope, 'secret');
    await keys.destroy(scope);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await expect(dataKeys.open(sealed)).rejects.toBeInstanceOf(DataKeyDestroyedError);
    await expect(dataKeys.seal(scope, 'more')).rejects.toMatchObject({
      httpStatus: 410,
      errorCode: 'GONE',
      errorName: 'CustomerErasedError',
      message: CUSTOMER_ERASED_MESSAGE,
    });
    await expect(createDataKeys(database.db, createMasterKeyring(master)).open(sealed)).rejects.toBeInstanceOf(DataKeyDestroyedError);
  });

  it('makes no key with a master that wraps none of the live keys (a wrong DATA_ENCRYPTION_KEY), and still opens nothing with it', async () => {
    const wrong = createDataKeys(database.db, createMasterKeyring(randomBytes(32)));
    const scope = dataKeyScope(randomUUID());
    await expect(wrong.boxFor(scope)).rejects.toThrow(/is not the master key that wraps the existing data keys/);
    expect(await database.db('auth.data_key_directory').where({ scope })).toEqual([]);
  });
});
