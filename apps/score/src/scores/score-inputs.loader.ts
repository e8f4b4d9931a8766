import type {
  BjlEntry,
  FinancialProfileEntry,
  IntegrationDirectory,
  PublicRecordsEntry,
  VerificationDirectory,
  VerificationEntry,
  WatchlistHitDirectory,
  WatchlistHitEntry,
} from '@kyb/area-views';
import type { ScoreSnapshot, SnapshotWatchlistHit } from '../engine';

/** What the integration area published of one business, read alone or with a batch; undefined: never fetched. */
export interface PublishedInputs {
  records: PublicRecordsEntry | undefined;
  /** Newest filing first; empty when there are none. */
  bjl: BjlEntry[];
  profile: FinancialProfileEntry | undefined;
  /** The business's latest verification; undefined: never verified. */
  verification: VerificationEntry | undefined;
  /** The business's sanctions hits (OPEN or CONFIRMED, confirmed first); absent or empty: none. */
  watchlistHits?: WatchlistHitEntry[];
}

/** What the score area reads of the integration area's views: its records, the verifications and the sanctions hits. */
export interface InputDirectories {
  integration: IntegrationDirectory;
  verification: VerificationDirectory;
  watchlist: WatchlistHitDirectory;
}

/** A hit as a snapshot keeps it: the list's entry and whose name matched by role, never the matched name or the owner. */
const keptHit = (hit: WatchlistHitEntry): SnapshotWatchlistHit => ({
  id: hit.id,
  list: hit.list,
  entryId: hit.entryId,
  entryName: hit.entryName,
  subjectRole: hit.subjectRole,
  status: hit.status,
  score: hit.score,
});

/**
 * The snapshot a score is computed from, mapped from what the integration area published: the one
 * mapping of the single and the batch paths. Records never fetched are null (the factors that need
 * them say so; BJL counts as never fetched without public records), as are unknown financials. Each
 * input names its provider and fetch time; the filing status is kept for monitoring's rules.
 */
export function snapshotOf(published: PublishedInputs, asOf: Date): ScoreSnapshot {
  const { records, bjl, profile, verification, watchlistHits = [] } = published;
  const summary = records?.summary;
  return {
    format: 1,
    asOf: asOf.toISOString(),
    publicRecords: summary
      ? {
          averageRating: Number(summary.average_rating),
          reviewCount: summary.reviews.reduce((sum, r) => sum + r.count, 0),
          complaintCount: summary.compalint_statistics.count_of_complaints_all_time,
        }
      : null,
    bjl: records
      ? bjl.map((r) => ({ kind: r.kind, filingDate: r.filingDate.toISOString(), status: r.status, amount: r.amount, ...(r.recordId === undefined ? {} : { recordId: r.recordId }) }))
      : null,
    financials: profile?.statements ? { statements: profile.statements } : null,
    creditBureau: profile?.creditBureau ?? null,
    verification: verification ? { status: verification.status, verifiedAt: verification.verifiedAt.toISOString() } : null,
    // Kept only when there are hits: a snapshot without them had none (older snapshots read the same).
    ...(watchlistHits.length === 0 ? {} : { watchlistHits: watchlistHits.map(keptHit) }),
    sources: {
      publicRecords: records ? { provider: records.provider, fetchedAt: records.updatedAt.toISOString(), taskId: records.taskId } : null,
      financials: profile && (profile.statements || profile.creditBureau) ? { provider: profile.provider, fetchedAt: profile.updatedAt.toISOString() } : null,
    },
    facts: { filingStatus: summary?.corporate_filing_secretary_of_state_status ?? null },
  };
}

/** The snapshot of one business's score, read through the integration area's views (five statements). */
export async function loadSnapshot(views: InputDirectories, businessId: string, asOf: Date): Promise<ScoreSnapshot> {
  const [records, bjl, profile, verification, watchlistHits] = await Promise.all([
    views.integration.publicRecords(businessId),
    views.integration.bjlRecords(businessId),
    views.integration.financialProfile(businessId),
    views.verification.verification(businessId),
    views.watchlist.hitsOf(businessId),
  ]);
  return snapshotOf({ records, bjl, profile, verification, watchlistHits }, asOf);
}

/**
 * What was published of each business of `ids`, with its verification and sanctions hits, in five
 * statements whatever their number (a batch); map it with {@link snapshotOf}.
 */
export async function loadPublishedInputsOfMany(views: InputDirectories, ids: readonly string[]): Promise<(businessId: string) => PublishedInputs> {
  const [records, bjl, profiles, verified, hits] = await Promise.all([
    views.integration.publicRecordsOfMany(ids),
    views.integration.bjlRecordsOfMany(ids),
    views.integration.financialProfilesOfMany(ids),
    views.verification.verificationsOfMany(ids),
    views.watchlist.hitsOfMany(ids),
  ]);
  return (businessId) => ({
    records: records.get(businessId),
    bjl: bjl.get(businessId) ?? [],
    profile: profiles.get(businessId),
    verification: verified.get(businessId),
    watchlistHits: hits.get(businessId) ?? [],
  });
}
