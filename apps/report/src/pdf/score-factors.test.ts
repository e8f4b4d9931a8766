import PDFDocument from 'pdfkit';
import type { FactorValueKind } from '@kyb/area-views';
import { extractPdfText } from '@kyb/testing';
import { MARGINS, PAGE_SIZE } from './layout';
import { renderBusinessReport } from './render-business-report';
import type { ReportScore } from './report-data';
import { FACTOR_NUMBER_COLUMNS, factorTable } from './score-section';
import { cellTextWidth, textWidths } from './tables';
import { buildReportData, buildScore } from './test-support/report-fixture';

const KINDS: Array<FactorValueKind | null> = ['usd', 'years', 'stars', 'score_100', 'percent', 'ratio', null];
/** Values a factor may hold, the ordinary and the absurd: every one must fit its cell on one line. */
const VALUES = [0, 1, -1, 0.005, 4.3, 99.95, 9999.99, -9999.99, 12345.678, 361054.24, 999999.99, -999999.99, 1234567.89, -987654321987, 9.99e14, -1e15, 3e21, -Number.MAX_VALUE];

function scoreOf(values: number[], kinds: Array<FactorValueKind | null>): ReportScore {
  const base = buildScore();
  const factors = kinds.flatMap((valueKind) =>
    values.map((value, i) => ({ ...base.factors[0], code: `F_${valueKind}_${i}`, valueKind, value, score100: VALUES[i % VALUES.length], weight: VALUES[(i + 3) % VALUES.length] })),
  );
  return { ...base, factors };
}

describe('the score factor table', () => {
  it('never lets a number wrap: no value, score or weight is wider than its column', () => {
    const doc = new PDFDocument({ size: PAGE_SIZE, margins: MARGINS });
    const spec = factorTable(scoreOf(VALUES, KINDS));
    const widths = textWidths(doc, spec.columns);
    const tooWide = spec.rows.flatMap((row) =>
      FACTOR_NUMBER_COLUMNS.filter((c) => cellTextWidth(doc, spec.columns[c], row[c]) > widths[c]).map((c) => `${spec.columns[c].header}: ${row[c]}`),
    );
    expect(spec.rows.length).toBe(VALUES.length * KINDS.length);
    expect(tooWide).toEqual([]);
    // The measure is real: the widest value printed takes most of its column.
    const widest = Math.max(...spec.rows.map((row) => cellTextWidth(doc, spec.columns[2], row[2])));
    expect(widest).toBeGreaterThan(widths[2] * 0.75);
    doc.end();
  });

  it('prints each value with its unit and, under the factor, what the value measures in the config’s words', async () => {
    const { text } = await extractPdfText(await renderBusinessReport(buildReportData()));
    const flat = text.replace(/\s+/g, ' ');
    expect(text).toMatch(/\$361,054\.24 70 40 SUCCESS/);
    expect(flat).toContain('Bankruptcies Value: years since the most recent bankruptcy (10 = none) 10 years 100 30 SUCCESS');
    expect(flat).toContain('Social Reviews Value: average review rating, stars 0..5 4.3 of 5 86 30 SUCCESS');
    expect(flat).toContain('Value: debt-to-equity: total liabilities / equity, ratio (10 = equity <= 0) 10\u00d7');
    // A score whose config states no unit for a factor: the bare value, no note.
    expect(flat).toContain('Company Profile Credit Bureau 742 88 100 SUCCESS');
  });
});
