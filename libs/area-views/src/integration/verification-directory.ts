import type { Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';
import { uuidsOf } from '../case/business-directory';

/** The integration area's read modules of business verification and classification, created by its migrations. */
export const VERIFICATION_DIRECTORY_VIEW = 'integration.business_verification_directory';
export const CLASSIFICATION_DIRECTORY_VIEW = 'integration.business_classification_directory';

/** The checks a verification runs, in the order they are shown. */
export const VERIFICATION_CHECK_CODES = ['TIN_MATCH', 'SOS_FILING', 'ADDRESS', 'OFFICERS', 'SANCTIONS'] as const;
export type VerificationCheckCode = (typeof VERIFICATION_CHECK_CODES)[number];
/** What one check found: it passed, it failed, or it could not be run (no data, provider down). */
export type VerificationCheckResult = 'PASS' | 'FAIL' | 'UNAVAILABLE';

/** One check of a verification, with why it ended as it did (written for the API's readers, no TIN). */
export interface VerificationCheck {
  code: VerificationCheckCode;
  result: VerificationCheckResult;
  reason: string;
}

/** A business's latest verification. `status` is VERIFIED only when the TIN and filing checks pass and no confirmed sanctions hit is listed. */
export interface VerificationEntry {
  businessId: string;
  status: 'VERIFIED' | 'UNVERIFIED';
  checks: VerificationCheck[];
  verifiedAt: Date;
  /** When the status last changed (the first verification counts as a change). */
  statusChangedAt: Date;
}

/** The industry a provider classified a business in (codes only; titles come from the code lists). */
export interface ClassificationEntry {
  businessId: string;
  naicsCode: string | null;
  mccCode: string | null;
  provider: string;
  classifiedAt: Date;
}

type Row = Record<string, unknown>;

const toVerification = (row: Row): VerificationEntry => ({
  businessId: row.business_id as string,
  status: row.status as 'VERIFIED' | 'UNVERIFIED',
  checks: (typeof row.checks === 'string' ? JSON.parse(row.checks) : row.checks) as VerificationCheck[],
  verifiedAt: row.verified_at as Date,
  statusChangedAt: row.status_changed_at as Date,
});

const toClassification = (row: Row): ClassificationEntry => ({
  businessId: row.business_id as string,
  naicsCode: (row.naics_code as string | null) ?? null,
  mccCode: (row.mcc_code as string | null) ?? null,
  provider: row.provider as string,
  classifiedAt: row.classified_at as Date,
});

/** Reads the latest verification and classification of businesses through the integration area's views. */
export function createVerificationDirectory(db: Knex) {
  return {
    /** The latest verification, or undefined (never verified, or not a UUID). */
    async verification(businessId: string): Promise<VerificationEntry | undefined> {
      if (!isUuid(businessId)) return undefined;
      const row = await db(VERIFICATION_DIRECTORY_VIEW).where({ business_id: businessId }).first();
      return row ? toVerification(row) : undefined;
    },
    /** The latest verification of each business of `ids` that was verified, in one statement (a batch). */
    async verificationsOfMany(ids: readonly string[]): Promise<Map<string, VerificationEntry>> {
      const wanted = uuidsOf(ids);
      if (wanted.length === 0) return new Map();
      const rows: Row[] = await db(VERIFICATION_DIRECTORY_VIEW).whereRaw('business_id = any(?::uuid[])', [wanted]);
      return new Map(rows.map((row) => [row.business_id as string, toVerification(row)]));
    },
    /** The provider's classification, or undefined (not classified, or not a UUID). */
    async classification(businessId: string): Promise<ClassificationEntry | undefined> {
      if (!isUuid(businessId)) return undefined;
      const row = await db(CLASSIFICATION_DIRECTORY_VIEW).where({ business_id: businessId }).first();
      return row ? toClassification(row) : undefined;
    },
  };
}

/** The verification directory type, for injection. */
export type VerificationDirectory = ReturnType<typeof createVerificationDirectory>;
