import { createHash } from 'node:crypto';
import type { MonitoringFrequency } from '@kyb/area-views';

/** One period of a monitoring frequency: a UTC day, an ISO week (from Monday) or a calendar month. */
export interface MonitoringPeriod {
  /** Names the period in job ids: `2026-11-27`, `2026-W48`, `2026-11`. */
  key: string;
  start: Date;
  /** The first instant of the next period. */
  end: Date;
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The ISO week-numbering year and week of the week starting (Monday) at `monday`. */
function isoWeekOf(monday: Date): { year: number; week: number } {
  // The week belongs to the year of its Thursday.
  const thursday = new Date(monday.getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  return { year, week: Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1 };
}

/** The period of `frequency` that `at` falls in (UTC). */
export function periodOf(frequency: MonitoringFrequency, at: Date): MonitoringPeriod {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  const midnight = Date.UTC(y, m, at.getUTCDate());
  if (frequency === 'DAILY') {
    return { key: `${y}-${pad(m + 1)}-${pad(at.getUTCDate())}`, start: new Date(midnight), end: new Date(midnight + DAY_MS) };
  }
  if (frequency === 'WEEKLY') {
    const monday = new Date(midnight - ((at.getUTCDay() + 6) % 7) * DAY_MS);
    const { year, week } = isoWeekOf(monday);
    return { key: `${year}-W${pad(week)}`, start: monday, end: new Date(monday.getTime() + 7 * DAY_MS) };
  }
  return { key: `${y}-${pad(m + 1)}`, start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) };
}

/** Where in any period the business's slot lies: a stable fraction in [0, 1) from a hash of its id. */
export function slotFraction(businessId: string): number {
  const hex = createHash('sha256').update(businessId.toLowerCase()).digest('hex');
  return parseInt(hex.slice(0, 12), 16) / 2 ** 48;
}

/**
 * When the business is due in `period`: its own offset into the period, so a customer's businesses
 * are spread over it rather than enriched at once. Slots end `tickEveryMs` before the period does,
 * so a tick always comes between a slot and the end of its period.
 */
export function slotOf(businessId: string, period: MonitoringPeriod, tickEveryMs: number): Date {
  const spread = Math.max(0, period.end.getTime() - period.start.getTime() - tickEveryMs);
  return new Date(period.start.getTime() + Math.floor(slotFraction(businessId) * spread));
}

/**
 * The id of a business's monitoring enrichment in a period (its integration task's and queue job's):
 * one per business and period, however many ticks or workers ask. Dashes, not colons: BullMQ
 * refuses most custom ids with a colon.
 */
export const monitoringJobId = (periodKey: string, businessId: string) => `monitoring-${periodKey}-${businessId}`;

/** The business's period at `now` and, when its slot in it has come, the job that enriches it there and the slot. */
export function dueEnrichment(businessId: string, frequency: MonitoringFrequency, now: Date, tickEveryMs: number): { jobId: string; slot: Date } | undefined {
  const period = periodOf(frequency, now);
  const slot = slotOf(businessId, period, tickEveryMs);
  return slot.getTime() <= now.getTime() ? { jobId: monitoringJobId(period.key, businessId), slot } : undefined;
}
