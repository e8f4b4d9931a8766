import { AUDIT_OUTBOX_TABLE, normalisedAct, type AuditAct, type Knex } from '@kyb/db';
import { actOfRow, chainOf, contentHash, type AuditActRow } from './audit-chain';

/**
 * The call of `auth.append_audit_event` appending one entry, its bindings given by
 * {@link appendAuditBindings}: selected alone ({@link appendAudit}) or from a part of a larger
 * statement, so a sign-in's entry is appended with its session, in the same statement
 * (refresh-tokens.store). The call holds its chain's lock until the transaction ends: lock a user's
 * row (or any row a sign-in's session statement locks) before appending in the same transaction,
 * never after, or the two can deadlock.
 */
export const APPEND_AUDIT_CALL = 'auth.append_audit_event(?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)';

/** The bindings of {@link APPEND_AUDIT_CALL} for `input`: its chain, its fields, and the hash of its content. */
export function appendAuditBindings(input: AuditAct): Knex.RawBinding[] {
  const act = normalisedAct(input);
  const chain = chainOf(act.customerId);
  return [
    chain,
    act.customerId,
    act.actorId,
    act.actorRole,
    act.action,
    act.targetType,
    act.targetId,
    act.requestId,
    act.clientAddress,
    JSON.stringify(act.details),
    act.occurredAt,
    contentHash({ chain, ...act }),
  ];
}

/**
 * The auth area's audit log as other areas (and auth itself) write to it: its published function
 * `auth.append_audit_event` appends an entry to its tenant's hash chain in one round trip (under
 * the chain's lock: the next number, the previous hash, its own over both and the content hashed
 * here). Run it in the transaction of the act it records to keep both or neither.
 */
export async function appendAudit(on: Knex | Knex.Transaction, input: AuditAct): Promise<void> {
  await on.raw(`select ${APPEND_AUDIT_CALL}`, appendAuditBindings(input));
}

/** `auth.append_audit_events` with an array per field; knex sends each array as one parameter. */
const APPEND_BATCH_SQL =
  'select auth.append_audit_events(?::text[], ?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::jsonb[], ?::timestamptz[], ?::text[])';

/**
 * Appends acts to their tenants' chains in one round trip, in the order given (ADR 0026): the
 * published function `auth.append_audit_events` gives each entry the number and hashes
 * `auth.append_audit_event` would, taking each chain's lock the first time the batch names it. Run
 * it in the transaction of what the acts record; give the acts in the order their chains must be
 * locked (relays: by tenant, the platform first) so appenders never wait on each other in a circle.
 */
export async function appendAudits(on: Knex | Knex.Transaction, inputs: readonly AuditAct[]): Promise<void> {
  if (inputs.length === 0) return;
  const acts = inputs.map(normalisedAct);
  const chains = acts.map((act) => chainOf(act.customerId));
  const field = <T>(pick: (act: AuditAct) => T) => acts.map(pick);
  await on.raw(APPEND_BATCH_SQL, [
    chains,
    field((act) => act.customerId),
    field((act) => act.actorId),
    field((act) => act.actorRole),
    field((act) => act.action),
    field((act) => act.targetType),
    field((act) => act.targetId),
    field((act) => act.requestId),
    field((act) => act.clientAddress),
    field((act) => JSON.stringify(act.details)),
    // ISO text: the milliseconds the content hash covers, whatever the server's time zone.
    field((act) => act.occurredAt.toISOString()),
    acts.map((act, i) => contentHash({ chain: chains[i] as string, ...act })),
  ]);
}

type OutboxRow = AuditActRow & { id: string };

/** How a round of the relay moves acts. */
export interface RelayOptions {
  /**
   * Acts appended per transaction (one call of `auth.append_audit_events`); 200 unless given. A
   * batch's rows are read, hashed and sent in one go on the event loop, which serves requests too:
   * 200 keep that under a few milliseconds.
   */
  batchSize?: number;
  /** Batches a round moves at most, so a round never runs unbounded; 50 unless given (10,000 acts). */
  maxBatches?: number;
}

/** Moves the oldest `limit` acts of the outbox in one transaction: all appended and removed, or none. */
async function relayBatch(db: Knex, table: string, limit: number): Promise<number> {
  return db.transaction(async (trx) => {
    const rows = (await trx(table).select('*').orderBy([{ column: 'customer_id', nulls: 'first' }, { column: 'occurred_at' }, { column: 'id' }]).limit(limit).forUpdate().skipLocked()) as OutboxRow[];
    if (rows.length === 0) return 0;
    await appendAudits(trx, rows.map(actOfRow));
    await trx(table).whereRaw('id = any(?::uuid[])', [rows.map((row) => row.id)]).delete();
    return rows.length;
  });
}

const countOr = (value: number | undefined, fallback: number) => (value !== undefined && Number.isSafeInteger(value) && value > 0 ? value : fallback);

/**
 * One round of an area's relay: moves the acts of its audit outbox (`<schema>.audit_outbox`) to the
 * audit log, oldest first by chain, a batch per transaction (each act appended and removed, or
 * none of the batch), while batches come back full, up to `maxBatches`. Racing relays take
 * different rows (`skip locked`); every relay locks chains in the same order (by tenant, the
 * platform first), so relays of several areas never deadlock. Answers how many acts it moved.
 */
export async function relayAudit(db: Knex, schema: string, options: RelayOptions = {}): Promise<number> {
  const batchSize = countOr(options.batchSize, 200);
  const maxBatches = countOr(options.maxBatches, 50);
  const table = `${schema}.${AUDIT_OUTBOX_TABLE}`;
  let moved = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const relayed = await relayBatch(db, table, batchSize);
    moved += relayed;
    if (relayed < batchSize) break;
  }
  return moved;
}
