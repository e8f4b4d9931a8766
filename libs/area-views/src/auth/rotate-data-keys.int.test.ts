import { randomBytes, randomUUID } from 'node:crypto';
import { migrateLatest, type AreaMigrations } from '@kyb/db';
import { createMasterKeyring, createSealedBox } from '@kyb/secrets';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { createDataKeyStandIn } from '../testing';
import { createDataKeys, DataKeyDestroyedError, dataKeyScope } from './data-keys';
import { ERASED_VALUE, rotateDataKeys } from './rotate-data-keys';

/* A master key rotation: data keys re-wrapped (no row re-encrypted), values sealed with the master itself converted. */
describe('rotateDataKeys', () => {
  let database: TestDatabase;
  let keys: Awaited<ReturnType<typeof createDataKeyStandIn>>;
  const shop: AreaMigrations = {
    schema: 'shop',
    migrations: [
      {
        name: '20261126_0001_secrets',
        up: (db) => db.raw('create table shop.secrets (id serial primary key, customer_id uuid, sealed text not null, lookup text)'),
        down: (db) => db.raw('drop table shop.secrets'),
      },
    ],
    sealedColumns: [{ table: 'shop.secrets', column: 'sealed', scope: `'customer:' || t.customer_id`, lookup: 'lookup' }],
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    keys = await createDataKeyStandIn(database.db);
    await migrateLatest(database.db, shop);
  });
  afterAll(() => database.destroy());

  it('re-wraps every live key with the new master, converts master-sealed values, erases those of an erased tenant, and does nothing the second time', async () => {
    const oldMaster = randomBytes(32);
    const newMaster = randomBytes(32);
    const [alice, bob, gone] = [randomUUID(), randomUUID(), randomUUID()];
    const before = createDataKeys(database.db, createMasterKeyring(oldMaster));
    const sealedWithKey = await before.seal(dataKeyScope(alice), 'alice-tin');
    await before.seal(dataKeyScope(gone), 'x');
    await keys.destroy(dataKeyScope(gone));
    const legacy = createSealedBox(oldMaster);
    await database.db('shop.secrets').insert([
      { customer_id: alice, sealed: sealedWithKey },
      { customer_id: bob, sealed: legacy.seal('bob-tin'), lookup: legacy.lookupHash('bob-tin') },
      { customer_id: gone, sealed: legacy.seal('gone-tin'), lookup: 'old' },
    ]);
    const rowsBefore = await database.db('shop.secrets').orderBy('id');

    const keyring = createMasterKeyring(newMaster, [oldMaster]);
    const outcome = await rotateDataKeys(database.db, keyring, [shop]);
    // Alice's key was wrapped by the old master; Bob's is made now, by the new one; the erased tenant's stays destroyed.
    expect(outcome).toEqual({
      rewrapped: 1,
      converted: { 'shop.secrets.sealed': 1 },
      erasedTenants: { [dataKeyScope(gone)]: 1 },
      unopenable: {},
      left: { keys: 0, values: 0 },
    });
    const live = await database.db('auth.data_keys').whereNull('destroyed_at');
    expect(live.every((k) => k.master_id === keyring.currentId)).toBe(true);

    const after = createDataKeys(database.db, createMasterKeyring(newMaster));
    const rows = await database.db('shop.secrets').orderBy('id');
    // Alice's row is untouched: its key was re-wrapped, not the row re-encrypted.
    expect(rows[0].sealed).toBe(rowsBefore[0].sealed);
    expect(await after.open(rows[0].sealed)).toBe('alice-tin');
    expect(rows[1].sealed).toMatch(/^d1\./);
    expect(await after.open(rows[1].sealed)).toBe('bob-tin');
    expect(rows[1].lookup).toBe((await after.boxFor(dataKeyScope(bob))).lookupHash('bob-tin'));
    expect(rows[2]).toMatchObject({ sealed: ERASED_VALUE, lookup: null });
    await expect(after.open(rows[2].sealed)).rejects.toBeInstanceOf(DataKeyDestroyedError);
    await expect(after.seal(dataKeyScope(gone), 'y')).rejects.toBeInstanceOf(DataKeyDestroyedError);

    expect(await rotateDataKeys(database.db, keyring, [shop])).toEqual({ rewrapped: 0, converted: { 'shop.secrets.sealed': 0 }, erasedTenants: {}, unopenable: {}, left: { keys: 0, values: 0 } });

    // A value no configured master opens is left as it is and reported: the rotation is not done.
    const stranger = createSealedBox(randomBytes(32)).seal('unknown');
    await database.db('shop.secrets').insert({ customer_id: alice, sealed: stranger });
    const partial = await rotateDataKeys(database.db, keyring, [shop]);
    expect(partial).toMatchObject({ unopenable: { 'shop.secrets.sealed': 1 }, left: { keys: 0, values: 1 } });
    expect(await database.db('shop.secrets').where({ sealed: stranger })).toHaveLength(1);
  });
});
