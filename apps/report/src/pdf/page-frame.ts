/**
 * The header and footer every page carries. Drawn once all content is laid out (the document
 * buffers its pages), so "page N of M" knows M.
 */
import { formatIsoUtc, orDash } from './format';
import { COLOR, Doc, FONT, writeLine } from './layout';

/** What the header and footer print. */
export interface FrameInfo {
  businessName: string;
  reportId: string;
  generatedAt: Date;
  /** Score config version, or null when the business has no score. */
  configVersion: string | null;
}

/** Title printed in every page header. */
export const REPORT_TITLE = '360 Business Report';

function drawHeader(doc: Doc, info: FrameInfo, pageNumber: number, pageCount: number): void {
  const x = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const rightWidth = 190;
  doc.save().rect(0, 0, doc.page.width, 6).fill(COLOR.accent).restore();
  writeLine(doc, REPORT_TITLE, x, 26, width - rightWidth - 12, { font: FONT.bold, size: 15, color: COLOR.accent });
  writeLine(doc, orDash(info.businessName), x, 46, width - rightWidth - 12, { font: FONT.regular, size: 10, color: COLOR.text });
  const rightX = x + width - rightWidth;
  writeLine(doc, `Report ID ${info.reportId}`, rightX, 28, rightWidth, { size: 7.5, color: COLOR.muted, align: 'right' });
  writeLine(doc, `Page ${pageNumber} of ${pageCount}`, rightX, 46, rightWidth, {
    font: FONT.bold,
    size: 9,
    color: COLOR.text,
    align: 'right',
  });
  doc.save().moveTo(x, 64).lineTo(x + width, 64).lineWidth(0.8).strokeColor(COLOR.rule).stroke().restore();
}

function drawFooter(doc: Doc, info: FrameInfo): void {
  const x = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const y = doc.page.height - 40;
  doc.save().moveTo(x, y - 8).lineTo(x + width, y - 8).lineWidth(0.5).strokeColor(COLOR.rule).stroke().restore();
  const style = { size: 7.5, color: COLOR.muted } as const;
  writeLine(doc, `Generated ${formatIsoUtc(info.generatedAt)} (UTC)`, x, y, width / 2, style);
  writeLine(doc, `Score config version ${orDash(info.configVersion)}`, x + width / 2, y, width / 2, { ...style, align: 'right' });
  writeLine(doc, 'Confidential \u2014 for credit assessment only. Sensitive identifiers are masked.', x, y + 11, width, {
    ...style,
    color: COLOR.faint,
    size: 6.5,
  });
}

/** Draws header and footer on every buffered page. Call once, just before `doc.end()`. */
export function drawPageFrames(doc: Doc, info: FrameInfo): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    drawHeader(doc, info, i - range.start + 1, range.count);
    drawFooter(doc, info);
  }
}
