import { randomUUID } from 'node:crypto';
import { dueEnrichment, monitoringJobId, periodOf, slotOf } from './monitoring-slots';

const TICK = 15 * 60_000;
const at = (iso: string) => new Date(iso);

describe('monitoring periods', () => {
  it('a DAILY period is the UTC day', () => {
    expect(periodOf('DAILY', at('2026-11-27T23:59:59.999Z'))).toEqual({ key: '2026-11-27', start: at('2026-11-27T00:00:00Z'), end: at('2026-11-28T00:00:00Z') });
  });

  it('a WEEKLY period is the ISO week from Monday, named by its ISO year across a new year', () => {
    expect(periodOf('WEEKLY', at('2026-11-27T12:00:00Z'))).toEqual({ key: '2026-W48', start: at('2026-11-23T00:00:00Z'), end: at('2026-11-30T00:00:00Z') });
    // Sunday 3 January 2027 still belongs to week 53 of 2026; Thursday 31 December 2026 too.
    expect(periodOf('WEEKLY', at('2027-01-03T23:00:00Z')).key).toBe('2026-W53');
    expect(periodOf('WEEKLY', at('2026-12-31T00:00:00Z')).key).toBe('2026-W53');
    expect(periodOf('WEEKLY', at('2027-01-04T00:00:00Z')).key).toBe('2027-W01');
    // Monday 29 December 2025 starts week 1 of 2026.
    expect(periodOf('WEEKLY', at('2025-12-29T00:00:00Z')).key).toBe('2026-W01');
  });

  it('a MONTHLY period is the calendar month (UTC)', () => {
    expect(periodOf('MONTHLY', at('2026-02-14T08:00:00Z'))).toEqual({ key: '2026-02', start: at('2026-02-01T00:00:00Z'), end: at('2026-03-01T00:00:00Z') });
  });
});

describe('monitoring slots', () => {
  it('keep a business at the same offset of every period, inside it, and a tick before its end', () => {
    const id = randomUUID();
    for (const frequency of ['DAILY', 'WEEKLY', 'MONTHLY'] as const) {
      const period = periodOf(frequency, at('2026-11-27T12:00:00Z'));
      const slot = slotOf(id, period, TICK);
      expect(slot.getTime()).toBeGreaterThanOrEqual(period.start.getTime());
      expect(slot.getTime()).toBeLessThan(period.end.getTime() - TICK);
      expect(slotOf(id.toUpperCase(), period, TICK)).toEqual(slot);
    }
    const today = slotOf(id, periodOf('DAILY', at('2026-11-27T12:00:00Z')), TICK);
    const tomorrow = slotOf(id, periodOf('DAILY', at('2026-11-28T12:00:00Z')), TICK);
    expect(tomorrow.getTime() - today.getTime()).toBe(86_400_000);
  });

  it('spread 10,000 businesses evenly over the period: each twentieth of a day, a week or a month gets its share', () => {
    // Fixed ids (UUIDs in sequence, as close as ids get), so the test is the same on every run.
    const ids = Array.from({ length: 10_000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    for (const frequency of ['DAILY', 'WEEKLY', 'MONTHLY'] as const) {
      const period = periodOf(frequency, at('2026-11-27T12:00:00Z'));
      const spread = period.end.getTime() - period.start.getTime() - TICK;
      const buckets = new Array(20).fill(0);
      for (const id of ids) buckets[Math.floor(((slotOf(id, period, TICK).getTime() - period.start.getTime()) / spread) * 20)] += 1;
      // 500 each when uniform; a standard deviation is about 22.
      for (const count of buckets) expect(Math.abs(count - 500)).toBeLessThan(100);
    }
  });

  it('a business is due once its slot in the period has come, with one job id per period', () => {
    const id = randomUUID();
    const period = periodOf('DAILY', at('2026-11-27T00:00:00Z'));
    const slot = slotOf(id, period, TICK);
    expect(dueEnrichment(id, 'DAILY', new Date(slot.getTime() - 1), TICK)).toBeUndefined();
    expect(dueEnrichment(id, 'DAILY', slot, TICK)).toEqual({ jobId: `monitoring-2026-11-27-${id}`, slot });
    expect(dueEnrichment(id, 'DAILY', at('2026-11-27T23:59:00Z'), TICK)).toEqual({ jobId: monitoringJobId('2026-11-27', id), slot });
    expect(dueEnrichment(id, 'DAILY', new Date(slot.getTime() + 86_400_000), TICK)).toEqual({ jobId: `monitoring-2026-11-28-${id}`, slot: new Date(slot.getTime() + 86_400_000) });
  });
});
