import { createHash } from 'node:crypto';
import { withSortedKeys } from '@kyb/envelope';

/** The hash the first entry of a chain points back to. */
export const GENESIS_HASH = '0'.repeat(64);

/** An entry's fields that its hash covers: every stored field but its id and its own hash. */
export interface ChainedFields {
  chain: string;
  seq: number;
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
  prevHash: string;
}

/**
 * The canonical form of an entry: a JSON array of its fields in a fixed order, times as ISO text
 * with milliseconds, details with sorted keys. Any change to a field changes this text.
 */
export function canonicalForm(entry: ChainedFields): string {
  return JSON.stringify([
    'kyb-audit-v1',
    entry.chain,
    entry.seq,
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
    entry.prevHash,
  ]);
}

/** SHA-256 (hex) of the entry's canonical form. */
export function entryHash(entry: ChainedFields): string {
  return createHash('sha256').update(canonicalForm(entry)).digest('hex');
}

/** The chain of a tenant, or of the platform for acts of none. */
export const chainOf = (customerId: string | null): string => (customerId ? `customer:${customerId.toLowerCase()}` : 'platform');
