/**
 * The score section: gauge with risk level and decision, the category bar chart and the factor
 * table; or a message box when the business has no score yet.
 */
import { drawBarChart } from './bar-chart';
import { messageBox, sectionTitle, subTitle } from './blocks';
import { formatIsoUtc, formatNumber, orDash } from './format';
import { GAUGE_BANDS, drawGauge } from './gauge';
import { COLOR, Doc, FONT, contentWidth, ensureSpace, left, riskColor, score100TextColor, writeLine } from './layout';
import { ReportScore } from './report-data';
import { formatCompact, formatFactorValue } from './factor-value-format';
import { drawTable, type TableSpec } from './tables';

/** Message shown instead of the score when there is none. */
export const NO_SCORE_MESSAGE = 'No score has been generated for this business yet.';

const RADIUS = 88;
const THICKNESS = 20;
const SUMMARY_HEIGHT = RADIUS + 96;

function drawLegend(doc: Doc, x: number, y: number): void {
  let cursor = x;
  for (const band of GAUGE_BANDS) {
    doc.save().rect(cursor, y + 1, 7, 7).fill(band.color).restore();
    const text = `${band.range} ${band.label}`;
    writeLine(doc, text, cursor + 10, y, 90, { size: 7, color: COLOR.muted });
    doc.font(FONT.regular).fontSize(7);
    cursor += 10 + doc.widthOfString(text) + 12;
  }
}

function drawRiskPill(doc: Doc, riskLevel: string, x: number, y: number): void {
  doc.font(FONT.bold).fontSize(11);
  const text = orDash(riskLevel);
  const width = Math.min(doc.widthOfString(text) + 22, 230);
  doc.save().roundedRect(x, y, width, 22, 11).fill(riskColor(riskLevel)).restore();
  writeLine(doc, text, x + 11, y + 6, width - 22, { font: FONT.bold, size: 11, color: '#ffffff' });
}

function drawSummary(doc: Doc, score: ReportScore): void {
  ensureSpace(doc, SUMMARY_HEIGHT);
  const top = doc.y;
  const cx = left(doc) + RADIUS + 22;
  const cy = top + RADIUS + 14;
  drawGauge(doc, { cx, cy, radius: RADIUS, thickness: THICKNESS, score: score.weightedScore850 });
  drawLegend(doc, left(doc), cy + 52);

  const x = left(doc) + 2 * RADIUS + 54;
  const width = contentWidth(doc) - (x - left(doc));
  const label = { size: 8, color: COLOR.muted } as const;
  writeLine(doc, 'Risk level', x, top + 6, width, label);
  drawRiskPill(doc, score.riskLevel, x, top + 18);
  writeLine(doc, 'Decision', x, top + 52, width, label);
  writeLine(doc, orDash(score.decision), x, top + 64, width, { font: FONT.bold, size: 13 });

  const rows: Array<[string, string]> = [
    ['Weighted score (0\u2013100)', formatNumber(score.weightedScore100, 1)],
    ['Weighted score (300\u2013850)', formatNumber(score.weightedScore850, 1)],
    ['Score config version', orDash(score.version)],
    ['Score config ID', orDash(score.configId)],
    ['Scored at', formatIsoUtc(score.generatedAt)],
    ['Score ID', orDash(score.id)],
  ];
  rows.forEach(([name, value], i) => {
    const y = top + 92 + i * 14;
    writeLine(doc, name, x, y, 104, label);
    writeLine(doc, value, x + 106, y - 0.5, width - 106, { font: FONT.bold, size: 8 });
  });
  doc.y = top + SUMMARY_HEIGHT;
}

function drawReasons(doc: Doc, score: ReportScore): void {
  subTitle(doc, 'Why the score is not higher', 60);
  if (score.reasonCodes.length === 0) {
    messageBox(doc, 'No factor lowered this score, or it was computed before scores kept reason codes.');
    return;
  }
  drawTable(doc, {
    columns: [
      { header: 'Code', weight: 0.9, bold: true },
      { header: 'Reason', weight: 6 },
      { header: 'Points lost (850)', weight: 1.8, align: 'right' },
    ],
    rows: score.reasonCodes.map((r) => [orDash(r.code), orDash(r.reason), formatNumber(r.pointsLost850, 2)]),
    continuedLabel: 'Why the score is not higher (continued)',
  });
}

/**
 * The factor table: each factor's value printed with its unit (`10 years`, `$361,054.24`), what the
 * value measures in the config's words under the factor's name, and its score, weight and status.
 * The Value column is wide enough for any value `formatFactorValue` prints (a test measures it).
 */
export function factorTable(score: ReportScore): TableSpec {
  const categoryLabel = new Map(score.categories.map((c) => [c.code, c.label]));
  return {
    columns: [
      { header: 'Category', weight: 2.0 },
      { header: 'Factor', weight: 2.9, bold: true },
      { header: 'Value', weight: 1.75, align: 'right', maxLines: 1 },
      { header: 'Score (0\u2013100)', weight: 1.5, align: 'right', maxLines: 1 },
      { header: 'Weight', weight: 1.1, align: 'right', maxLines: 1 },
      { header: 'Status', weight: 1.3 },
    ],
    rows: score.factors.map((f) => [
      orDash(categoryLabel.get(f.categoryCode) ?? f.categoryCode),
      orDash(f.label ?? f.code),
      formatFactorValue(f.value, f.valueKind),
      formatCompact(f.score100, 1),
      formatCompact(f.weight, 2),
      orDash(f.status),
    ]),
    continuedLabel: 'Score factors (continued)',
    cellColor: (r, c) => {
      const value = score.factors[r].score100;
      return c === 3 && typeof value === 'number' && Number.isFinite(value) ? score100TextColor(value) : undefined;
    },
    cellNote: (r, c) => (c === 1 && score.factors[r].unit?.trim() ? `Value: ${score.factors[r].unit?.trim()}` : undefined),
  };
}

/** The columns of {@link factorTable} that hold numbers, which must never wrap. */
export const FACTOR_NUMBER_COLUMNS = [2, 3, 4] as const;

function drawFactors(doc: Doc, score: ReportScore): void {
  subTitle(doc, 'Score factors');
  if (score.factors.length === 0) {
    messageBox(doc, 'No factors in this score.');
    return;
  }
  drawTable(doc, factorTable(score));
}

/** Points with their sign: +12.5, -3, 0. */
const signed = (value: number) => `${value > 0 ? '+' : ''}${formatNumber(value, 2)}`;

function drawChange(doc: Doc, score: ReportScore): void {
  const change = score.change;
  subTitle(doc, change ? `Change since ${change.period}` : 'Change since the previous month', 60);
  if (!change) {
    messageBox(doc, 'No successful score of an earlier month to compare with.');
    return;
  }
  drawTable(doc, {
    columns: [
      { header: '', weight: 2.4, bold: true },
      { header: change.period, weight: 2 },
      { header: 'Now', weight: 2 },
      { header: 'Change (points)', weight: 1.6, align: 'right' },
    ],
    rows: [
      ['Weighted score (300\u2013850)', formatNumber(change.weightedScore850, 1), formatNumber(score.weightedScore850, 1), signed(change.change850)],
      ['Risk level', orDash(change.riskLevel), orDash(score.riskLevel), change.riskLevel === score.riskLevel ? 'same' : 'changed'],
      ['Decision', orDash(change.decision), orDash(score.decision), change.decision === score.decision ? 'same' : 'changed'],
      ...change.factors.map((f): string[] => [orDash(f.label ?? f.code), '', '', signed(f.change850)]),
    ],
    continuedLabel: 'Change (continued)',
  });
}

/** Section 3: the latest successful score, or the no-score message. */
export function drawScoreSection(doc: Doc, score: ReportScore | null): void {
  sectionTitle(doc, 'Score', score ? SUMMARY_HEIGHT : 60);
  if (!score) {
    messageBox(doc, NO_SCORE_MESSAGE);
    return;
  }
  drawSummary(doc, score);
  drawReasons(doc, score);
  subTitle(doc, 'Category scores (0\u2013100)', 80);
  drawBarChart(
    doc,
    score.categories.map((c) => ({ label: orDash(c.label ?? c.code), value: c.score100 })),
  );
  drawFactors(doc, score);
  drawChange(doc, score);
}
