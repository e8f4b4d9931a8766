import { createHash } from 'node:crypto';
import { withSortedKeys } from '@kyb/envelope';

/** The hash the first entry of a chain points back to. */
export const GENESIS_HASH = '0'.repeat(64);

/** An entry's content: what it says, whatever its place in the chain. */
export interface EntryContent {
  chain: string;
  customerId: string | null;
  actorId: string | null;
  actorRole: string;
  action: string;
  targetType: string;
  targetId: string | null;
  requestId: string | null;
  clientAddress: string | null;
  details: Record<string, unknown>;
  occurredAt: Date;
}

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
