/**
 * Page geometry, palette and the two text primitives every drawing helper uses. Text always goes
 * through `writeLine` (one line, cut with an ellipsis) or `writeBlock` (wrapped, at most N lines),
 * both of which never let pdfkit add a page on its own: page breaks are decided by `ensureSpace`.
 */
import { safeText } from './format';

/** The pdfkit document type, taken from the constructor so no global namespace is needed. */
export type Doc = PDFKit.PDFDocument;

/** A4 with room for the page header (top) and footer (bottom). */
export const PAGE_SIZE = 'A4';
export const MARGINS = { top: 86, bottom: 62, left: 48, right: 48 };

export const FONT = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
} as const;

export const COLOR = {
  text: '#1f2933',
  muted: '#6b7280',
  faint: '#9ca3af',
  rule: '#d1d5db',
  fill: '#f3f4f6',
  stripe: '#f9fafb',
  accent: '#1e3a5f',
  high: '#c62828',
  moderate: '#e39b00',
  moderateText: '#a86a00',
  low: '#2e7d32',
  info: '#eef2f7',
} as const;

/** Font, size and colour of a piece of text. */
export interface TextStyle {
  font?: string;
  size?: number;
  color?: string;
  align?: 'left' | 'center' | 'right';
}

/** Line height factor applied to the font size for wrapped text. */
const LEADING = 1.22;

/** Left edge of the content area. */
export function left(doc: Doc): number {
  return doc.page.margins.left;
}

/** Width of the content area. */
export function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** Lowest y content may reach. */
export function bottom(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page and puts the cursor at the top of its content area. */
export function newPage(doc: Doc): void {
  doc.addPage();
  doc.x = left(doc);
  doc.y = doc.page.margins.top;
}

/** Starts a new page when fewer than `height` points remain; returns whether it did. */
export function ensureSpace(doc: Doc, height: number): boolean {
  if (doc.y + height <= bottom(doc)) return false;
  newPage(doc);
  return true;
}

function applyStyle(doc: Doc, style: TextStyle): number {
  const size = style.size ?? 9;
  doc.font(style.font ?? FONT.regular).fontSize(size).fillColor(style.color ?? COLOR.text);
  return size;
}

/** Height of one wrapped line at `size`. */
export function lineHeight(size: number): number {
  return size * LEADING;
}

/** Shortens `text` with a trailing ellipsis until it fits `width` in the current font. */
export function ellipsize(doc: Doc, text: string, width: number): string {
  // The tolerance absorbs floating-point noise when a width was computed from the text itself.
  if (doc.widthOfString(text) <= width + 0.01) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, mid).trimEnd()}\u2026`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low).trimEnd()}\u2026`;
}

/** Writes one line of text at (x, y) within `width`, cut with an ellipsis when too long. */
export function writeLine(doc: Doc, text: string, x: number, y: number, width: number, style: TextStyle = {}): void {
  applyStyle(doc, style);
  const line = ellipsize(doc, safeText(text), Math.max(width, 1));
  const lineWidth = doc.widthOfString(line);
  let dx = 0;
  if (style.align === 'right') dx = width - lineWidth;
  else if (style.align === 'center') dx = (width - lineWidth) / 2;
  doc.text(line, x + Math.max(dx, 0), y, { lineBreak: false });
}

/** Options of a wrapped block. */
export interface BlockStyle extends TextStyle {
  maxLines?: number;
}

/** Height `writeBlock` would use for `text` (at most `maxLines` lines). */
export function measureBlock(doc: Doc, text: string, width: number, style: BlockStyle = {}): number {
  const size = applyStyle(doc, style);
  const lh = lineHeight(size);
  const lineGap = lh - doc.currentLineHeight(true);
  const full = doc.heightOfString(safeText(text) || ' ', { width, lineGap });
  const lines = Math.max(1, Math.round(full / lh));
  return Math.min(lines, style.maxLines ?? 3) * lh;
}

/** Writes wrapped text (long words are broken, overflow ends in an ellipsis); returns its height. */
export function writeBlock(doc: Doc, text: string, x: number, y: number, width: number, style: BlockStyle = {}): number {
  const height = measureBlock(doc, text, width, style);
  const size = applyStyle(doc, style);
  const lineGap = lineHeight(size) - doc.currentLineHeight(true);
  doc.text(safeText(text) || ' ', x, y, {
    width,
    height: height + 0.5,
    lineGap,
    ellipsis: true,
    align: style.align ?? 'left',
  });
  return height;
}

/** A horizontal rule across the content area at `y`. */
export function rule(doc: Doc, y: number, color: string = COLOR.rule): void {
  doc.save().moveTo(left(doc), y).lineTo(left(doc) + contentWidth(doc), y).lineWidth(0.6).strokeColor(color).stroke().restore();
}

/** The colour of a risk level (`HIGH`, `MODERATE`, `LOW`); muted for anything else. */
export function riskColor(riskLevel: string | null | undefined): string {
  switch ((riskLevel ?? '').toUpperCase()) {
    case 'HIGH':
      return COLOR.high;
    case 'MODERATE':
      return COLOR.moderate;
    case 'LOW':
      return COLOR.low;
    default:
      return COLOR.muted;
  }
}

/** The band colour of a 0-100 category or factor score, using the 850-scale cut-offs. */
export function score100Color(score100: number): string {
  const on850 = 300 + 5.5 * score100;
  if (on850 >= 700) return COLOR.low;
  if (on850 >= 550) return COLOR.moderate;
  return COLOR.high;
}

/** Like `score100Color`, with a darker amber that stays readable as text on white. */
export function score100TextColor(score100: number): string {
  const color = score100Color(score100);
  return color === COLOR.moderate ? COLOR.moderateText : color;
}
