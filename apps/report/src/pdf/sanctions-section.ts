/**
 * The sanctions section (issue 44): the business's hits not dismissed and still listed, confirmed
 * first, each with whose name matched, the list and version, the entry, the matched name or alias,
 * the score and the reason a person judges it by; or a message when there are none.
 */
import { fieldGrid, messageBox, sectionTitle, subTitle, type Field } from './blocks';
import { DASH, formatIsoUtc, formatNumber, orDash } from './format';
import { COLOR, type Doc, FONT, contentWidth, left, measureBlock, writeBlock } from './layout';
import type { ReportSanctionHit, ReportSanctions, ReportSanctionSubject } from './report-data';

/** Shown instead of the hits when the business has none open or confirmed. */
export const NO_SANCTIONS_HITS_MESSAGE = 'No sanctions hits: none is open or confirmed on the legal name, a DBA or an owner.';
/** Shown when the report was built without reading the hits (data made by hand). */
export const SANCTIONS_NOT_READ_MESSAGE = 'Sanctions hits were not read for this report.';
/** Printed under the title: what the hits do and do not say. */
export const SANCTIONS_NOTE =
  'Hits not dismissed and still listed, confirmed first. Which lists were screened, and when, is not known to this report: it reads the hits only.';

const STATUS_TEXT: Record<ReportSanctionHit['status'], string> = { CONFIRMED: 'CONFIRMED', OPEN: 'OPEN (to review)' };
const ROLE_TEXT: Record<ReportSanctionSubject['role'], string> = { legal_name: 'Legal name', dba: 'DBA', owner: 'Owner' };

/** Whose name matched: the role, and the legal name or the owner's name when known. */
export function subjectText(subject: ReportSanctionSubject): string {
  if (subject.role === 'dba') return 'DBA (a trade name of the business)';
  if (subject.role === 'owner' && subject.name === null) return 'Owner (no longer on file)';
  return `${ROLE_TEXT[subject.role]}: ${orDash(subject.name)}`;
}

/** `97.1%` of a 0..1 score. */
export const scoreText = (score: number): string => (Number.isFinite(score) ? `${formatNumber(score * 100, 1)}%` : DASH);

const hits = (n: number, what: string): string => (n === 1 ? `1 hit ${what} is not shown.` : `${n} hits ${what} are not shown.`);

const aliasText = (hit: ReportSanctionHit): string => (hit.alias ? `${hit.alias.strength} ${hit.alias.kind} of the entry` : 'the primary name');

function note(doc: Doc, text: string): void {
  const style = { font: FONT.italic, size: 8.5, color: COLOR.muted, maxLines: 3 };
  const height = measureBlock(doc, text, contentWidth(doc), style);
  writeBlock(doc, text, left(doc), doc.y, contentWidth(doc), style);
  doc.y += height + 8;
}

function hitFields(hit: ReportSanctionHit): Field[] {
  return [
    ['Whose name', subjectText(hit.subject)],
    ['Status', STATUS_TEXT[hit.status] ?? orDash(hit.status)],
    ['List', orDash(hit.list)],
    ['Version', orDash(hit.listVersion)],
    ['Entry', `${orDash(hit.entryName)} (${orDash(hit.entryType)})`],
    ['Entry ID', orDash(hit.entryId)],
    ['Programs', hit.programs.length > 0 ? hit.programs.join(', ') : DASH],
    ['Score', scoreText(hit.score)],
    ['Matched name', orDash(hit.matchedName)],
    ['Matched as', aliasText(hit)],
    ['Found', formatIsoUtc(hit.foundAt)],
    ['Reviewed', hit.status === 'CONFIRMED' ? formatIsoUtc(hit.reviewedAt) : 'not yet'],
  ];
}

/** Section: sanctions hits. */
export function drawSanctionsSection(doc: Doc, sanctions: ReportSanctions | undefined): void {
  sectionTitle(doc, 'Sanctions screening', 150);
  if (!sanctions) {
    messageBox(doc, SANCTIONS_NOT_READ_MESSAGE);
    return;
  }
  note(doc, SANCTIONS_NOTE);
  if (sanctions.erasedOwnerHits > 0) {
    note(doc, hits(sanctions.erasedOwnerHits, 'on an owner whose personal data was erased'));
  }
  if (sanctions.hits.length === 0) {
    messageBox(doc, NO_SANCTIONS_HITS_MESSAGE);
    return;
  }
  fieldGrid(doc, [
    ['Confirmed hits', String(sanctions.confirmedCount)],
    ['Open hits (to review)', String(sanctions.openCount)],
  ]);
  sanctions.hits.forEach((hit, i) => {
    subTitle(doc, `Hit ${i + 1}: ${STATUS_TEXT[hit.status] ?? orDash(hit.status)}, score ${scoreText(hit.score)}`, 170);
    fieldGrid(doc, hitFields(hit));
    fieldGrid(doc, [['Reason', orDash(hit.reason)]], 1);
  });
  const notShown = sanctions.confirmedCount + sanctions.openCount - sanctions.hits.length;
  if (notShown > 0) note(doc, hits(notShown, 'with a lower score'));
}
