import type { AreaMigrations, Knex, SealedColumn } from '@kyb/db';
import type { MasterKeyring } from '@kyb/secrets';
import { createDataKeys, DataKeyDestroyedError } from './data-keys';

/** What a value of an erased tenant sealed with a master key becomes: it opens with no key. */
export const ERASED_VALUE = 'erased';

/** Rows read and converted at once. */
const PAGE = 500;

/** What a rotation did: keys re-wrapped, and values sealed with a master converted to data keys, by column. */
export interface RotationOutcome {
  rewrapped: number;
  converted: Record<string, number>;
  /** Values of erased tenants (their key destroyed) still sealed with a master: replaced by {@link ERASED_VALUE}, counted by tenant. */
  erasedTenants: Record<string, number>;
}

/**
 * Re-wraps every data key not wrapped by the current master (unwrapped with a previous one), so
 * the previous master can be dropped without re-encrypting any row; then converts the values still
 * sealed with a master itself (`v1.`, from before data keys) in the areas' declared sealed columns
 * to their tenant's data key (recomputing lookup hashes), so that a master rotation and a tenant
 * erasure cover them too; those of a tenant erased meanwhile are erased. Safe to run again: it only touches what is not done yet, each row
 * changed only if it still holds what was read.
 */
export async function rotateDataKeys(db: Knex, keyring: MasterKeyring, areas: readonly AreaMigrations[]): Promise<RotationOutcome> {
  const outcome: RotationOutcome = { rewrapped: 0, converted: {}, erasedTenants: {} };
  const stale = (await db('auth.data_keys').whereNull('destroyed_at').whereNot('master_id', keyring.currentId).select('id', 'wrapped', 'master_id')) as Array<{
    id: string;
    wrapped: string;
    master_id: string;
  }>;
  for (const key of stale) {
    const next = keyring.wrap(keyring.unwrap(key.wrapped, key.master_id));
    outcome.rewrapped += await db('auth.data_keys')
      .where({ id: key.id, master_id: key.master_id })
      .update({ wrapped: next.wrapped, master_id: next.masterId, rewrapped_at: db.fn.now() });
  }
  const dataKeys = createDataKeys(db, keyring, { cacheMs: 60_000 });
  for (const area of areas) {
    for (const column of area.sealedColumns ?? []) {
      const name = `${column.table}.${column.column}`;
      outcome.converted[name] = await convertColumn(db, dataKeys, keyring, column, (scope) => {
        outcome.erasedTenants[scope] = (outcome.erasedTenants[scope] ?? 0) + 1;
      });
    }
  }
  return outcome;
}

async function convertColumn(
  db: Knex,
  dataKeys: ReturnType<typeof createDataKeys>,
  keyring: MasterKeyring,
  column: SealedColumn,
  erased: (scope: string) => void,
): Promise<number> {
  let converted = 0;
  for (;;) {
    const { rows } = await db.raw<{ rows: Array<{ id: string; value: string; scope: string }> }>(
      `select t.ctid::text as id, t.${column.column} as value, ${column.scope} as scope from ${column.table} t where t.${column.column} like 'v1.%' limit ?`,
      [PAGE],
    );
    for (const row of rows) {
      let changes: Record<string, string | null>;
      let erasedScope: string | undefined;
      try {
        const box = await dataKeys.boxFor(row.scope);
        const plaintext = keyring.openLegacy(row.value);
        changes = { [column.column]: box.seal(plaintext) };
        if (column.lookup) changes[column.lookup] = box.lookupHash(plaintext);
      } catch (err) {
        if (!(err instanceof DataKeyDestroyedError)) throw err;
        // An erased tenant: its key is gone, and so is any right to read what the master sealed of it.
        changes = { [column.column]: ERASED_VALUE };
        if (column.lookup) changes[column.lookup] = null;
        erasedScope = row.scope;
      }
      // The row as read (its place, and the value still the one opened): a row changed meanwhile is read again next page.
      const changed = await db(column.table).whereRaw('ctid = ?::tid', [row.id]).andWhere(column.column, row.value).update(changes);
      if (erasedScope) {
        if (changed > 0) erased(erasedScope);
      } else converted += changed;
    }
    if (rows.length < PAGE) return converted;
  }
}
