/**
 * The MATCH screening section (issue 45): the business's newest Mastercard MATCH screening, its
 * result, when and by which provider, and each terminated merchant it matched with the reason the
 * merchant was listed; or a plain message when no screening was run or it has no result.
 */
import { fieldGrid, messageBox, sectionNote, sectionTitle, subTitle, type Field } from './blocks';
import { DASH, formatDate, formatIsoUtc, orDash } from './format';
import type { Doc } from './layout';
import type { ReportMatch, ReportMatchedMerchant, ReportMatchScreening } from './report-data';

/** Shown when the business was never screened (or no screening of it is on file). */
export const NO_MATCH_SCREENING_MESSAGE = 'No MATCH screening was run for this business.';
/** Shown when the report was built without reading the screening (data made by hand). */
export const MATCH_NOT_READ_MESSAGE = 'MATCH screening was not read for this report.';
/** Shown for a completed screening that matched no terminated merchant. */
export const NO_MATCHED_MERCHANTS_MESSAGE = 'No terminated merchant on the MATCH list matched this business.';
/** Printed under the title: what MATCH is and which screening this is. */
export const MATCH_NOTE =
  "Mastercard MATCH lists merchants whose acquirers terminated them, with the reason. This is the business's newest screening; a newer one still running or failed is shown as such, never an older result.";

/** What the section says of a screening that has no result. */
export const runningMessage = (requestedAt: Date): string => `The newest MATCH screening, requested ${formatIsoUtc(requestedAt)}, is still running: it has no result yet.`;
export const failedMessage = (requestedAt: Date): string => `The newest MATCH screening, requested ${formatIsoUtc(requestedAt)}, failed: it has no result. Screen the business again for one.`;

function screeningFields(screening: ReportMatchScreening): Field[] {
  return [
    ['Result', orDash(screening.result)],
    ['Provider', orDash(screening.provider)],
    ['Requested', formatIsoUtc(screening.requestedAt)],
    ['Completed', formatIsoUtc(screening.completedAt)],
    ['Status', orDash(screening.status)],
  ];
}

/** The screening's id on a row of its own: a UUID does not fit half the width unbroken. */
const idField = (screening: ReportMatchScreening): Field[] => [['Screening ID', orDash(screening.id)]];

/** `12: Payment Card Industry ...`, the code alone, the text alone, or a dash. */
export function reasonText(merchant: Pick<ReportMatchedMerchant, 'reasonCode' | 'reason'>): string {
  const code = merchant.reasonCode.trim();
  const reason = merchant.reason.trim();
  if (code && reason) return `${code}: ${reason}`;
  return code || reason || DASH;
}

function merchantFields(merchant: ReportMatchedMerchant): Field[] {
  return [
    ['Reason listed', reasonText(merchant)],
    ['Terminated', formatDate(merchant.terminatedOn)],
    ['Listed by ICA', orDash(merchant.addedByIca)],
    ['Matched on', merchant.matchedOn.length > 0 ? merchant.matchedOn.join(', ') : 'no field agreed'],
  ];
}

/** Section: MATCH screening. */
export function drawMatchSection(doc: Doc, match: ReportMatch | undefined): void {
  sectionTitle(doc, 'MATCH screening', 120);
  if (!match) {
    messageBox(doc, MATCH_NOT_READ_MESSAGE);
    return;
  }
  const screening = match.screening;
  if (!screening) {
    messageBox(doc, NO_MATCH_SCREENING_MESSAGE);
    return;
  }
  sectionNote(doc, MATCH_NOTE);
  if (screening.status !== 'COMPLETED') {
    messageBox(doc, screening.status === 'FAILED' ? failedMessage(screening.requestedAt) : runningMessage(screening.requestedAt));
    fieldGrid(doc, screeningFields(screening).filter(([label]) => label !== 'Result' && label !== 'Completed'));
    fieldGrid(doc, idField(screening), 1);
    return;
  }
  fieldGrid(doc, screeningFields(screening));
  fieldGrid(doc, idField(screening), 1);
  if (screening.merchants.length === 0) {
    messageBox(doc, NO_MATCHED_MERCHANTS_MESSAGE);
    return;
  }
  screening.merchants.forEach((merchant, i) => {
    subTitle(doc, `Matched merchant ${i + 1}: ${orDash(merchant.name)}`, 60);
    fieldGrid(doc, merchantFields(merchant));
  });
}
