import { randomBytes, randomUUID } from 'node:crypto';
import { AppError } from '@kyb/envelope';
import type { Knex } from '@kyb/db';
import { CUSTOMER_ERASED_MESSAGE } from '../erasure/customer-erased.error';
import { dataKeyBox, dataKeyIdOf, type DataKeyBox, type MasterKeyring } from '@kyb/secrets';

/** The auth area's published data keys (ADR 0023). */
export const DATA_KEY_DIRECTORY_VIEW = 'auth.data_key_directory';

/** The data key of a tenant's data, or of the platform's for what belongs to no tenant. */
export const dataKeyScope = (customerId: string | null): string => (customerId ? `customer:${customerId.toLowerCase()}` : 'platform');

/**
 * 410 `GONE` `CustomerErasedError`: the tenant was erased; its data key is destroyed, so nothing of
 * it can be sealed or read. The same answer as the areas' gate (docs/adr/0043) gives, for work that
 * meets the destroyed key itself (a worker, a request racing the erasure).
 */
export class DataKeyDestroyedError extends AppError {
  constructor() {
    super({ message: CUSTOMER_ERASED_MESSAGE, httpStatus: 410, errorCode: 'GONE', errorName: 'CustomerErasedError' });
  }
}

interface KeyRow {
  id: string;
  wrapped: string | null;
  master_id: string | null;
  destroyed_at: Date | null;
}

/**
 * Seals and opens values with data keys: each scope's key is made (random, wrapped by the current
 * master) the first time it is needed, through `auth.ensure_data_key`; a sealed value names its
 * key, so it opens whatever master wraps the key today. Unwrapped keys are kept `cacheMs` (1 s):
 * a key destroyed by an erasure stops opening anything everywhere within that time. Values sealed
 * directly with a master key (`v1.`, before data keys) still open.
 */
export function createDataKeys(db: Knex, keyring: MasterKeyring, options: { cacheMs?: number } = {}) {
  const cacheMs = options.cacheMs ?? 1000;
  const byScope = new Map<string, { box: DataKeyBox; until: number }>();
  let masterChecked = false;

  /**
   * Before the first key this process makes: a master that wraps none of the live keys while some
   * exist is a misconfiguration (a wrong DATA_ENCRYPTION_KEY); keys made with it would be lost once
   * it is corrected, so none is made.
   */
  async function checkMaster(): Promise<void> {
    if (masterChecked) return;
    const { rows } = await db.raw<{ rows: Array<{ live: string; ours: string }> }>(
      `select count(*) as live, count(*) filter (where master_id = any(?)) as ours from ${DATA_KEY_DIRECTORY_VIEW} where destroyed_at is null`,
      [keyring.masterIds],
    );
    const counts = rows[0];
    if (counts && Number(counts.live) > 0 && Number(counts.ours) === 0) {
      throw new Error(`DATA_ENCRYPTION_KEY is not the master key that wraps the existing data keys (it is ${keyring.currentId}): no data key is made with it`);
    }
    masterChecked = true;
  }
  const byId = new Map<string, { box: DataKeyBox; until: number }>();

  /** The view's row of the key with this scope or id, if any. */
  const keyRow = async (where: { scope: string } | { id: string }): Promise<KeyRow | undefined> =>
    (await db(DATA_KEY_DIRECTORY_VIEW).select('id', 'wrapped', 'master_id', 'destroyed_at').where(where).first()) as KeyRow | undefined;

  // Reads under way, by scope and by key id: a batch's values that all miss an expired key at once
  // share one read of it (a 1,000-row bulk's enrichment read the key ~300 times in a second).
  const readingScopes = new Map<string, Promise<DataKeyBox>>();
  const readingIds = new Map<string, Promise<DataKeyBox>>();

  /** The read of `key` under way in `reading`, or a new one `read` starts; forgotten once settled, whatever it gives. */
  function shared(reading: Map<string, Promise<DataKeyBox>>, key: string, read: () => Promise<DataKeyBox>): Promise<DataKeyBox> {
    let pending = reading.get(key);
    if (!pending) {
      pending = read().finally(() => reading.delete(key));
      reading.set(key, pending);
    }
    return pending;
  }

  function remember(scope: string | undefined, row: KeyRow): DataKeyBox {
    if (row.destroyed_at || !row.wrapped || !row.master_id) throw new DataKeyDestroyedError();
    const box = dataKeyBox(row.id, keyring.unwrap(row.wrapped, row.master_id));
    const until = Date.now() + cacheMs;
    byId.set(row.id, { box, until });
    if (scope) byScope.set(scope, { box, until });
    return box;
  }

  return {
    /** The box of a scope's key (made on first use). Throws {@link DataKeyDestroyedError} for an erased tenant. */
    async boxFor(scope: string): Promise<DataKeyBox> {
      const cached = byScope.get(scope);
      if (cached && cached.until > Date.now()) return cached.box;
      return shared(readingScopes, scope, async () => {
        const found = await keyRow({ scope });
        if (found) return remember(scope, found);
        await checkMaster();
        const offered = keyring.wrap(randomBytes(32));
        const { rows } = await db.raw<{ rows: KeyRow[] }>('select * from auth.ensure_data_key(?, ?, ?, ?)', [randomUUID(), scope, offered.wrapped, offered.masterId]);
        return remember(scope, rows[0] as KeyRow);
      });
    },

    /** Opens a sealed value with the key it names. Throws {@link DataKeyDestroyedError} when that key was destroyed. */
    async open(sealed: string): Promise<string> {
      // What a rotation erased of an erased tenant opens with no key, as its destroyed key's values.
      if (sealed === 'erased') throw new DataKeyDestroyedError();
      const keyId = dataKeyIdOf(sealed);
      if (keyId === undefined) return keyring.openLegacy(sealed);
      const cached = byId.get(keyId);
      if (cached && cached.until > Date.now()) return cached.box.open(sealed);
      const box = await shared(readingIds, keyId, async () => {
        const row = await keyRow({ id: keyId });
        if (!row) throw new DataKeyDestroyedError();
        return remember(undefined, row);
      });
      return box.open(sealed);
    },

    /** Seals `plaintext` with the scope's key. */
    async seal(scope: string, plaintext: string): Promise<string> {
      return (await this.boxFor(scope)).seal(plaintext);
    },
  };
}

/** The data keys accessor, for injection. */
export type DataKeys = ReturnType<typeof createDataKeys>;
