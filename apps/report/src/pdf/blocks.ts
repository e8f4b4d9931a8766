/**
 * Building blocks shared by the report's sections: section titles, message boxes and
 * label/value grids. Each reads and advances `doc.y` and breaks pages through `ensureSpace`.
 */
import { COLOR, Doc, FONT, contentWidth, ensureSpace, left, measureBlock, rule, writeBlock, writeLine } from './layout';

/** A section title with a rule under it; keeps at least `keepWith` points of content with it. */
export function sectionTitle(doc: Doc, title: string, keepWith = 60): void {
  ensureSpace(doc, 30 + keepWith);
  const y = doc.y;
  writeLine(doc, title, left(doc), y, contentWidth(doc), { font: FONT.bold, size: 13, color: COLOR.accent });
  rule(doc, y + 18, COLOR.accent);
  doc.y = y + 28;
}

/** A smaller heading inside a section. */
export function subTitle(doc: Doc, title: string, keepWith = 80): void {
  ensureSpace(doc, 20 + keepWith);
  const y = doc.y;
  writeLine(doc, title, left(doc), y, contentWidth(doc), { font: FONT.bold, size: 10.5, color: COLOR.text });
  doc.y = y + 18;
}

/** A shaded box holding one message, e.g. "No score has been generated for this business yet." */
export function messageBox(doc: Doc, message: string): void {
  const width = contentWidth(doc);
  const style = { font: FONT.italic, size: 10.5, color: COLOR.muted, maxLines: 4 };
  const textHeight = measureBlock(doc, message, width - 28, style);
  const height = textHeight + 24;
  ensureSpace(doc, height + 10);
  const y = doc.y;
  doc.save().roundedRect(left(doc), y, width, height, 4).fillAndStroke(COLOR.info, COLOR.rule).restore();
  writeBlock(doc, message, left(doc) + 14, y + 12, width - 28, style);
  doc.y = y + height + 12;
}

/** A muted, italic note across the content width (what a section shows, in a sentence or two). */
export function sectionNote(doc: Doc, text: string, maxLines = 3): void {
  const style = { font: FONT.italic, size: 8.5, color: COLOR.muted, maxLines };
  const height = measureBlock(doc, text, contentWidth(doc), style);
  writeBlock(doc, text, left(doc), doc.y, contentWidth(doc), style);
  doc.y += height + 8;
}

/** One label and its (already formatted) value. */
export type Field = [label: string, value: string];

/**
 * Label/value pairs laid out in `columns` columns, read left to right. Values wrap up to three
 * lines; a row is never split across pages.
 */
export function fieldGrid(doc: Doc, fields: Field[], columns = 2): void {
  const gap = 18;
  const colWidth = (contentWidth(doc) - gap * (columns - 1)) / columns;
  const labelWidth = Math.min(112, colWidth * 0.42);
  const valueWidth = colWidth - labelWidth - 6;
  const labelStyle = { font: FONT.regular, size: 8.5, color: COLOR.muted };
  const valueStyle = { font: FONT.bold, size: 9.5, color: COLOR.text, maxLines: 3 };

  for (let i = 0; i < fields.length; i += columns) {
    const row = fields.slice(i, i + columns);
    const heights = row.map(([label, value]) =>
      Math.max(measureBlock(doc, value, valueWidth, valueStyle), measureBlock(doc, label, labelWidth, { ...labelStyle, maxLines: 2 })),
    );
    const rowHeight = Math.max(...heights) + 7;
    ensureSpace(doc, rowHeight);
    const y = doc.y;
    row.forEach(([label, value], c) => {
      const x = left(doc) + c * (colWidth + gap);
      writeBlock(doc, label, x, y + 1, labelWidth, { ...labelStyle, maxLines: 2 });
      writeBlock(doc, value, x + labelWidth + 6, y, valueWidth, valueStyle);
    });
    doc.save()
      .moveTo(left(doc), y + rowHeight - 3)
      .lineTo(left(doc) + contentWidth(doc), y + rowHeight - 3)
      .lineWidth(0.3)
      .strokeColor(COLOR.fill)
      .stroke()
      .restore();
    doc.y = y + rowHeight;
  }
  doc.y += 8;
}
