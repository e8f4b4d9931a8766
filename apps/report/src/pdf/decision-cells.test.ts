import PDFDocument from 'pdfkit';
import { factsTable, rulesTable, trailTable } from './decision-section';
import { MARGINS, PAGE_SIZE } from './layout';
import { breakLongWords, withLongWordsBroken } from './long-words';
import type { ReportCase } from './report-data';
import { cellLines, cellTextWidth, noteTextWidth, textWidths, type TableSpec } from './tables';
import { buildStressDecision, buildWideDecision } from './test-support/decision-fixture';

type Doc = PDFKit.PDFDocument;

/** The decision page's tables of `kase`, as built. */
function specsOf(kase: ReportCase): TableSpec[] {
  const outcome = kase.outcome as NonNullable<ReportCase['outcome']>;
  return [rulesTable(outcome), ...(outcome.kind === 'decided' ? [factsTable(outcome.facts)] : []), trailTable(kase.trail)];
}

/** The same, as drawn (long words broken). */
const tablesOf = (doc: Doc, kase: ReportCase): TableSpec[] => specsOf(kase).map((spec) => withLongWordsBroken(doc, spec));

/** Each cell or note whose word is wider than its column (with the space after it), or that wraps to more lines than its column allows (cut with an ellipsis). */
function misfits(doc: Doc, spec: TableSpec): string[] {
  const widths = textWidths(doc, spec.columns);
  return spec.rows.flatMap((row, r) =>
    spec.columns.flatMap((column, c) => {
      const found: string[] = [];
      const note = spec.cellNote?.(r, c);
      for (const word of row[c].split(' ')) if (cellTextWidth(doc, column, `${word} `) > widths[c]) found.push(`${column.header}: word ${word}`);
      for (const word of note?.split(' ') ?? []) if (noteTextWidth(doc, `${word} `) > widths[c]) found.push(`${column.header} note: word ${word}`);
      if (cellLines(doc, column, widths[c], row[c]) > (column.maxLines ?? 2)) found.push(`${column.header}: cut ${row[c]}`);
      if (note && cellLines(doc, column, widths[c], note, 'note') > (column.noteMaxLines ?? 2)) found.push(`${column.header} note: cut ${note}`);
      return found;
    }),
  );
}

describe("the decision page's tables", () => {
  let doc: Doc;
  beforeEach(() => {
    doc = new PDFDocument({ size: PAGE_SIZE, margins: MARGINS });
  });
  afterEach(() => doc.end());

  it('fit every fact name, value (FURTHER_REVIEW_NEEDED, MISSING_INPUT), source, time, state, rule id and reason code whole in its column, and cut nothing (ids break at their hyphens)', () => {
    const wide = buildWideDecision();
    const tables = tablesOf(doc, wide);
    expect(tables.flatMap((spec) => misfits(doc, spec))).toEqual([]);
    // None of them had to be broken: every one fits whole.
    expect(tables.map((spec) => spec.rows)).toEqual(specsOf(wide).map((spec) => spec.rows));
    const [, facts] = tables;
    expect(facts.rows.map((row) => row[0])).toContain('verification.check.SOS_FILING');
    expect(facts.rows.map((row) => row[1])).toContain('MISSING_INPUT');
    // The measure is real: the widest value takes most of its column.
    const valueWidth = textWidths(doc, facts.columns)[1];
    expect(Math.max(...facts.rows.map((row) => cellTextWidth(doc, facts.columns[1], row[1])))).toBeGreaterThan(valueWidth * 0.75);
  });

  it("break a tenant's long rule ids and fact names after their own separators, so they wrap in their cells instead of being cut anywhere", () => {
    const stress = buildStressDecision('Very Long Business Name Holdings').case as ReportCase;
    const kase = { ...stress, status: 'OPEN', trail: stress.trail.map((move) => ({ ...move, toStatus: 'MANUAL_REVIEW' })) };
    const tables = tablesOf(doc, kase);
    expect(tables.flatMap((spec) => misfits(doc, spec))).toEqual([]);
    const [rules] = tables;
    expect(rules.rows[1][0]).toMatch(/^TENANT_RULE_[A-Z_]+ [A-Z_]+ /);
    // Unbroken, the same word would not fit its cell.
    const unbroken = rulesTable(kase.outcome as NonNullable<ReportCase['outcome']>);
    expect(misfits(doc, unbroken).some((misfit) => misfit.includes('word TENANT_RULE_'))).toBe(true);
  });

  it('leave a word that fits alone, and break one that does not at the last separator that fits', () => {
    const fits = (limit: number) => (word: string) => word.length <= limit;
    expect(breakLongWords('SCORE_ASKS_REVIEW and more', fits(30))).toBe('SCORE_ASKS_REVIEW and more');
    expect(breakLongWords('FURTHER_REVIEW_NEEDED', fits(16))).toBe('FURTHER_REVIEW_ NEEDED');
    expect(breakLongWords('verification.check.TIN_MATCH', fits(14))).toBe('verification. check.TIN_ MATCH');
    expect(breakLongWords('3d5f7b9c-1e2a-4b3c-9d4e-5f6a7b8c9d0e', fits(20))).toBe('3d5f7b9c-1e2a-4b3c- 9d4e-5f6a7b8c9d0e');
    expect(breakLongWords('NOSEPARATORSATALL', fits(5))).toBe('NOSEPARATORSATALL');
  });
});
