/**
 * Renders the 360 business report a credit analyst reads: profile, verification, classification, owners, the case decision
 * (a page of its own), sanctions hits, MATCH screening, score (gauge, category bars, factor table), alerts and public records,
 * with a header and footer on every page.
 *
 * The output depends only on `data`: the document dates and file id are taken from
 * `data.generatedAt`, only the built-in Helvetica fonts are used and nothing is read from the
 * clock, the disk or the network, so the same data gives the same bytes.
 */
import PDFDocument from 'pdfkit';
import { FONT, MARGINS, PAGE_SIZE } from './layout';
import { REPORT_TITLE, drawPageFrames } from './page-frame';
import { drawBusinessProfile, drawOwners, drawTitleBlock } from './profile-section';
import { drawPublicRecordsSection } from './public-records-section';
import { ReportData } from './report-data';
import { drawAlertsSection } from './alerts-section';
import { drawDecisionSection } from './decision-section';
import { drawMatchSection } from './match-section';
import { drawSanctionsSection } from './sanctions-section';
import { drawScoreSection } from './score-section';
import { drawClassificationSection, drawVerificationSection } from './verification-section';
import { safeText } from './format';

/** Content type of what `renderBusinessReport` returns. */
export const REPORT_CONTENT_TYPE = 'application/pdf';

function stableDate(value: Date): Date {
  // An invalid date would make pdfkit write "NaN" dates; the epoch keeps the output stable.
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value : new Date(0);
}

function createDocument(data: ReportData): PDFKit.PDFDocument {
  const stamp = stableDate(data.generatedAt);
  return new PDFDocument({
    size: PAGE_SIZE,
    margins: MARGINS,
    bufferPages: true,
    font: FONT.regular,
    lang: 'en-US',
    info: {
      Title: safeText(`${REPORT_TITLE} - ${data.business.name}`),
      Subject: `Report ${data.reportId}`,
      Author: 'KYB report service',
      Creator: 'KYB report service',
      Producer: 'PDFKit',
      CreationDate: stamp,
      ModDate: stamp,
    },
  });
}

/**
 * Renders `data` as a PDF (A4, a few pages).
 *
 * @param data - everything the report shows; TIN and SSN arrive masked and are printed as given.
 * @returns the complete PDF file.
 */
export function renderBusinessReport(data: ReportData): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = createDocument(data);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      drawTitleBlock(doc, data.business);
      drawBusinessProfile(doc, data.business, data.verification ?? null);
      drawVerificationSection(doc, data.verification ?? null);
      drawClassificationSection(doc, data.classification ?? null);
      drawOwners(doc, data.owners ?? []);
      drawDecisionSection(doc, data.decision);
      drawSanctionsSection(doc, data.sanctions);
      drawMatchSection(doc, data.match);
      drawScoreSection(doc, data.score);
      drawAlertsSection(doc, data.alerts ?? []);
      drawPublicRecordsSection(doc, data.publicRecords, data.facts);
      drawPageFrames(doc, {
        businessName: data.business.name,
        reportId: data.reportId,
        generatedAt: data.generatedAt,
        configVersion: data.score?.version ?? null,
      });
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
