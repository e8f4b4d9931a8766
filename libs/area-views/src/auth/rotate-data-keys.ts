import type { AreaMigrations, Knex, SealedColumn } from '@kyb/db';
import type { MasterKeyring } from '@kyb/secrets';
import { createDataKeys, DataKeyDestroyedError, type DataKeys } from './data-keys';

/** What a value of an erased tenant sealed with a master key becomes in a column that cannot be empty: it opens with no key. */
export const ERASED_VALUE = 'erased';

/** Rows read and converted at once; pages read per column at most (a guard against a row changed without end). */
const PAGE = 500;
const MAX_PAGES = 10_000;

/** What a rotation did, and what is left that it could not do. */
export interface RotationOutcome {
  rewrapped: number;
  converted: Record<string, number>;
  /** Values of erased tenants still sealed with a master: erased (emptied, or {@link ERASED_VALUE}), counted by tenant. */
  erasedTenants: Record<string, number>;
  /** Values no configured master opens, by column: left as they are. */
  unopenable: Record<string, number>;
  /** What is still not done after the run: keys wrapped by another master, values sealed with a master. Zero when done. */
  left: { keys: number; values: number };
}

/**
 * Re-wraps every data key not wrapped by the current master (unwrapped with a previous one), so
 * the previous master can be dropped without re-encrypting any row; then converts the values still
 * sealed with a master itself (`v1.`, from before data keys) in the areas' declared sealed columns
 * to their tenant's data key (recomputing lookup hashes), so that a master rotation and a tenant
 * erasure cover them too; those of an erased tenant are erased. Each row changes only if it still
 * holds what was read, and a row changed meanwhile is read again. Safe to run again. `left` says
 * what is still not done (a process still making keys with the old master, values no key opens).
 */
export async function rotateDataKeys(db: Knex, keyring: MasterKeyring, areas: readonly AreaMigrations[]): Promise<RotationOutcome> {
  const outcome: RotationOutcome = { rewrapped: 0, converted: {}, erasedTenants: {}, unopenable: {}, left: { keys: 0, values: 0 } };
  outcome.rewrapped = await rewrap(db, keyring);
  const dataKeys = createDataKeys(db, keyring, { cacheMs: 60_000 });
  const columns = areas.flatMap((area) => area.sealedColumns ?? []);
  for (const column of columns) {
    const name = `${column.table}.${column.column}`;
    const done = await convertColumn(db, dataKeys, keyring, column, (scope) => {
      outcome.erasedTenants[scope] = (outcome.erasedTenants[scope] ?? 0) + 1;
    });
    outcome.converted[name] = done.converted;
    if (done.unopenable > 0) outcome.unopenable[name] = done.unopenable;
  }
  // Keys a process still on the old master made meanwhile are re-wrapped too; what then remains is reported.
  outcome.rewrapped += await rewrap(db, keyring);
  outcome.left.keys = Number((await db('auth.data_keys').whereNull('destroyed_at').whereNot('master_id', keyring.currentId).count<Array<{ count: string }>>('* as count'))[0]?.count ?? 0);
  for (const column of columns) {
    outcome.left.values += Number((await db(column.table).where(column.column, 'like', 'v1.%').count<Array<{ count: string }>>('* as count'))[0]?.count ?? 0);
  }
  // From now on a tenant erasure covers all of a tenant's sealed values (the auth area allows it only then).
  if (outcome.left.values === 0 && areas.some((area) => area.schema === 'auth')) {
    await db('auth.data_key_state').whereNull('legacy_values_converted_at').update({ legacy_values_converted_at: db.fn.now() });
  }
  return outcome;
}

/** Re-wraps the live keys of another master with the current one (compare-and-set per key); answers how many. */
async function rewrap(db: Knex, keyring: MasterKeyring): Promise<number> {
  const stale = (await db('auth.data_keys').whereNull('destroyed_at').whereNot('master_id', keyring.currentId).select('id', 'wrapped', 'master_id')) as Array<{
    id: string;
    wrapped: string;
    master_id: string;
  }>;
  let rewrapped = 0;
  for (const key of stale) {
    const next = keyring.wrap(keyring.unwrap(key.wrapped, key.master_id));
    rewrapped += await db('auth.data_keys')
      .where({ id: key.id, master_id: key.master_id })
      .whereNull('destroyed_at')
      .update({ wrapped: next.wrapped, master_id: next.masterId, rewrapped_at: db.fn.now() });
  }
  return rewrapped;
}

async function convertColumn(
  db: Knex,
  dataKeys: DataKeys,
  keyring: MasterKeyring,
  column: SealedColumn,
  erased: (scope: string) => void,
): Promise<{ converted: number; unopenable: number }> {
  let converted = 0;
  const skipped = new Set<string>();
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { rows } = await db.raw<{ rows: Array<{ id: string; value: string; scope: string }> }>(
      `select t.ctid::text as id, t.${column.column} as value, ${column.scope} as scope from ${column.table} t
        where t.${column.column} like 'v1.%' and not (t.ctid::text = any(?)) limit ?`,
      [[...skipped], PAGE],
    );
    if (rows.length === 0) break;
    for (const row of rows) {
      let changes: Record<string, string | null>;
      let erasedScope: string | undefined;
      try {
        const box = await dataKeys.boxFor(row.scope);
        const plaintext = keyring.openLegacy(row.value);
        changes = { [column.column]: box.seal(plaintext) };
        if (column.lookup) changes[column.lookup] = box.lookupHash(plaintext);
      } catch (err) {
        if (err instanceof DataKeyDestroyedError) {
          // An erased tenant: its key is gone, and so is any right to read what the master sealed of it.
          changes = { [column.column]: column.emptiedWhenErased ? null : ERASED_VALUE };
          if (column.lookup) changes[column.lookup] = null;
          erasedScope = row.scope;
        } else if (/authenticate data|Not a sealed value/.test(String((err as { message?: unknown }).message))) {
          // No configured master opens it: left as it is, and reported.
          skipped.add(row.id);
          continue;
        } else throw err;
      }
      // The row as read (its place, and the value still the one opened); a row changed meanwhile is read again.
      const changed = await db(column.table).whereRaw('ctid = ?::tid', [row.id]).andWhere(column.column, row.value).update(changes);
      if (erasedScope) {
        if (changed > 0) erased(erasedScope);
      } else converted += changed;
    }
  }
  return { converted, unopenable: skipped.size };
}
