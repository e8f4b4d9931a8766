/**
 * Public records (contract 2.2) and the bankruptcies/judgements/liens facts (E11), amounts in
 * USD; or a message box when public records were never fetched.
 */
import { fieldGrid, messageBox, sectionTitle, subTitle } from './blocks';
import { DASH, formatDate, formatIsoUtc, formatNumber, formatUsd, orDash } from './format';
import { Doc } from './layout';
import { ReportFact, ReportFacts, ReportPublicRecords } from './report-data';
import { drawTable } from './tables';

/** Message shown when public records were never fetched. */
export const NO_PUBLIC_RECORDS_MESSAGE = 'Public records have not been fetched yet.';

function count(value: number | null | undefined): string {
  return formatNumber(value, 0);
}

function drawRecordCounts(doc: Doc, records: ReportPublicRecords): void {
  fieldGrid(doc, [
    ['Liens', count(records.numberOfLiens)],
    ['Most recent lien status', orDash(records.mostRecentLienStatus)],
    ['Bankruptcies', count(records.numberOfBankruptcies)],
    ['Judgements', count(records.numberOfJudgements)],
    ['Complaints', count(records.complaintCount)],
    ['Employees', orDash(records.numberOfEmployees)],
    ['Average rating', orDash(records.averageRating)],
    ['Fetched at', formatIsoUtc(records.fetchedAt)],
  ]);
  subTitle(doc, 'Corporate filing');
  fieldGrid(doc, [
    ['Filing name', orDash(records.corporateFilingName)],
    ['Filing date', formatDate(records.corporateFilingDate)],
    ['Incorporation state', orDash(records.incorporationState)],
    ['Corporation type', orDash(records.corporationType)],
    ['Secretary of State status', orDash(records.secretaryOfStateStatus)],
  ]);
}

function drawReviews(doc: Doc, records: ReportPublicRecords): void {
  subTitle(doc, 'Ratings and reviews by source');
  const reviews = records.reviews ?? [];
  if (reviews.length === 0) {
    messageBox(doc, 'No reviews on file.');
    return;
  }
  drawTable(doc, {
    columns: [
      { header: 'Source', weight: 4, bold: true },
      { header: 'Reviews', weight: 1.5, align: 'right' },
      { header: 'Share', weight: 1.5, align: 'right' },
    ],
    rows: reviews.map((r) => [orDash(r.source), count(r.count), shareText(r.percentage)]),
    continuedLabel: 'Ratings and reviews (continued)',
  });
}

/** Percentages arrive as decimal text (`"42.5"`); a `%` is added when the text is a number. */
function shareText(percentage: string | null | undefined): string {
  const text = orDash(percentage);
  return text !== DASH && /^-?\d+(\.\d+)?$/.test(text.trim()) ? `${text.trim()}%` : text;
}

function factRow(name: string, fact: ReportFact | null | undefined, totalOpen?: number | null): string[] {
  if (!fact) return [name, DASH, DASH, DASH, DASH, DASH];
  return [
    name,
    count(fact.count),
    formatDate(fact.mostRecent),
    orDash(fact.mostRecentStatus),
    formatUsd(fact.mostRecentAmount),
    totalOpen === undefined ? DASH : formatUsd(totalOpen),
  ];
}

function drawFacts(doc: Doc, facts: ReportFacts | null): void {
  subTitle(doc, 'Bankruptcies, judgements and liens');
  if (!facts) {
    messageBox(doc, 'No bankruptcy, judgement or lien facts are available.');
    return;
  }
  drawTable(doc, {
    columns: [
      { header: 'Record', weight: 1.6, bold: true },
      { header: 'Count', weight: 0.9, align: 'right' },
      { header: 'Most recent', weight: 1.4 },
      { header: 'Status', weight: 1.6 },
      { header: 'Most recent amount', weight: 1.9, align: 'right' },
      { header: 'Total open amount', weight: 1.9, align: 'right' },
    ],
    rows: [
      factRow('Bankruptcies', facts.bankruptcies),
      factRow('Judgements', facts.judgements),
      factRow('Liens', facts.liens, facts.liens ? facts.liens.totalOpenAmount : undefined),
    ],
  });
}

/** Section 5: public records and BJL facts. */
export function drawPublicRecordsSection(doc: Doc, records: ReportPublicRecords | null, facts: ReportFacts | null): void {
  sectionTitle(doc, 'Public records');
  if (!records && !facts) {
    messageBox(doc, NO_PUBLIC_RECORDS_MESSAGE);
    return;
  }
  if (records) {
    drawRecordCounts(doc, records);
    drawReviews(doc, records);
  } else {
    messageBox(doc, NO_PUBLIC_RECORDS_MESSAGE);
  }
  drawFacts(doc, facts);
}
