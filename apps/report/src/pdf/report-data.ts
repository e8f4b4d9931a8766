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
  /** TIN_MATCH, SOS_FILING, ADDRESS or OFFICERS. */
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
  factors: Array<{ categoryCode: string; code: string; label: string; value: number | null; score100: number | null; weight: number; status: string }>;
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
