/**
 * Long words in table cells. pdfkit breaks a word wider than its cell wherever the width runs out
 * (`FURTHER_RE` / `VIEW_NEEDE` / `D`: a rule id, a fact name, a code or an id has no space to break
 * at, and pdfkit does not break a UUID before a digit); these helpers break such a word after its
 * own separators instead (`FURTHER_` / `REVIEW_NEEDED`), as few times as fit. A word that fits its
 * column is never touched.
 */
import type { Doc } from './layout';
import { cellTextWidth, noteTextWidth, textWidths, type TableSpec } from './tables';

/** The word's pieces, each ending in a separator (`_`, `.`, `-`, `/`, `:`) but the last. */
const pieces = (word: string): string[] => word.match(/[^_./:-]*[_./:-]+|[^_./:-]+$/g) ?? [word];

/**
 * `text` with every word that does not fit broken after its separators (a space where it breaks).
 * A word is measured with the space after it: pdfkit cuts a word whose space does not fit, and the
 * space would start the next line.
 */
export function breakLongWords(text: string, fitsWidth: (word: string) => boolean): string {
  const fits = (word: string) => fitsWidth(`${word} `);
  return text
    .split(' ')
    .map((word) => {
      if (fits(word)) return word;
      const lines: string[] = [];
      for (const piece of pieces(word)) {
        const last = lines.length - 1;
        if (last >= 0 && fits(lines[last] + piece)) lines[last] += piece;
        else lines.push(piece);
      }
      return lines.join(' ');
    })
    .join(' ');
}

/** `spec` with the long words of every cell and note broken to fit its column (see {@link breakLongWords}). */
export function withLongWordsBroken(doc: Doc, spec: TableSpec): TableSpec {
  const widths = textWidths(doc, spec.columns);
  const cellNote = spec.cellNote;
  return {
    ...spec,
    rows: spec.rows.map((row) => row.map((cell, c) => breakLongWords(cell, (word) => cellTextWidth(doc, spec.columns[c], word) <= widths[c]))),
    cellNote: cellNote && ((r, c) => {
      const note = cellNote(r, c);
      return note && breakLongWords(note, (word) => noteTextWidth(doc, word) <= widths[c]);
    }),
  };
}
