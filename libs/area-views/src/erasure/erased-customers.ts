import { preparedRead, type Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';
import { DATA_KEY_DIRECTORY_VIEW, dataKeyScope } from '../auth/data-keys';

/**
 * Tenants this process erased or saw erased, shared by every copy of this library in the process
 * (each area's bundle carries one, docs/adr/0001), so an erasure is seen at once beside it.
 */
const SEEN_ERASED: Set<string> = ((globalThis as Record<symbol, unknown>)[Symbol.for('kyb.erasedCustomers')] ??= new Set<string>()) as Set<string>;

/** Records that `customerId` was erased: every reader in this process answers so from now on. */
export function noteCustomerErased(customerId: string): void {
  SEEN_ERASED.add(customerId.toLowerCase());
}

/**
 * Which tenants were erased: a tenant is erased once its data key is destroyed (docs/adr/0023,
 * 0043), which the auth area's `data_key_directory` publishes. An erased tenant stays erased, so
 * that answer is kept for good; "not erased" is kept `cacheMs` (1 s, as unwrapped data keys are),
 * so an erasure is seen by every process within a second and a busy tenant costs one read a
 * second per process. An erasure made in this process is seen at once ({@link noteCustomerErased}).
 */
export function createErasedCustomers(db: Knex, options: { cacheMs?: number; now?: () => number } = {}) {
  const cacheMs = options.cacheMs ?? 1000;
  const now = options.now ?? Date.now;
  const erased = SEEN_ERASED;
  const liveUntil = new Map<string, number>();
  const reading = new Map<string, Promise<boolean>>();
  const destroyed = preparedRead<{ destroyed: boolean }, 'scope'>(db, ['scope'], (v) =>
    db(DATA_KEY_DIRECTORY_VIEW).select(db.raw('destroyed_at is not null as destroyed')).where({ scope: v.scope }).limit(1),
  );

  async function read(id: string): Promise<boolean> {
    const [row] = await destroyed({ scope: dataKeyScope(id) });
    if (row?.destroyed) {
      erased.add(id);
      liveUntil.delete(id);
      return true;
    }
    // Bounded: a process sees at most the tenants of one second's requests.
    if (liveUntil.size > 10_000) liveUntil.clear();
    liveUntil.set(id, now() + cacheMs);
    return false;
  }

  return {
    /**
     * Which of `customerIds` were erased, read in one statement whatever their number (a batch's
     * work keeps a fixed number of statements): not cached, so a batch never acts on a stale answer.
     */
    async erasedAmong(customerIds: readonly string[]): Promise<Set<string>> {
      const ids = [...new Set(customerIds.filter(isUuid).map((id) => id.toLowerCase()))];
      if (ids.length === 0) return new Set();
      const { rows } = await db.raw<{ rows: Array<{ scope: string }> }>(
        `select scope from ${DATA_KEY_DIRECTORY_VIEW} where scope = any(?) and destroyed_at is not null`,
        [ids.map((id) => dataKeyScope(id))],
      );
      const found = new Set(rows.map((row) => row.scope.slice('customer:'.length)));
      for (const id of found) erased.add(id);
      return found;
    },
    /** Whether the tenant was erased (false for an id that is not a UUID or names no tenant). */
    async isErased(customerId: string): Promise<boolean> {
      if (!isUuid(customerId)) return false;
      const id = customerId.toLowerCase();
      if (erased.has(id)) return true;
      if ((liveUntil.get(id) ?? 0) > now()) return false;
      let pending = reading.get(id);
      if (!pending) {
        pending = read(id).finally(() => reading.delete(id));
        reading.set(id, pending);
      }
      return pending;
    },
  };
}

/** The erased-tenants reader type, for injection. */
export type ErasedCustomers = ReturnType<typeof createErasedCustomers>;
