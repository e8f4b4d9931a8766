/**
 * A simple striped table: a shaded header row, wrapped cells (a few lines at most, then an
 * ellipsis), an optional note under a cell's text (smaller, muted), and page breaks between rows,
 * with the header repeated on every continuation page.
 */
import { safeText } from './format';
import { COLOR, Doc, FONT, bottom, contentWidth, ensureSpace, left, lineHeight, measureBlock, newPage, writeBlock, writeLine } from './layout';

/** One column: its header, its share of the content width and how its cells are drawn. */
export interface TableColumn {
  header: string;
  /** Relative width; columns share the content width in proportion. */
  weight: number;
  align?: 'left' | 'right' | 'center';
  /** Lines a cell may wrap to before it is cut with an ellipsis (default 2). */
  maxLines?: number;
  /** Lines a cell's note may wrap to before it is cut with an ellipsis (default 2). */
  noteMaxLines?: number;
  bold?: boolean;
}

/** What `drawTable` needs. Cells are already formatted strings. */
export interface TableSpec {
  columns: TableColumn[];
  rows: string[][];
  /** Printed above the repeated header on continuation pages, e.g. "Score factors (continued)". */
  continuedLabel?: string;
  /** Colour of one cell's text, when it should differ from the default. */
  cellColor?: (rowIndex: number, columnIndex: number) => string | undefined;
  /** A note printed under one cell's text (e.g. what a factor's value measures), when it has one. */
  cellNote?: (rowIndex: number, columnIndex: number) => string | undefined;
}

const PAD_X = 5;
const PAD_Y = 4;
const HEADER_HEIGHT = 19;
const CELL_SIZE = 8.5;
const NOTE_STYLE = { font: FONT.italic, size: 7, color: COLOR.muted } as const;
const noteStyle = (column: TableColumn) => ({ ...NOTE_STYLE, maxLines: column.noteMaxLines ?? 2 });

function columnGeometry(doc: Doc, columns: TableColumn[]): Array<{ x: number; width: number }> {
  const total = columns.reduce((sum, c) => sum + c.weight, 0);
  const width = contentWidth(doc);
  let x = left(doc);
  return columns.map((c) => {
    const w = (c.weight / total) * width;
    const geometry = { x, width: w };
    x += w;
    return geometry;
  });
}

function drawHeader(doc: Doc, spec: TableSpec, geometry: Array<{ x: number; width: number }>): void {
  const y = doc.y;
  doc.save().rect(left(doc), y, contentWidth(doc), HEADER_HEIGHT).fill(COLOR.fill).restore();
  spec.columns.forEach((column, i) => {
    const { x, width } = geometry[i];
    writeLine(doc, column.header, x + PAD_X, y + 5.5, width - 2 * PAD_X, {
      font: FONT.bold,
      size: 8,
      color: COLOR.muted,
      align: column.align ?? 'left',
    });
  });
  doc.save()
    .moveTo(left(doc), y + HEADER_HEIGHT)
    .lineTo(left(doc) + contentWidth(doc), y + HEADER_HEIGHT)
    .lineWidth(0.8)
    .strokeColor(COLOR.rule)
    .stroke()
    .restore();
  doc.y = y + HEADER_HEIGHT;
}

function cellStyle(column: TableColumn, color: string | undefined) {
  return {
    font: column.bold ? FONT.bold : FONT.regular,
    size: CELL_SIZE,
    color: color ?? COLOR.text,
    align: column.align ?? 'left',
    maxLines: column.maxLines ?? 2,
  } as const;
}

/** The width each column leaves its text (its share of the content width, less the padding). */
export function textWidths(doc: Doc, columns: TableColumn[]): number[] {
  return columnGeometry(doc, columns).map((g) => g.width - 2 * PAD_X);
}

/** How wide `text` is on one line in a cell of `column` (what a test compares with {@link textWidths}). */
export function cellTextWidth(doc: Doc, column: TableColumn, text: string): number {
  doc.font(column.bold ? FONT.bold : FONT.regular).fontSize(CELL_SIZE);
  return doc.widthOfString(safeText(text));
}

/** How wide `text` is on one line as a cell's note. */
export function noteTextWidth(doc: Doc, text: string): number {
  doc.font(NOTE_STYLE.font).fontSize(NOTE_STYLE.size);
  return doc.widthOfString(safeText(text));
}

/**
 * How many lines `text` takes wrapped in a cell of `column` (its `note` when `part` says so), with
 * no limit: a test compares it with the column's `maxLines` (or `noteMaxLines`) to show nothing is cut.
 */
export function cellLines(doc: Doc, column: TableColumn, width: number, text: string, part: 'text' | 'note' = 'text'): number {
  const style = part === 'note' ? { ...NOTE_STYLE, maxLines: Number.MAX_SAFE_INTEGER } : { ...cellStyle(column, undefined), maxLines: Number.MAX_SAFE_INTEGER };
  return Math.round(measureBlock(doc, text, width, style) / lineHeight(style.size));
}

function cellHeight(doc: Doc, spec: TableSpec, row: string[], r: number, c: number, width: number): number {
  const text = measureBlock(doc, row[c] ?? '', width, cellStyle(spec.columns[c], undefined));
  const note = spec.cellNote?.(r, c);
  return note ? text + 1 + measureBlock(doc, note, width, noteStyle(spec.columns[c])) : text;
}

function rowHeight(doc: Doc, spec: TableSpec, row: string[], r: number, geometry: Array<{ width: number }>): number {
  const heights = spec.columns.map((_, c) => cellHeight(doc, spec, row, r, c, geometry[c].width - 2 * PAD_X));
  return Math.max(...heights) + 2 * PAD_Y;
}

/** The height drawTable keeps together at its start: the header with its first few rows (a title above it keeps this much with it). */
export function tableLeadHeight(doc: Doc, spec: TableSpec): number {
  const geometry = columnGeometry(doc, spec.columns);
  return HEADER_HEIGHT + spec.rows.slice(0, 3).reduce((sum, row, r) => sum + rowHeight(doc, spec, row, r, geometry), 0);
}

/** Draws the table from `doc.y`, continuing on new pages as needed, and leaves `doc.y` under it. */
export function drawTable(doc: Doc, spec: TableSpec): void {
  const geometry = columnGeometry(doc, spec.columns);
  // Keep the header with its first few rows rather than leave it alone at the foot of a page.
  ensureSpace(doc, tableLeadHeight(doc, spec));
  drawHeader(doc, spec, geometry);

  spec.rows.forEach((row, r) => {
    const height = rowHeight(doc, spec, row, r, geometry);
    if (doc.y + height > bottom(doc)) {
      newPage(doc);
      if (spec.continuedLabel) {
        writeLine(doc, spec.continuedLabel, left(doc), doc.y, contentWidth(doc), {
          font: FONT.italic,
          size: 8.5,
          color: COLOR.muted,
        });
        doc.y += 15;
      }
      drawHeader(doc, spec, geometry);
    }
    const y = doc.y;
    if (r % 2 === 1) doc.save().rect(left(doc), y, contentWidth(doc), height).fill(COLOR.stripe).restore();
    spec.columns.forEach((column, c) => {
      const { x, width } = geometry[c];
      const style = cellStyle(column, spec.cellColor?.(r, c));
      const textHeight = writeBlock(doc, row[c] ?? '', x + PAD_X, y + PAD_Y, width - 2 * PAD_X, style);
      const note = spec.cellNote?.(r, c);
      if (note) writeBlock(doc, note, x + PAD_X, y + PAD_Y + textHeight + 1, width - 2 * PAD_X, noteStyle(column));
    });
    doc.save()
      .moveTo(left(doc), y + height)
      .lineTo(left(doc) + contentWidth(doc), y + height)
      .lineWidth(0.3)
      .strokeColor(COLOR.rule)
      .stroke()
      .restore();
    doc.y = y + height;
  });
  doc.y += 12;
}
