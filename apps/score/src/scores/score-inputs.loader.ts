import type {
  BjlEntry,
  FinancialProfileEntry,
  IntegrationDirectory,
  PublicRecordsEntry,
  VerificationDirectory,
  VerificationEntry,
} from '@kyb/area-views';
import type { ScoreInputs, VerificationInput } from '../engine';

/** What the integration area published of one business, read alone or with a batch; undefined: never fetched. */
export interface PublishedInputs {
  records: PublicRecordsEntry | undefined;
  /** Newest filing first; empty when there are none. */
  bjl: BjlEntry[];
  profile: FinancialProfileEntry | undefined;
}

/**
 * What a score is computed from, mapped from what the integration area published: the one mapping
 * of the single and the batch paths. Records never fetched are null (the factors that need them
 * say so; BJL counts as never fetched without public records), as are unknown financials.
 */
export function scoreInputsOf(published: PublishedInputs, asOf: Date): ScoreInputs {
  const { records, bjl, profile } = published;
  const summary = records?.summary;
  return {
    asOf,
    publicRecords: summary
      ? {
          averageRating: Number(summary.average_rating),
          reviewCount: summary.reviews.reduce((sum, r) => sum + r.count, 0),
          complaintCount: summary.compalint_statistics.count_of_complaints_all_time,
        }
      : null,
    bjl: records ? bjl : null,
    financials: profile?.statements ? { statements: profile.statements } : null,
    creditBureau: profile?.creditBureau ?? null,
  };
}

/** A business's latest verification as a score reads it; null: never verified. */
export function verificationInputOf(entry: VerificationEntry | undefined): VerificationInput | null {
  return entry ? { status: entry.status, verifiedAt: new Date(entry.verifiedAt) } : null;
}

/** The score inputs of one business, read through the integration area's views (three statements). */
export async function loadScoreInputs(integration: IntegrationDirectory, businessId: string, asOf: Date): Promise<ScoreInputs> {
  const [records, bjl, profile] = await Promise.all([
    integration.publicRecords(businessId),
    integration.bjlRecords(businessId),
    integration.financialProfile(businessId),
  ]);
  return scoreInputsOf({ records, bjl, profile }, asOf);
}

/**
 * What was published of each business of `ids`, in three statements whatever their number (a
 * batch); map it with {@link scoreInputsOf}.
 */
export async function loadPublishedInputsOfMany(integration: IntegrationDirectory, ids: readonly string[]): Promise<(businessId: string) => PublishedInputs> {
  const [records, bjl, profiles] = await Promise.all([
    integration.publicRecordsOfMany(ids),
    integration.bjlRecordsOfMany(ids),
    integration.financialProfilesOfMany(ids),
  ]);
  return (businessId) => ({ records: records.get(businessId), bjl: bjl.get(businessId) ?? [], profile: profiles.get(businessId) });
}

/**
 * The business's latest verification, read only for a config with a verification rule (a config
 * without one never depends on the integration area's verification view); null: never verified.
 */
export async function loadVerificationInput(verification: VerificationDirectory, businessId: string): Promise<VerificationInput | null> {
  return verificationInputOf(await verification.verification(businessId));
}
