import { createHash } from 'node:crypto';
import type { AuditAct } from '@kyb/db';
import { withSortedKeys } from '@kyb/envelope';

/** The hash the first entry of a chain points back to. */
export const GENESIS_HASH = '0'.repeat(64);

/** An entry's content: what it says, whatever its place in the chain. */
export type EntryContent = Omit<AuditAct, 'details'> & { chain: string; details: Record<string, unknown> };

/** An act as a table stores it (the audit log's entries and the areas' audit outboxes share these columns). */
export interface AuditActRow {
  customer_id: string | null;
  actor_id: string | null;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: string | null;
  request_id: string | null;
  client_address: string | null;
  details: AuditAct['details'];
  occurred_at: Date;
}

/** The act a stored row holds. */
export const actOfRow = (row: AuditActRow): AuditAct => ({
  customerId: row.customer_id,
  actorId: row.actor_id,
  actorRole: row.actor_role,
  action: row.action,
  targetType: row.target_type,
  targetId: row.target_id,
  requestId: row.request_id,
  clientAddress: row.client_address,
  details: row.details,
  occurredAt: row.occurred_at,
});

/**
 * The canonical form of an entry's content: a JSON array of its fields in a fixed order, times as
 * ISO text with milliseconds, details with sorted keys. Any change to a field changes this text.
 */
export function canonicalForm(entry: EntryContent): string {
  return JSON.stringify([
    'kyb-audit-v1',
    entry.chain,
    entry.customerId,
    entry.actorId,
    entry.actorRole,
    entry.action,
    entry.targetType,
    entry.targetId,
    entry.requestId,
    entry.clientAddress,
    withSortedKeys(entry.details),
    entry.occurredAt.toISOString(),
  ]);
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** SHA-256 (hex) of an entry's canonical content. */
export const contentHash = (entry: EntryContent): string => sha256(canonicalForm(entry));

/**
 * An entry's hash: its place (the previous entry's hash and its number) and its content, as
 * `auth.append_audit_event` computes it when appending: sha256(prev_hash ':' seq ':' content hash).
 */
export const entryHash = (prevHash: string, seq: number, content: EntryContent): string => sha256(`${prevHash}:${seq}:${contentHash(content)}`);

/** The chain of a tenant, or of the platform for acts of none. */
export const chainOf = (customerId: string | null): string => (customerId ? `customer:${customerId.toLowerCase()}` : 'platform');
