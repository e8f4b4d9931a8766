import type { IntegrationDirectory, VerificationDirectory } from '@kyb/area-views';
import type { ScoreInputs, VerificationInput } from '../engine';

/**
 * What a score is computed from, read through the integration area's views. Records never
 * fetched are null (the factors that need them say so), as are unknown financials.
 */
export async function loadScoreInputs(integration: IntegrationDirectory, businessId: string, asOf: Date): Promise<ScoreInputs> {
  const [records, bjl, profile] = await Promise.all([
    integration.publicRecords(businessId),
    integration.bjlRecords(businessId),
    integration.financialProfile(businessId),
  ]);
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

/**
 * The business's latest verification, read only for a config with a verification rule (a config
 * without one never depends on the integration area's verification view); null: never verified.
 */
export async function loadVerificationInput(verification: VerificationDirectory, businessId: string): Promise<VerificationInput | null> {
  const entry = await verification.verification(businessId);
  return entry ? { status: entry.status, verifiedAt: new Date(entry.verifiedAt) } : null;
}
