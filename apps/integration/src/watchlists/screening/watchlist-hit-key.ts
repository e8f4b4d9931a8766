import { createHash } from 'node:crypto';
import type { WatchlistSubject } from '../../providers/watchlist.provider';

/** A name as a hit is kept apart by: case, accents, punctuation and spacing do not make another hit. */
export function comparableName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * What makes one hit (ARCHITECTURE.md, issue 44): whose name (role and id), the name as screened,
 * and the list's entry. Found again by a later screening it is the same hit, so its review stays and
 * a dismissed one does not come back; a renamed owner or a new DBA is another name, screened anew.
 * Hashed: the key is compared, never read, and must not quote the name.
 */
export function hitKeyOf(subject: Pick<WatchlistSubject, 'role' | 'refId' | 'name'>, list: string, entryId: string): string {
  return createHash('sha256').update(JSON.stringify([subject.role, subject.refId, comparableName(subject.name), list, entryId])).digest('hex');
}
