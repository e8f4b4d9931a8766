import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Migration } from '../migrations';

/**
 * One security-relevant act of an area (issue 11): who (actor), for which tenant, what (action),
 * on what (target), from which request and address, when. Details hold ids, counts and states,
 * never a password, TIN, SSN or other personal data.
 */
export interface AuditAct {
  /** The tenant whose chain it joins (null: the platform's). */
  customerId: string | null;
  actorId: string | null;
  actorRole: string;
  action: string;
  targetType: string;
  targetId: string | null;
  requestId: string | null;
  clientAddress: string | null;
  details: Record<string, string | number | boolean | null>;
  /** Milliseconds are kept: the entry's hash covers this time as ISO text. */
  occurredAt: Date;
}

/** The table an area keeps its acts in until they join the auth area's audit log (ADR 0022). */
export const AUDIT_OUTBOX_TABLE = 'audit_outbox';

/**
 * An area's audit outbox (`<schema>.audit_outbox`): an act is written here in the transaction of
 * the change (or right after the read) it records, and the area's worker moves it to the auth
 * area's hash chains (`relayAudit` of `@kyb/area-views`).
 */
export function auditOutboxMigration(schema: string, name: string): Migration {
  return {
    name,
    async up(db: Knex) {
      await db.raw(`create table ${schema}.${AUDIT_OUTBOX_TABLE} (
        id uuid primary key,
        customer_id uuid,
        actor_id uuid,
        actor_role text not null,
        action text not null,
        target_type text not null,
        target_id text,
        request_id text,
        client_address text,
        details jsonb not null,
        occurred_at timestamptz not null)`);
      await db.raw(`create index ${AUDIT_OUTBOX_TABLE}_order on ${schema}.${AUDIT_OUTBOX_TABLE} (occurred_at, id)`);
    },
    async down(db: Knex) {
      await db.raw(`drop table if exists ${schema}.${AUDIT_OUTBOX_TABLE}`);
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids as PostgreSQL gives them back (a path may spell a UUID in capitals), so an entry hashes alike when read. */
export function normalisedAct(act: AuditAct): AuditAct {
  return {
    ...act,
    customerId: act.customerId?.toLowerCase() ?? null,
    actorId: act.actorId?.toLowerCase() ?? null,
    targetId: act.targetId && UUID.test(act.targetId) ? act.targetId.toLowerCase() : act.targetId,
  };
}

/** Writes acts to the area's audit outbox, in the transaction `on` of what they record. */
export async function recordAudit(on: Knex | Knex.Transaction, schema: string, acts: readonly AuditAct[]): Promise<void> {
  if (acts.length === 0) return;
  await on
    .withSchema(schema)
    .insert(
      acts.map(normalisedAct).map((act) => ({
        id: randomUUID(),
        customer_id: act.customerId,
        actor_id: act.actorId,
        actor_role: act.actorRole,
        action: act.action,
        target_type: act.targetType,
        target_id: act.targetId,
        request_id: act.requestId,
        client_address: act.clientAddress,
        details: JSON.stringify(act.details),
        occurred_at: act.occurredAt,
      })),
    )
    .into(AUDIT_OUTBOX_TABLE);
}
