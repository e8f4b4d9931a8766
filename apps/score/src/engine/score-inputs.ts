import type { CreditBureauReport, FinancialStatement } from '@kyb/area-views';

export type { FinancialStatement };

/**
 * What a score is computed from, as the score area reads it from the integration area's views
 * (public records, BJL records, financial statements and the credit bureau). `null` means the
 * input is missing: the factors that need it say so and the remaining weights are renormalised.
 */
export interface ScoreInputs {
  /** When the score is computed; recency of records is measured from here. */
  asOf: Date;
  publicRecords: PublicRecordInputs | null;
  /** Bankruptcies, liens and judgements; null when public records were never fetched. */
  bjl: BjlInput[] | null;
  financials: FinancialInputs | null;
  creditBureau: CreditBureauInput | null;
  /** The business's latest verification; null or absent when it was never verified (read only by configs with a verification rule). */
  verification?: VerificationInput | null;
  /** The business's sanctions hits (not dismissed, still listed); absent or empty: none (read only through the config's watchlist rule). */
  watchlistHits?: WatchlistHitInput[];
}

/** One sanctions hit of the business as the integration area publishes it: OPEN (not yet reviewed) or CONFIRMED. */
export interface WatchlistHitInput {
  id: string;
  /** The list it is on, e.g. `ofac-sdn`. */
  list: string;
  entryId: string;
  /** The listed party's name, as the list publishes it. */
  entryName: string;
  /** Whose name matched: the legal name, a DBA or an owner (never which owner, nor the name). */
  subjectRole: 'legal_name' | 'dba' | 'owner';
  status: 'OPEN' | 'CONFIRMED';
  /** The match's score, 0..1. */
  score: number;
}

/** A business's verification as the integration area publishes it. */
export interface VerificationInput {
  status: 'VERIFIED' | 'UNVERIFIED';
  verifiedAt: Date;
}

/** From the public records (contract 2.2) of the business. */
export interface PublicRecordInputs {
  /** Mean star rating 0..5 (`average_rating`). */
  averageRating: number;
  /** Number of reviews over all sites. */
  reviewCount: number;
  /** Consumer complaints of all time. */
  complaintCount: number;
}

/** One bankruptcy, lien or judgement. */
export interface BjlInput {
  kind: 'BANKRUPTCY' | 'LIEN' | 'JUDGEMENT';
  filingDate: Date;
  /** Bankruptcy: open, discharged, dismissed; lien: active, released; judgement: active, satisfied. */
  status: string;
  /** USD; null when the record has none. */
  amount: number | null;
}

/** The business's financial statements, oldest year first (one or more years). */
export interface FinancialInputs {
  statements: FinancialStatement[];
}

/** The business credit bureau's view (score 0..100, higher is better; delinquent accounts). */
export type CreditBureauInput = CreditBureauReport;
