import { industryOfNaics, merchantCategoryCode, naicsCode } from '@kyb/industry-codes';
import type { BusinessEntry, ClassificationEntry, VerificationDirectory, VerificationEntry } from '@kyb/area-views';
import type { ClassificationSource, ReportClassification, ReportClassifiedCode, ReportVerification } from '../pdf/report-data';

/** The verification as the report shows it (checks in the order the integration area recorded them). */
export function reportVerification(entry: VerificationEntry | undefined): ReportVerification | null {
  if (!entry) return null;
  return {
    status: entry.status,
    verifiedAt: new Date(entry.verifiedAt),
    statusChangedAt: new Date(entry.statusChangedAt),
    checks: (entry.checks ?? []).map((check) => ({ code: check.code, result: check.result, reason: check.reason })),
  };
}

const classified = (code: string | null, source: ClassificationSource, titleOf: (code: string) => { title: string } | undefined): ReportClassifiedCode | null =>
  code ? { code, title: titleOf(code)?.title ?? null, source } : null;

/**
 * The classification: each code the client's (from the business) when it sent one, else the
 * provider's; titles and the sector from the code lists. Null when neither has a code.
 */
export function reportClassification(business: Pick<BusinessEntry, 'naicsCode' | 'mccCode'>, provided: ClassificationEntry | undefined): ReportClassification | null {
  const naics = business.naicsCode
    ? classified(business.naicsCode, 'client', naicsCode)
    : classified(provided?.naicsCode ?? null, 'provider', naicsCode);
  const mcc = business.mccCode
    ? classified(business.mccCode, 'client', merchantCategoryCode)
    : classified(provided?.mccCode ?? null, 'provider', merchantCategoryCode);
  if (!naics && !mcc) return null;
  const fromProvider = naics?.source === 'provider' || mcc?.source === 'provider';
  return {
    naics,
    mcc,
    industry: naics ? (industryOfNaics(naics.code)?.name ?? null) : null,
    provider: fromProvider ? (provided?.provider ?? null) : null,
    classifiedAt: fromProvider && provided ? new Date(provided.classifiedAt) : null,
  };
}

/** The business's verification and classification, read through the integration area's views. */
export async function loadVerificationAndClassification(directory: VerificationDirectory, business: BusinessEntry) {
  const [verification, classification] = await Promise.all([directory.verification(business.id), directory.classification(business.id)]);
  return { verification: reportVerification(verification), classification: reportClassification(business, classification) };
}
