/**
 * The semicircular score gauge on the 300-850 scale: three coloured bands (HIGH, MODERATE,
 * LOW), scale labels at the cut-offs, a needle at the score and the score in large type.
 */
import { formatNumber } from './format';
import { COLOR, Doc, FONT, writeLine } from './layout';

/** The 850 scale and its default bands (ARCHITECTURE.md, score area). */
export const SCALE_MIN = 300;
export const SCALE_MAX = 850;
export const GAUGE_BANDS = [
  { from: 300, to: 550, color: COLOR.high, label: 'HIGH', range: '300\u2013549' },
  { from: 550, to: 700, color: COLOR.moderate, label: 'MODERATE', range: '550\u2013699' },
  { from: 700, to: 850, color: COLOR.low, label: 'LOW', range: '700\u2013850' },
] as const;

/** Where and how large the gauge is drawn; (cx, cy) is the centre of the semicircle's base. */
export interface GaugeSpec {
  cx: number;
  cy: number;
  radius: number;
  thickness: number;
  /** The weighted score on the 850 scale; drawn clamped to the scale, printed as given. */
  score: number;
}

type Point = [number, number];

function angleOf(value: number): number {
  const clamped = Math.min(SCALE_MAX, Math.max(SCALE_MIN, value));
  return Math.PI * (1 - (clamped - SCALE_MIN) / (SCALE_MAX - SCALE_MIN));
}

function pointAt(spec: GaugeSpec, value: number, radius: number): Point {
  const angle = angleOf(value);
  return [spec.cx + radius * Math.cos(angle), spec.cy - radius * Math.sin(angle)];
}

function arcPoints(spec: GaugeSpec, from: number, to: number, radius: number): Point[] {
  const steps = Math.max(8, Math.ceil((to - from) / 5));
  const points: Point[] = [];
  for (let i = 0; i <= steps; i += 1) points.push(pointAt(spec, from + ((to - from) * i) / steps, radius));
  return points;
}

function drawBands(doc: Doc, spec: GaugeSpec): void {
  const inner = spec.radius - spec.thickness;
  for (const band of GAUGE_BANDS) {
    const outerArc = arcPoints(spec, band.from, band.to, spec.radius);
    const innerArc = arcPoints(spec, band.from, band.to, inner).reverse();
    doc.save().polygon(...outerArc, ...innerArc).fill(band.color).restore();
  }
  // Thin white separators make the band edges crisp where the colours meet.
  for (const cut of [550, 700]) {
    const [x1, y1] = pointAt(spec, cut, inner - 1);
    const [x2, y2] = pointAt(spec, cut, spec.radius + 1);
    doc.save().moveTo(x1, y1).lineTo(x2, y2).lineWidth(1.5).strokeColor('#ffffff').stroke().restore();
  }
}

function drawScale(doc: Doc, spec: GaugeSpec): void {
  const inner = spec.radius - spec.thickness;
  for (let value = SCALE_MIN; value <= SCALE_MAX; value += 50) {
    const [x1, y1] = pointAt(spec, value, inner - 2);
    const [x2, y2] = pointAt(spec, value, inner - (value % 100 === 0 ? 7 : 5));
    doc.save().moveTo(x1, y1).lineTo(x2, y2).lineWidth(0.7).strokeColor(COLOR.faint).stroke().restore();
  }
  const style = { font: FONT.regular, size: 7.5, color: COLOR.muted, align: 'center' } as const;
  for (const value of [550, 700]) {
    const [x, y] = pointAt(spec, value, spec.radius + 9);
    writeLine(doc, String(value), x - 14, y - 4, 28, style);
  }
  // The ends sit under the arc so they do not collide with anything beside the gauge.
  for (const value of [SCALE_MIN, SCALE_MAX]) {
    const [x] = pointAt(spec, value, spec.radius - spec.thickness / 2);
    writeLine(doc, String(value), x - 14, spec.cy + 4, 28, style);
  }
}

function drawNeedle(doc: Doc, spec: GaugeSpec): void {
  const angle = angleOf(spec.score);
  const length = spec.radius - spec.thickness / 2;
  const tip: Point = [spec.cx + length * Math.cos(angle), spec.cy - length * Math.sin(angle)];
  const half = 3.2;
  const baseA: Point = [spec.cx + half * Math.cos(angle + Math.PI / 2), spec.cy - half * Math.sin(angle + Math.PI / 2)];
  const baseB: Point = [spec.cx + half * Math.cos(angle - Math.PI / 2), spec.cy - half * Math.sin(angle - Math.PI / 2)];
  doc.save().polygon(baseA, tip, baseB).fill(COLOR.text).restore();
  doc.save().circle(spec.cx, spec.cy, 6).fill(COLOR.text).restore();
  doc.save().circle(spec.cx, spec.cy, 2).fill('#ffffff').restore();
}

/** Draws the gauge; the score's digits go under the needle's hub. */
export function drawGauge(doc: Doc, spec: GaugeSpec): void {
  drawBands(doc, spec);
  drawScale(doc, spec);
  const finite = Number.isFinite(spec.score);
  if (finite) drawNeedle(doc, spec);
  const text = finite ? formatNumber(spec.score, 0).replace(/,/g, '') : '\u2014';
  writeLine(doc, text, spec.cx - spec.radius, spec.cy + 12, spec.radius * 2, {
    font: FONT.bold,
    size: 30,
    color: COLOR.text,
    align: 'center',
  });
}
