import type { BusinessEntry, BusinessOwnerEntry, WatchlistHitEntry } from '@kyb/area-views';
import { ownerName } from '../pdf/profile-section';
import type { ReportSanctionHit, ReportSanctions, ReportSanctionSubject } from '../pdf/report-data';

/** Sanctions hits a report shows at most (confirmed first, then the highest score); the section counts the rest. */
export const REPORT_SANCTION_HITS = 25;

/** What the case area's owner erasure leaves in both of an owner's names (docs/guides/data-keys-and-erasure.md). */
const ERASED_NAME = '[erased]';

const isErased = (owner: Pick<BusinessOwnerEntry, 'firstName' | 'lastName'>) => owner.firstName === ERASED_NAME || owner.lastName === ERASED_NAME;

/** Confirmed before open, then the highest score; otherwise the directory's order. */
const byReviewThenScore = (a: WatchlistHitEntry, b: WatchlistHitEntry) => Number(b.status === 'CONFIRMED') - Number(a.status === 'CONFIRMED') || b.score - a.score;

function subjectOf(hit: WatchlistHitEntry, business: Pick<BusinessEntry, 'name'>, owner: BusinessOwnerEntry | undefined): ReportSanctionSubject {
  if (hit.subjectRole === 'owner') return { role: 'owner', name: owner ? ownerName(owner) : null };
  if (hit.subjectRole === 'dba') return { role: 'dba', name: null };
  return { role: 'legal_name', name: business.name };
}

const reportHit = (hit: WatchlistHitEntry, subject: ReportSanctionSubject): ReportSanctionHit => ({
  id: hit.id,
  subject,
  list: hit.list,
  listVersion: hit.listVersion,
  entryId: hit.entryId,
  entryName: hit.entryName,
  entryType: hit.entryType,
  programs: [...hit.programs],
  matchedName: hit.matchedName,
  alias: hit.alias ? { kind: hit.alias.kind, strength: hit.alias.strength } : null,
  score: hit.score,
  status: hit.status,
  reason: hit.reason,
  reviewedAt: hit.reviewedAt ? new Date(hit.reviewedAt) : null,
  foundAt: new Date(hit.createdAt),
});

/**
 * The sanctions section: the business's hits (not dismissed, still listed) with whose name matched.
 * An owner's hit names the owner as the owners table does. A hit on an erased owner is counted and
 * left out whole: its entry, matched name and reason may quote the erased name (the sandbox lists
 * the name itself). The owner's erasure deletes those hits; this guards a hit read in between.
 */
export function reportSanctions(hits: readonly WatchlistHitEntry[], business: Pick<BusinessEntry, 'name'>, owners: readonly BusinessOwnerEntry[]): ReportSanctions {
  const ownersById = new Map(owners.map((owner) => [owner.id, owner]));
  let erasedOwnerHits = 0;
  const shown: WatchlistHitEntry[] = [];
  for (const hit of hits) {
    const owner = hit.subjectRole === 'owner' ? ownersById.get(hit.subjectRef) : undefined;
    if (owner && isErased(owner)) erasedOwnerHits += 1;
    else shown.push(hit);
  }
  shown.sort(byReviewThenScore);
  const confirmedCount = shown.filter((hit) => hit.status === 'CONFIRMED').length;
  return {
    hits: shown.slice(0, REPORT_SANCTION_HITS).map((hit) => reportHit(hit, subjectOf(hit, business, hit.subjectRole === 'owner' ? ownersById.get(hit.subjectRef) : undefined))),
    confirmedCount,
    openCount: shown.length - confirmedCount,
    erasedOwnerHits,
  };
}
