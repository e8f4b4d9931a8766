import type { Knex } from 'knex';
import type { Migration } from '../migrations';
import { recordOutsideTransaction } from './audit-group-commit';
import { runChained, type StatementPart } from '../json-rows';
import { auditInsertSql, auditRowOf, columnsOf } from './audit-outbox-insert';
import type { AuditAct } from './audit-act';

export type { AuditAct } from './audit-act';

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

/**
 * The relay takes an outbox's acts by tenant (the platform's first), time and id (the order every
 * relay locks chains in): without an index in that order each batch read and sorted the whole
 * outbox, so a backlog (after an outage, under thousands of audited reads a second) took time
 * growing with its square to drain. Replaces the index by time alone, which nothing reads by.
 */
export function auditOutboxRelayOrderMigration(schema: string, name: string): Migration {
  return {
    name,
    async up(db: Knex) {
      await db.raw(`create index ${AUDIT_OUTBOX_TABLE}_relay_order on ${schema}.${AUDIT_OUTBOX_TABLE} (customer_id nulls first, occurred_at, id)`);
      await db.raw(`drop index if exists ${schema}.${AUDIT_OUTBOX_TABLE}_order`);
    },
    async down(db: Knex) {
      await db.raw(`create index ${AUDIT_OUTBOX_TABLE}_order on ${schema}.${AUDIT_OUTBOX_TABLE} (occurred_at, id)`);
      await db.raw(`drop index if exists ${schema}.${AUDIT_OUTBOX_TABLE}_relay_order`);
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

/**
 * The statement part writing `acts` to the area's audit outbox, for a transaction's chained
 * statement (`runChained`): the acts are kept exactly when what they record is. An act PostgreSQL
 * could not hold is refused here (`UnstorableAuditActError`).
 */
export function auditInsertPart(schema: string, acts: readonly AuditAct[]): StatementPart {
  return { sql: auditInsertSql(schema, () => '?'), bindings: columnsOf(acts.map((act) => auditRowOf(normalisedAct(act)))) };
}

/**
 * Writes acts to the area's audit outbox (`<schema>.audit_outbox`; `schema` a plain name, as the
 * areas' constants are). In a transaction `on`, in it: the acts are kept exactly when what they
 * record is. Outside one (a read audited before it is answered), by group commit: acts recorded at
 * the same time share one prepared statement and one commit, and each call resolves once its acts
 * are committed, or rejects with the statement's error. An act PostgreSQL could not hold (a NUL,
 * an id that is no UUID) is refused alone, before it joins a statement (`UnstorableAuditActError`).
 */
export async function recordAudit(on: Knex | Knex.Transaction, schema: string, acts: readonly AuditAct[]): Promise<void> {
  if (acts.length === 0) return;
  if ((on as Knex.Transaction).isTransaction) {
    await runChained(on, [auditInsertPart(schema, acts)]);
    return;
  }
  const rows = acts.map((act) => auditRowOf(normalisedAct(act)));
  await recordOutsideTransaction(on, schema, rows);
}
