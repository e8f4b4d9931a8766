import type { FactorValueKind } from '@kyb/area-views';
import type { ReportDecision } from './report-decision-data';
import type { ReportMatch } from './report-match-data';

export type { ReportCase, ReportCaseFact, ReportCaseMove, ReportCaseOutcome, ReportDecision } from './report-decision-data';
export type { ReportMatch, ReportMatchedMerchant, ReportMatchScreening } from './report-match-data';

/**
 * Everything the 360 report shows, gathered by the report worker from the case, integration and
 * score areas' views. Sensitive values arrive masked already (TIN and SSN: `XXXXX6789`).
 */
export interface ReportData {
  reportId: string;
  generatedAt: Date;
  business: ReportBusiness;
  /** The business's latest verification; null when it was never verified (shown as UNVERIFIED). */
  verification: ReportVerification | null;
  /** NAICS and MCC codes with titles and where each came from; null when the business has neither. */
  classification: ReportClassification | null;
  owners: ReportOwner[];
  /** Null when public records were never fetched. */
  publicRecords: ReportPublicRecords | null;
  /** Null when public records were never fetched. */
  facts: ReportFacts | null;
  /** Null when the business has no successful score yet. */
  score: ReportScore | null;
  /** Monitoring's alerts of the business, open and acknowledged first, newest first (at most ten); empty when none was raised. */
  alerts: ReportAlert[];
  /**
   * The business's sanctions hits (issue 44), read through the integration area's hit directory.
   * Always set by the report worker; absent only in data built by hand (the section then says the
   * hits were not read, never that there are none).
   */
  sanctions?: ReportSanctions;
  /**
   * The business's newest MATCH screening (issue 45), read through the integration area's MATCH
   * screening directory. Always set by the report worker; absent only in data built by hand.
   */
  match?: ReportMatch;
  /**
   * The business's case and its decision (issue 45), read through the case area's case decision
   * directory for the report's tenant. Always set by the report worker; absent only in data built by hand.
   */
  decision?: ReportDecision;
}

/** Whose name matched a listed entry: the legal name, a DBA (the view does not say which) or an owner. */
export interface ReportSanctionSubject {
  role: 'legal_name' | 'dba' | 'owner';
  /** The legal name, or the owner's name as the owners table prints it; null for a DBA and for an owner no longer on file. */
  name: string | null;
}

/** One sanctions hit not dismissed and still listed: OPEN (to review) or CONFIRMED. */
export interface ReportSanctionHit {
  id: string;
  subject: ReportSanctionSubject;
  list: string;
  listVersion: string;
  entryId: string;
  entryName: string;
  /** individual, entity, vessel or aircraft. */
  entryType: string;
  programs: string[];
  /** The published name that matched: the entry's primary name or the alias's. */
  matchedName: string;
  /** The alias that matched (aka/fka/nka, strong or weak); null for the primary name. */
  alias: { kind: string; strength: string } | null;
  /** 0..1. */
  score: number;
  status: 'OPEN' | 'CONFIRMED';
  /** In plain words: what matched and what the evidence said. */
  reason: string;
  reviewedAt: Date | null;
  foundAt: Date;
}

/**
 * The sanctions section's data. The view lists hits only: which lists were screened (and when) is
 * not known to it, so no hits means none open or confirmed, not a record of a screening.
 */
export interface ReportSanctions {
  /** Confirmed first, then the highest score; at most the report's limit. */
  hits: ReportSanctionHit[];
  /** All the business's confirmed and open hits that may be shown (`hits` may hold fewer). */
  confirmedCount: number;
  openCount: number;
  /** Hits on owners whose personal data was erased: counted, never shown (they quote the owner's name). */
  erasedOwnerHits: number;
}

/** An alert monitoring raised between two scores of the business. */
export interface ReportAlert {
  rule: string;
  severity: string;
  status: string;
  title: string;
  summary: string;
  createdAt: Date;
}

export interface ReportBusiness {
  id: string;
  name: string;
  /** Masked. */
  tin: string | null;
  externalId: string | null;
  mobile: string | null;
  officialWebsite: string | null;
  address: string | null;
  createdAt: Date;
}

/** One check of a verification, as the integration area recorded it. */
export interface ReportVerificationCheck {
  /** TIN_MATCH, SOS_FILING, ADDRESS, OFFICERS or SANCTIONS. */
  code: string;
  /** PASS, FAIL or UNAVAILABLE. */
  result: string;
  reason: string;
}

/** A business's latest verification: VERIFIED only when the TIN and filing checks passed. */
export interface ReportVerification {
  status: string;
  verifiedAt: Date;
  statusChangedAt: Date;
  checks: ReportVerificationCheck[];
}

/** Where a classification value came from: the client's own, or the classification provider's. */
export type ClassificationSource = 'client' | 'provider';

/** One classified code (NAICS or MCC) with its title from the code list (null when the list lacks it). */
export interface ReportClassifiedCode {
  code: string;
  title: string | null;
  source: ClassificationSource;
}

/** The business's industry classification. */
export interface ReportClassification {
  naics: ReportClassifiedCode | null;
  mcc: ReportClassifiedCode | null;
  /** The NAICS sector's name (the contract's `industry`), from the NAICS code. */
  industry: string | null;
  /** The provider that classified, when a value came from it. */
  provider: string | null;
  classifiedAt: Date | null;
}

export interface ReportOwner {
  firstName: string;
  lastName: string;
  ownerType: 'CONTROL' | 'BENEFICIARY';
  ownershipPercentage: number | null;
  /** Masked. */
  ssn: string | null;
  city: string | null;
  state: string | null;
}

/** The public records of contract 2.2 a credit analyst reads first. */
export interface ReportPublicRecords {
  numberOfLiens: number;
  mostRecentLienStatus: string | null;
  numberOfBankruptcies: number;
  numberOfJudgements: number;
  corporateFilingName: string | null;
  corporateFilingDate: string | null;
  incorporationState: string | null;
  corporationType: string | null;
  secretaryOfStateStatus: string | null;
  averageRating: string;
  reviews: Array<{ source: string; count: number; percentage: string }>;
  complaintCount: number;
  numberOfEmployees: string;
  fetchedAt: Date;
}

/** One BJL record kind as the facts of E11 summarise it. */
export interface ReportFact {
  count: number;
  mostRecent: string | null;
  mostRecentStatus: string | null;
  mostRecentAmount: number | null;
}

export interface ReportFacts {
  bankruptcies: ReportFact;
  liens: ReportFact & { totalOpenAmount: number };
  judgements: ReportFact;
}

/** The latest successful score (contract 2.8). */
export interface ReportScore {
  id: string;
  weightedScore850: number;
  weightedScore100: number;
  riskLevel: string;
  decision: string;
  /** Config version (`2.2`) and id. */
  version: string;
  configId: string;
  generatedAt: Date;
  categories: Array<{ code: string; label: string; weight: number; score100: number | null }>;
  /**
   * `value` is the factor's raw input in its own unit: `valueKind` says which kind of number it is
   * (null when not known: printed bare) and `unit` the config's words for it (null when the config states none).
   */
  factors: Array<{
    categoryCode: string; code: string; label: string; value: number | null; score100: number | null; weight: number; status: string;
    valueKind: FactorValueKind | null; unit: string | null;
  }>;
  /** The change since the newest successful score of an earlier month; null when there is none. */
  change: ReportScoreChange | null;
  /** The reasons the score is not higher (stable codes, most points lost first); empty for scores older than reason codes. */
  reasonCodes: Array<{ code: string; reason: string; pointsLost850: number }>;
}

/** How the score moved since the previous month that has a successful score. */
export interface ReportScoreChange {
  /** The earlier score's month, `YYYY-MM`. */
  period: string;
  weightedScore850: number;
  riskLevel: string;
  decision: string;
  /** The latest score minus the earlier one, on the 850 scale. */
  change850: number;
  /** The factors whose contribution to the 850 score moved, largest move first (at most five). */
  factors: Array<{ code: string; label: string; change850: number }>;
}
