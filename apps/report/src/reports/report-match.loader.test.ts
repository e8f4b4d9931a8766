import type { MatchScreeningEntry } from '@kyb/area-views';
import { reportMatch } from './report-match.loader';

const requestedAt = new Date('2026-12-06T09:00:00.000Z');
const completedAt = new Date('2026-12-06T09:04:00.000Z');

const entry = (overrides: Partial<MatchScreeningEntry>): MatchScreeningEntry => ({
  id: '3c1d2e4f-0000-4000-8000-000000000001',
  customerId: '3c1d2e4f-0000-4000-8000-0000000000c1',
  businessId: '3c1d2e4f-0000-4000-8000-0000000000b1',
  status: 'COMPLETED',
  provider: 'sandbox',
  result: 'Match',
  createdAt: requestedAt,
  completedAt,
  updatedAt: completedAt,
  matchedMerchants: [
    {
      name: 'Terminated Tile Works',
      reasonCode: '04',
      reason: 'Excessive chargebacks',
      terminatedOn: '2020-02-03',
      addedByIca: '1996',
      comparisons: { name: 'EXACT', doingBusinessAs: 'NONE', address: 'PHONETIC', phone: 'NONE', url: 'EXACT' },
    },
  ],
  ...overrides,
});

describe('reportMatch', () => {
  it('keeps what a reader judges a completed screening by: result, provider, times, and each merchant with its reason and the fields that agreed', () => {
    expect(reportMatch(entry({}))).toEqual({
      screening: {
        id: '3c1d2e4f-0000-4000-8000-000000000001',
        status: 'COMPLETED',
        result: 'Match',
        provider: 'sandbox',
        requestedAt,
        completedAt,
        merchants: [
          { name: 'Terminated Tile Works', reasonCode: '04', reason: 'Excessive chargebacks', terminatedOn: '2020-02-03', addedByIca: '1996', matchedOn: ['name (exact)', 'address (sounds alike)', 'website (exact)'] },
        ],
      },
    });
  });

  it('is null when no screening was run', () => {
    expect(reportMatch(undefined)).toEqual({ screening: null });
  });

  it('gives a screening that has not completed no result and no merchants, whatever the row holds', () => {
    for (const status of ['PENDING', 'PROCESSING', 'FAILED'] as const) {
      const { screening } = reportMatch(entry({ status, result: 'Match', completedAt: status === 'FAILED' ? completedAt : null }));
      expect(screening).toMatchObject({ status, result: null, completedAt: null, merchants: [], requestedAt });
    }
  });

  it('says no field agreed for a merchant whose comparisons are all NONE', () => {
    const none = { name: 'NONE', doingBusinessAs: 'NONE', address: 'NONE', phone: 'NONE', url: 'NONE' } as const;
    const [merchant] = reportMatch(entry({ matchedMerchants: [{ ...entry({}).matchedMerchants[0], comparisons: none }] })).screening?.merchants ?? [];
    expect(merchant.matchedOn).toEqual([]);
  });
});
