/**
 * Horizontal bar chart of the category scores on the 0-100 scale: label, bar coloured by band
 * and the value; a category without a score shows "no data" on an empty track.
 */
import { formatNumber } from './format';
import { COLOR, Doc, FONT, bottom, contentWidth, ensureSpace, left, newPage, score100Color, writeLine } from './layout';

/** One bar. */
export interface Bar {
  label: string;
  /** 0-100, or null when the category has no score. */
  value: number | null;
}

const ROW = 21;
const BAR_HEIGHT = 11;
const LABEL_WIDTH = 170;
const VALUE_WIDTH = 52;
const AXIS_HEIGHT = 16;

/** Height the chart needs for `count` bars. */
export function barChartHeight(count: number): number {
  return Math.max(count, 1) * ROW + AXIS_HEIGHT + 6;
}

function drawChunk(doc: Doc, bars: Bar[]): void {
  const top = doc.y;
  const trackX = left(doc) + LABEL_WIDTH + 8;
  const trackWidth = contentWidth(doc) - LABEL_WIDTH - 8 - VALUE_WIDTH - 8;
  const chartBottom = top + Math.max(bars.length, 1) * ROW;

  // Grid lines every 25 points, behind the bars.
  for (let tick = 0; tick <= 100; tick += 25) {
    const x = trackX + (trackWidth * tick) / 100;
    doc.save().moveTo(x, top - 2).lineTo(x, chartBottom + 2).lineWidth(0.4).strokeColor(COLOR.rule).dash(2, { space: 2 }).stroke().undash().restore();
    writeLine(doc, String(tick), x - 12, chartBottom + 5, 24, { size: 7, color: COLOR.faint, align: 'center' });
  }

  bars.forEach((bar, i) => {
    const barY = top + i * ROW + (ROW - BAR_HEIGHT) / 2;
    writeLine(doc, bar.label, left(doc), barY + 1.5, LABEL_WIDTH, { font: FONT.bold, size: 8.5 });
    doc.save().rect(trackX, barY, trackWidth, BAR_HEIGHT).fill(COLOR.fill).restore();
    if (bar.value === null || !Number.isFinite(bar.value)) {
      writeLine(doc, 'no data', trackX + 6, barY + 2, trackWidth - 12, { font: FONT.italic, size: 8, color: COLOR.muted });
      return;
    }
    const clamped = Math.min(100, Math.max(0, bar.value));
    const width = (trackWidth * clamped) / 100;
    if (width > 0) doc.save().rect(trackX, barY, width, BAR_HEIGHT).fill(score100Color(clamped)).restore();
    const valueX = trackX + trackWidth + 8;
    writeLine(doc, formatNumber(bar.value, 1), valueX, barY + 1.5, VALUE_WIDTH, { font: FONT.bold, size: 8.5 });
  });

  if (bars.length === 0) {
    writeLine(doc, 'No categories in this score.', trackX + 6, top + 6, trackWidth, { font: FONT.italic, size: 8, color: COLOR.muted });
  }
  doc.y = chartBottom + AXIS_HEIGHT + 6;
}

/**
 * Draws the chart from `doc.y` and leaves `doc.y` under it. A short chart is kept on one page;
 * a very long one continues on the next page with its own axis.
 */
export function drawBarChart(doc: Doc, bars: Bar[]): void {
  ensureSpace(doc, barChartHeight(Math.min(bars.length, 6)));
  let rest = bars;
  do {
    const fit = Math.max(1, Math.floor((bottom(doc) - doc.y - AXIS_HEIGHT - 6) / ROW));
    drawChunk(doc, rest.slice(0, fit));
    rest = rest.slice(fit);
    if (rest.length > 0) newPage(doc);
  } while (rest.length > 0);
}
