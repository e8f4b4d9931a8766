/** MATCH screening fixtures for the PDF renderer's tests. */
import type { ReportData } from '../report-data';

/** A completed MATCH screening that matched a terminated merchant on its name and address. */
export function buildMatch(): NonNullable<ReportData['match']> {
  return {
    screening: {
      id: '2e0c4f3a-7d6b-4a5c-9e4f-3b2a1f0e9d8c',
      status: 'COMPLETED',
      result: 'Match',
      provider: 'match-pro',
      requestedAt: new Date('2025-03-12T10:18:00.000Z'),
      completedAt: new Date('2025-03-12T10:21:00.000Z'),
      merchants: [
        {
          name: 'ACME INDUSTRIAL SUPPLY',
          reasonCode: '12',
          reason: 'Payment Card Industry Data Security Standard noncompliance',
          terminatedOn: '2021-06-30',
          addedByIca: '1996',
          matchedOn: ['name (exact)', 'address (sounds alike)'],
        },
      ],
    },
  };
}

/** A screening built to break the section's layout: long unbroken text, blanks, invalid dates, many merchants. */
export function buildStressMatch(long: string): NonNullable<ReportData['match']> {
  return {
    screening: {
      id: `scr-${'x'.repeat(120)}`,
      status: 'COMPLETED',
      result: `Match ${'and more '.repeat(20)}`,
      provider: '',
      requestedAt: new Date('invalid'),
      completedAt: null,
      merchants: Array.from({ length: 6 }, (_, i) => ({
        name: i % 2 ? '' : `${long} \u682a`,
        reasonCode: i % 3 ? '' : '99',
        reason: i % 3 === 1 ? '' : `${'A termination reason '.repeat(i + 3)}\u0627`,
        terminatedOn: i % 2 ? 'not-a-date' : '',
        addedByIca: '',
        matchedOn: i % 2 ? [] : ['name (exact)'],
      })),
    },
  };
}
