import { randomUUID } from 'node:crypto';
import { createDataKeys, DataKeyDestroyedError, dataKeyScope } from '@kyb/area-views';
import { createMasterKeyring } from '@kyb/secrets';
import { startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

/* The auth area's real data keys (table, view, function) as @kyb/area-views reads and makes them. */
describe('auth.data_key_directory and auth.ensure_data_key', () => {
  let t: AuthTestApp;
  let master: Buffer;
  beforeAll(async () => {
    t = await startAuthTestApp();
    // The area's own master: it already wrapped the platform's key (its signing keys).
    master = t.config.DATA_ENCRYPTION_KEY;
  });
  afterAll(() => t.close());

  it('keeps one wrapped key per scope, made by whichever process asks first, and never the key in clear', async () => {
    const scope = dataKeyScope(randomUUID());
    const instances = Array.from({ length: 4 }, () => createDataKeys(t.db, createMasterKeyring(master)));
    const boxes = await Promise.all(instances.map((keys) => keys.boxFor(scope)));
    expect(new Set(boxes.map((b) => b.keyId)).size).toBe(1);
    const [row] = await t.db('auth.data_keys').where({ scope });
    expect(row).toMatchObject({ id: boxes[0]?.keyId, wrapped: expect.stringMatching(/^w1\./), master_id: createMasterKeyring(master).currentId, destroyed_at: null });
    const sealed = boxes[0]?.seal('123-45-6789') as string;
    expect(await instances[3]?.open(sealed)).toBe('123-45-6789');
  });

  it('refuses a half-destroyed key, and a destroyed one seals and opens nothing', async () => {
    const scope = dataKeyScope(randomUUID());
    const keys = createDataKeys(t.db, createMasterKeyring(master), { cacheMs: 0 });
    const sealed = await keys.seal(scope, 'x');
    await expect(t.db('auth.data_keys').where({ scope }).update({ wrapped: null })).rejects.toMatchObject({ code: '23514' });
    await t.db('auth.data_keys').where({ scope }).update({ wrapped: null, master_id: null, destroyed_at: new Date() });
    await expect(keys.open(sealed)).rejects.toBeInstanceOf(DataKeyDestroyedError);
    await expect(keys.seal(scope, 'y')).rejects.toBeInstanceOf(DataKeyDestroyedError);
  });
});
