/** The 360 report's MATCH screening section's data (issue 45), part of `ReportData`. */

/** The MATCH section's data: the newest screening, or null when none was run. */
export interface ReportMatch {
  screening: ReportMatchScreening | null;
}

/** A business's newest MATCH screening: its state, and once COMPLETED its result word and matched merchants. */
export interface ReportMatchScreening {
  id: string;
  /** PENDING, PROCESSING, COMPLETED or FAILED. */
  status: string;
  /** `No Match`, `Possible Match` or `Match` as stored; null unless COMPLETED. */
  result: string | null;
  provider: string;
  requestedAt: Date;
  completedAt: Date | null;
  merchants: ReportMatchedMerchant[];
}

/** A terminated merchant on the MATCH list the screening matched, with why it was listed. */
export interface ReportMatchedMerchant {
  name: string;
  reasonCode: string;
  reason: string;
  /** `YYYY-MM-DD`, or empty. */
  terminatedOn: string;
  addedByIca: string;
  /** The fields that agreed and how, e.g. `name (exact)`; empty when none did. */
  matchedOn: string[];
}
