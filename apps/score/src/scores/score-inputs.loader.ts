import type {
  BjlEntry,
  FinancialProfileEntry,
  IntegrationDirectory,
  PublicRecordsEntry,
  VerificationDirectory,
  VerificationEntry,
} from '@kyb/area-views';
import type { ScoreSnapshot } from '../engine';

/** What the integration area published of one business, read alone or with a batch; undefined: never fetched. */
export interface PublishedInputs {
  records: PublicRecordsEntry | undefined;
  /** Newest filing first; empty when there are none. */
  bjl: BjlEntry[];
  profile: FinancialProfileEntry | undefined;
  /** The business's latest verification; undefined: never verified. */
  verification: VerificationEntry | undefined;
}

/**
 * The snapshot a score is computed from, mapped from what the integration area published: the one
 * mapping of the single and the batch paths. Records never fetched are null (the factors that need
 * them say so; BJL counts as never fetched without public records), as are unknown financials. Each
 * input names its provider and fetch time; the filing status is kept for monitoring's rules.
 */
export function snapshotOf(published: PublishedInputs, asOf: Date): ScoreSnapshot {
  const { records, bjl, profile, verification } = published;
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
    sources: {
      publicRecords: records ? { provider: records.provider, fetchedAt: records.updatedAt.toISOString(), taskId: records.taskId } : null,
      financials: profile && (profile.statements || profile.creditBureau) ? { provider: profile.provider, fetchedAt: profile.updatedAt.toISOString() } : null,
    },
    facts: { filingStatus: summary?.corporate_filing_secretary_of_state_status ?? null },
  };
}

/** The snapshot of one business's score, read through the integration area's views (four statements). */
export async function loadSnapshot(integration: IntegrationDirectory, verifications: VerificationDirectory, businessId: string, asOf: Date): Promise<ScoreSnapshot> {
  const [records, bjl, profile, verification] = await Promise.all([
    integration.publicRecords(businessId),
    integration.bjlRecords(businessId),
    integration.financialProfile(businessId),
    verifications.verification(businessId),
  ]);
  return snapshotOf({ records, bjl, profile, verification }, asOf);
}

/**
 * What was published of each business of `ids`, with its verification, in four statements whatever
 * their number (a batch); map it with {@link snapshotOf}.
 */
export async function loadPublishedInputsOfMany(
  integration: IntegrationDirectory,
  verifications: VerificationDirectory,
  ids: readonly string[],
): Promise<(businessId: string) => PublishedInputs> {
  const [records, bjl, profiles, verified] = await Promise.all([
    integration.publicRecordsOfMany(ids),
    integration.bjlRecordsOfMany(ids),
    integration.financialProfilesOfMany(ids),
    verifications.verificationsOfMany(ids),
  ]);
  return (businessId) => ({ records: records.get(businessId), bjl: bjl.get(businessId) ?? [], profile: profiles.get(businessId), verification: verified.get(businessId) });
}
