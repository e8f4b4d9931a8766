import { summariseBjl } from './bjl-summary';
import type { BjlEntry } from './integration-directory';

const entry = (kind: BjlEntry['kind'], date: string, status: string, amount: number | null): BjlEntry => ({ kind, filingDate: new Date(date), status, amount });

describe('summariseBjl', () => {
  const records = [
    entry('LIEN', '2023-01-01T00:00:00Z', 'released', 900),
    entry('LIEN', '2025-05-15T00:00:00Z', 'active', 4445),
    entry('LIEN', '2024-03-01T00:00:00Z', 'active', 1000.255),
    entry('BANKRUPTCY', '2019-07-09T00:00:00Z', 'discharged', null),
  ];

  it('counts one kind, takes the record filed last whatever the order, and sums the active amounts to cents', () => {
    expect(summariseBjl(records, 'LIEN')).toEqual({
      count: 3,
      mostRecent: new Date('2025-05-15T00:00:00Z'),
      mostRecentStatus: 'active',
      mostRecentAmount: 4445,
      totalOpenAmount: 5445.26,
    });
    expect(summariseBjl(records, 'BANKRUPTCY')).toMatchObject({ count: 1, mostRecentStatus: 'discharged', mostRecentAmount: null, totalOpenAmount: 0 });
  });

  it('answers zero and nulls for a kind without records', () => {
    expect(summariseBjl(records, 'JUDGEMENT')).toEqual({ count: 0, mostRecent: null, mostRecentStatus: null, mostRecentAmount: null, totalOpenAmount: 0 });
  });
});
