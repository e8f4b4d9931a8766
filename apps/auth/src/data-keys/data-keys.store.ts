import { randomUUID } from 'node:crypto';
import type { Knex } from '@kyb/db';

/** What destroying a scope's data key found and did. */
export interface DestroyedDataKey {
  /** When the key was destroyed: now, or by an earlier erasure (kept, never moved). */
  destroyedAt: Date;
  /** Whether this call destroyed it (false: it was destroyed before). */
  destroyedNow: boolean;
  /** Whether the scope had a key before this call (false: it never had one, and now never will). */
  existed: boolean;
}

/** SQL of the data keys the auth area keeps for every area (`auth.data_keys`, ADR 0023). */
export function createPgDataKeyStore(db: Knex) {
  return {
    /**
     * Destroys the scope's key: its wrapped key and master are dropped, the row stays with the time
     * it was destroyed. A scope that never had a key gets a destroyed row, so `ensure_data_key`
     * can never make one for it. One statement: a key made at the same moment by another process
     * is destroyed too, and a key destroyed before keeps its first `destroyed_at`.
     */
    async destroy(scope: string, at: Date, trx: Knex = db): Promise<DestroyedDataKey> {
      const { rows } = await trx.raw<{ rows: Array<{ destroyed_at: Date; inserted: boolean }> }>(
        `insert into auth.data_keys as k (id, scope, wrapped, master_id, destroyed_at) values (?, ?, null, null, ?)
         on conflict (scope) do update set wrapped = null, master_id = null, destroyed_at = excluded.destroyed_at
           where k.destroyed_at is null
         returning k.destroyed_at, (xmax = 0) as inserted`,
        [randomUUID(), scope, at],
      );
      const [changed] = rows;
      if (changed) return { destroyedAt: changed.destroyed_at, destroyedNow: true, existed: !changed.inserted };
      const before = (await trx('auth.data_keys').select('destroyed_at').where({ scope }).first()) as { destroyed_at: Date };
      return { destroyedAt: before.destroyed_at, destroyedNow: false, existed: true };
    },
  };
}

/** The data key store type, for injection. */
export type DataKeyStore = ReturnType<typeof createPgDataKeyStore>;
