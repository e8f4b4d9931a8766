import type { BusinessProfile } from './business-profile';

/** Kinds of court and filing records behind the BJL facts. */
export type BjlKind = 'BANKRUPTCY' | 'LIEN' | 'JUDGEMENT';

/** Status vocabulary per kind (ARCHITECTURE.md: liens and judgements active, released or satisfied). */
export const BJL_STATUSES = {
  BANKRUPTCY: ['open', 'discharged', 'dismissed'],
  LIEN: ['active', 'released'],
  JUDGEMENT: ['active', 'satisfied'],
} as const satisfies Record<BjlKind, readonly string[]>;

/** One bankruptcy, lien or judgement as the provider reports it. */
export interface BjlRecord {
  kind: BjlKind;
  /** The provider's own id of the record: stable across fetches, so a re-fetch updates, never duplicates. */
  providerRecordId: string;
  /** ISO 8601 timestamp. */
  filingDate: string;
  status: string;
  /** Amount in USD; null when the record carries none (bankruptcies, some liens). */
  amount: number | null;
}

/** A business's registration with a secretary of state. */
export interface CorporateFiling {
  businessName: string;
  /** ISO 8601 timestamp. */
  filingDate: string;
  incorporationState: string;
  corporationType: string;
  registrationType: string;
  secretaryOfStateStatus: string;
  /** ISO 8601 timestamp. */
  secretaryOfStateStatusDate: string;
}

/** Reviews of the business on one site. */
export interface ReviewSource {
  source: string;
  count: number;
}

/** Counts of consumer complaints by how the business answered them. */
export interface ComplaintResolutions {
  answered: number;
  resolved: number;
  unanswered: number;
  unresolved: number;
  other: number;
}

/**
 * Everything a public-records provider tells about a business, as raw facts. Statistics (means,
 * medians, percentages) are derived from these by our own code, so they always add up.
 */
export interface ProviderPublicRecords {
  corporateFiling: CorporateFiling | null;
  officialWebsite: string | null;
  /** Review counts per site; their sum is the number of reviews. */
  reviewSources: ReviewSource[];
  /** How many reviews gave 1 (or 0), 2, 3, 4 and 5 stars; the sum equals the sum of reviewSources. */
  ratingCounts: { oneOrZero: number; two: number; three: number; four: number; five: number };
  /** Distinct reviewers, and how many of them reviewed more than once. */
  reviewers: { total: number; duplicate: number };
  reviewsWithAlertWords: number;
  /** Average rating of the last complete month, and that month's first day (ISO 8601). */
  monthlyRating: number;
  monthlyRatingDate: string;
  /** Consumer complaints: the CFPB and FTC counts add up to the total, as do the resolutions. */
  complaints: { cfpb: number; ftc: number; withAlertWords: number; resolutions: ComplaintResolutions };
  /** Ownership certifications and head count; null where the provider does not know. */
  additional: { minorityOwned: boolean | null; womanOwned: boolean | null; veteranOwned: boolean | null; employees: number | null };
  records: BjlRecord[];
}

/**
 * A source of public records. Adding a vendor means one class implementing this, nothing else.
 * Throws {@link ProviderError} when it cannot answer.
 */
export interface PublicRecordsProvider {
  /** Stored with the data it fetched (`sandbox`, ...). */
  readonly name: string;
  /** The platform id facts cite as `source.platformId`. */
  readonly platformId: number;
  fetchPublicRecords(business: BusinessProfile): Promise<ProviderPublicRecords>;
}
