/**
 * The business's verification (status, when, and every check with its result and reason) and its
 * industry classification (NAICS, MCC, sector, and where each code came from).
 */
import { fieldGrid, messageBox, sectionTitle } from './blocks';
import { DASH, formatIsoUtc, orDash } from './format';
import { COLOR, type Doc } from './layout';
import type { ReportClassification, ReportClassifiedCode, ReportVerification } from './report-data';
import { drawTable } from './tables';

/** Shown instead of the checks when the business was never verified. */
export const NEVER_VERIFIED_MESSAGE = 'This business has not been verified yet: its status is UNVERIFIED.';
/** Shown instead of the classification when the business has no NAICS or MCC code. */
export const NOT_CLASSIFIED_MESSAGE = 'This business has not been classified yet.';

/** The status the report prints: the verification's, UNVERIFIED when there is none. */
export const verificationStatusOf = (verification: ReportVerification | null): string => verification?.status ?? 'UNVERIFIED';

/** What each check verifies, in words. */
const CHECK_LABELS: Record<string, string> = {
  TIN_MATCH: 'TIN matches the legal name',
  SOS_FILING: 'Secretary of state filing',
  ADDRESS: 'Deliverable address',
  OFFICERS: 'Owners match the officers',
  SANCTIONS: 'No confirmed sanctions hit',
};

const RESULT_COLORS: Record<string, string> = { PASS: COLOR.low, FAIL: COLOR.high, UNAVAILABLE: COLOR.moderateText };

/** Section: the verification, with one row per check. */
export function drawVerificationSection(doc: Doc, verification: ReportVerification | null): void {
  sectionTitle(doc, 'Verification');
  if (!verification) {
    messageBox(doc, NEVER_VERIFIED_MESSAGE);
    return;
  }
  fieldGrid(doc, [
    ['Verification status', orDash(verification.status)],
    ['Verified', formatIsoUtc(verification.verifiedAt)],
    ['Status since', formatIsoUtc(verification.statusChangedAt)],
    ['Checks', String(verification.checks.length)],
  ]);
  if (verification.checks.length === 0) return;
  drawTable(doc, {
    columns: [
      { header: 'Check', weight: 2.6, bold: true },
      { header: 'Result', weight: 1.3 },
      { header: 'Reason', weight: 5, maxLines: 3 },
    ],
    rows: verification.checks.map((check) => [CHECK_LABELS[check.code] ?? orDash(check.code), orDash(check.result), orDash(check.reason)]),
    continuedLabel: 'Verification (continued)',
    cellColor: (row, column) => (column === 1 ? RESULT_COLORS[verification.checks[row].result] : undefined),
  });
}

const codeText = (code: ReportClassifiedCode | null): string => (code ? (code.title ? `${code.code} ${code.title}` : code.code) : DASH);
const sourceText = (code: ReportClassifiedCode | null, provider: string | null): string =>
  !code ? DASH : code.source === 'client' ? 'Client' : `Provider${provider ? ` (${provider})` : ''}`;

/** Section: the industry classification, client codes first, else the provider's. */
export function drawClassificationSection(doc: Doc, classification: ReportClassification | null): void {
  sectionTitle(doc, 'Industry classification');
  if (!classification) {
    messageBox(doc, NOT_CLASSIFIED_MESSAGE);
    return;
  }
  fieldGrid(
    doc,
    [
      ['Industry', orDash(classification.industry)],
      ['NAICS', codeText(classification.naics)],
      ['NAICS source', sourceText(classification.naics, classification.provider)],
      ['MCC', codeText(classification.mcc)],
      ['MCC source', sourceText(classification.mcc, classification.provider)],
      ['Classified', formatIsoUtc(classification.classifiedAt)],
    ],
    1,
  );
}
