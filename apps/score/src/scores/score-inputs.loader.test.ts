import type { BjlEntry, WatchlistHitEntry } from '@kyb/area-views';
import { inputsFromSnapshot } from '../engine';
import { statement, summary } from '../test-support/score-fixtures';
import { snapshotOf } from './score-inputs.loader';

const asOf = new Date('2026-11-20T10:00:00Z');
const fetchedAt = new Date('2026-11-19T09:30:00Z');
const lien: BjlEntry = { kind: 'LIEN', filingDate: new Date('2024-02-10T00:00:00Z'), status: 'active', amount: 25_000, recordId: 'LN-1', provider: 'sandbox' };
const records = {
  taskId: 't',
  platformId: 100,
  provider: 'sandbox',
  summary: summary({ reviews: [{ source: 'Google', count: 120, percentage: '80' }, { source: 'Yelp', count: 30, percentage: '20' }] }),
  updatedAt: fetchedAt,
};
const verifiedAt = new Date('2026-11-19T08:00:00Z');
const verification = { businessId: 'b', status: 'UNVERIFIED' as const, checks: [], verifiedAt, statusChangedAt: verifiedAt };

describe('snapshotOf: what the integration area published, as a score keeps it', () => {
  it('maps public records, BJL, statements, the bureau and the verification, each input with its provider and fetch time', () => {
    const profile = { statements: [statement(2025)], creditBureau: { score: 82, delinquentAccounts: 1 }, provider: 'sandbox-financials', updatedAt: fetchedAt };
    const snapshot = snapshotOf({ records, bjl: [lien], profile, verification }, asOf);
    expect(snapshot).toEqual({
      format: 1,
      asOf: '2026-11-20T10:00:00.000Z',
      publicRecords: { averageRating: 4.6, reviewCount: 150, complaintCount: 1 },
      bjl: [{ kind: 'LIEN', filingDate: '2024-02-10T00:00:00.000Z', status: 'active', amount: 25_000, recordId: 'LN-1' }],
      financials: { statements: [statement(2025)] },
      creditBureau: { score: 82, delinquentAccounts: 1 },
      verification: { status: 'UNVERIFIED', verifiedAt: '2026-11-19T08:00:00.000Z' },
      sources: {
        publicRecords: { provider: 'sandbox', fetchedAt: '2026-11-19T09:30:00.000Z', taskId: 't' },
        financials: { provider: 'sandbox-financials', fetchedAt: '2026-11-19T09:30:00.000Z' },
      },
      facts: { filingStatus: 'Active' },
    });
    expect(inputsFromSnapshot(snapshot)).toEqual({
      asOf,
      publicRecords: { averageRating: 4.6, reviewCount: 150, complaintCount: 1 },
      bjl: [{ kind: 'LIEN', filingDate: new Date('2024-02-10T00:00:00Z'), status: 'active', amount: 25_000 }],
      financials: { statements: [statement(2025)] },
      creditBureau: { score: 82, delinquentAccounts: 1 },
      verification: { status: 'UNVERIFIED', verifiedAt },
    });
  });

  it('counts BJL as never fetched without public records, unknown financials as null, and names no source for either', () => {
    const empty = snapshotOf({ records: undefined, bjl: [lien], profile: { statements: null, creditBureau: null, provider: 'sandbox', updatedAt: asOf }, verification: undefined }, asOf);
    expect(empty).toMatchObject({ publicRecords: null, bjl: null, financials: null, creditBureau: null, verification: null, sources: { publicRecords: null, financials: null }, facts: { filingStatus: null } });
    expect(inputsFromSnapshot(empty)).toEqual({ asOf, publicRecords: null, bjl: null, financials: null, creditBureau: null, verification: null });
    expect(snapshotOf({ records, bjl: [], profile: undefined, verification: undefined }, asOf)).toMatchObject({ bjl: [], financials: null, creditBureau: null });
  });

  const hit = (overrides: Partial<WatchlistHitEntry> = {}): WatchlistHitEntry => ({
    id: '5b0c6d1e-2f3a-4b5c-8d7e-9f0a1b2c3d4e',
    businessId: 'b',
    subjectRole: 'owner',
    subjectRef: '0f1e2d3c-4b5a-4968-8776-655443322110',
    list: 'ofac-sdn',
    listVersion: 'v-2026-11',
    entryId: '36',
    entryName: 'NORTHWIND MARITIME TRADING LLC',
    entryType: 'entity',
    programs: ['SDGT'],
    matchedName: 'Jane Owner',
    alias: null,
    score: 0.93,
    reason: "Every word of 'Jane Owner' matched.",
    status: 'CONFIRMED',
    reviewedAt: verifiedAt,
    createdAt: fetchedAt,
    ...overrides,
  });

  it("keeps each sanctions hit's id, list, entry, whose name matched by role, status and score, never the matched name or the owner", () => {
    const snapshot = snapshotOf({ records, bjl: [], profile: undefined, verification: undefined, watchlistHits: [hit(), hit({ id: 'c4', subjectRole: 'legal_name', status: 'OPEN', score: 0.9 })] }, asOf);
    expect(snapshot.watchlistHits).toEqual([
      { id: '5b0c6d1e-2f3a-4b5c-8d7e-9f0a1b2c3d4e', list: 'ofac-sdn', entryId: '36', entryName: 'NORTHWIND MARITIME TRADING LLC', subjectRole: 'owner', status: 'CONFIRMED', score: 0.93 },
      { id: 'c4', list: 'ofac-sdn', entryId: '36', entryName: 'NORTHWIND MARITIME TRADING LLC', subjectRole: 'legal_name', status: 'OPEN', score: 0.9 },
    ]);
    expect(JSON.stringify(snapshot)).not.toMatch(/Jane Owner|0f1e2d3c/);
    expect(inputsFromSnapshot(JSON.parse(JSON.stringify(snapshot))).watchlistHits).toEqual(snapshot.watchlistHits);
  });

  it('keeps no hits at all when there are none, as every snapshot before sanctions screening: both read as no hits', () => {
    const none = snapshotOf({ records, bjl: [], profile: undefined, verification: undefined, watchlistHits: [] }, asOf);
    expect(none).not.toHaveProperty('watchlistHits');
    expect(snapshotOf({ records, bjl: [], profile: undefined, verification: undefined }, asOf)).toEqual(none);
    expect(inputsFromSnapshot(none).watchlistHits).toBeUndefined();
  });

  it('survives a trip through JSON unchanged, as it is stored', () => {
    const profile = { statements: [statement(2024, 1_234_567.89), statement(2025, 1_100_000)], creditBureau: { score: 61.5, delinquentAccounts: 2 }, provider: 'sandbox', updatedAt: fetchedAt };
    const snapshot = snapshotOf({ records, bjl: [lien], profile, verification }, asOf);
    expect(inputsFromSnapshot(JSON.parse(JSON.stringify(snapshot)))).toEqual(inputsFromSnapshot(snapshot));
  });
});
