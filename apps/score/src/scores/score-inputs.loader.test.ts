import type { BjlEntry } from '@kyb/area-views';
import { statement, summary } from '../test-support/score-fixtures';
import { scoreInputsOf, verificationInputOf } from './score-inputs.loader';

const asOf = new Date('2026-11-20T10:00:00Z');
const lien: BjlEntry = { kind: 'LIEN', filingDate: new Date('2024-02-10T00:00:00Z'), status: 'active', amount: 25_000 };
const records = { taskId: 't', platformId: 100, summary: summary({ reviews: [{ source: 'Google', count: 120, percentage: '80' }, { source: 'Yelp', count: 30, percentage: '20' }] }), updatedAt: asOf };

describe('scoreInputsOf: what the integration area published, as a score reads it', () => {
  it('maps public records, BJL, statements and the bureau', () => {
    const profile = { statements: [statement(2025)], creditBureau: { score: 82, delinquentAccounts: 1 }, updatedAt: asOf };
    expect(scoreInputsOf({ records, bjl: [lien], profile }, asOf)).toEqual({
      asOf,
      publicRecords: { averageRating: 4.6, reviewCount: 150, complaintCount: 1 },
      bjl: [lien],
      financials: { statements: [statement(2025)] },
      creditBureau: { score: 82, delinquentAccounts: 1 },
    });
  });

  it('counts BJL as never fetched without public records, and unknown financials as null', () => {
    expect(scoreInputsOf({ records: undefined, bjl: [lien], profile: { statements: null, creditBureau: null, updatedAt: asOf } }, asOf)).toEqual({
      asOf,
      publicRecords: null,
      bjl: null,
      financials: null,
      creditBureau: null,
    });
    expect(scoreInputsOf({ records, bjl: [], profile: undefined }, asOf)).toMatchObject({ bjl: [], financials: null, creditBureau: null });
  });

  it('verificationInputOf: a verification as status and date; null when never verified', () => {
    const verifiedAt = new Date('2026-11-19T08:00:00Z');
    expect(verificationInputOf({ businessId: 'b', status: 'UNVERIFIED', checks: [], verifiedAt, statusChangedAt: verifiedAt })).toEqual({ status: 'UNVERIFIED', verifiedAt });
    expect(verificationInputOf(undefined)).toBeNull();
  });
});
