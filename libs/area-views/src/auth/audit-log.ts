import { AUDIT_OUTBOX_TABLE, normalisedAct, type AuditAct, type Knex } from '@kyb/db';
import { actOfRow, chainOf, contentHash, type AuditActRow } from './audit-chain';

/**
 * The auth area's audit log as other areas (and auth itself) write to it: its published function
 * `auth.append_audit_event` appends an entry to its tenant's hash chain in one round trip (under
 * the chain's lock: the next number, the previous hash, its own over both and the content hashed
 * here). Run it in the transaction of the act it records to keep both or neither.
 */
export async function appendAudit(on: Knex | Knex.Transaction, input: AuditAct): Promise<void> {
  const act = normalisedAct(input);
  const chain = chainOf(act.customerId);
  await on.raw('select auth.append_audit_event(?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)', [
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
  ]);
}

type OutboxRow = AuditActRow & { id: string };

/**
 * Moves up to `limit` acts of an area's audit outbox (`<schema>.audit_outbox`) to the audit log,
 * oldest first by chain, in one transaction: each is appended and removed, or none is. Racing
 * relays take different rows (`skip locked`); every relay takes the chains' locks in the same
 * order (by tenant), so relays of several areas never deadlock. Answers how many it moved.
 */
export async function relayAudit(db: Knex, schema: string, limit = 200): Promise<number> {
  return db.transaction(async (trx) => {
    const rows = (await trx(`${schema}.${AUDIT_OUTBOX_TABLE}`).select('*').orderBy([{ column: 'customer_id', nulls: 'first' }, { column: 'occurred_at' }, { column: 'id' }]).limit(limit).forUpdate().skipLocked()) as OutboxRow[];
    for (const row of rows) {
      await appendAudit(trx, actOfRow(row));
    }
    if (rows.length > 0) await trx(`${schema}.${AUDIT_OUTBOX_TABLE}`).whereIn('id', rows.map((row) => row.id)).delete();
    return rows.length;
  });
}
