import type { ScoreSnapshot, SnapshotBjlRecord, SnapshotWatchlistHit } from '../engine';
import { alertsBetween, SEVERITY_TABLE, type ScoreSide } from './alert-rules';

const snapshot = (overrides: Partial<ScoreSnapshot> = {}): ScoreSnapshot => ({
  format: 1,
  asOf: '2026-06-01T00:00:00.000Z',
  publicRecords: { averageRating: 4.5, reviewCount: 100, complaintCount: 1 },
  bjl: [],
  financials: null,
  creditBureau: null,
  verification: { status: 'VERIFIED', verifiedAt: '2026-05-01T00:00:00.000Z' },
  sources: { publicRecords: null, financials: null },
  facts: { filingStatus: 'Active' },
  ...overrides,
});

const side = (id: string, overrides: Partial<ScoreSide> = {}): ScoreSide => ({
  id,
  weightedScore850: 720,
  riskLevel: 'LOW',
  decision: 'APPROVE',
  snapshot: snapshot(),
  ...overrides,
});

const lien = (overrides: Partial<SnapshotBjlRecord> = {}): SnapshotBjlRecord => ({ kind: 'LIEN', filingDate: '2026-04-02T00:00:00.000Z', status: 'active', amount: 12_000, ...overrides });
const settings = { scoreChangeAlertPoints: 50 };
const rulesOf = (previous: ScoreSide | null, current: ScoreSide) => alertsBetween(previous, current, settings).map((a) => [a.rule, a.severity]);
const withRecords = (id: string, bjl: SnapshotBjlRecord[]) => side(id, { snapshot: snapshot({ bjl }) });

describe('alert rules between two SUCCESS scores of a monitored business', () => {
  it('raise nothing for a first score, nor for two scores that agree', () => {
    expect(alertsBetween(null, side('new'), settings)).toEqual([]);
    expect(alertsBetween(side('old'), side('new'), settings)).toEqual([]);
  });

  describe('records', () => {
    it.each([
      ['LIEN', 'NEW_LIEN'],
      ['JUDGEMENT', 'NEW_JUDGEMENT'],
      ['BANKRUPTCY', 'NEW_BANKRUPTCY'],
    ] as const)('a %s only in the new snapshot is %s (HIGH), with the record and both scores', (kind, rule) => {
      const record = lien({ kind, recordId: 'r-1' });
      const [alert] = alertsBetween(withRecords('old', []), withRecords('new', [record]), settings);
      expect(alert).toEqual({
        rule,
        severity: 'HIGH',
        subject: 'r-1',
        title: expect.stringContaining('New'),
        summary: expect.stringContaining('filed 2026-04-02'),
        before: null,
        after: record,
        data: { score_id: 'new', previous_score_id: 'old', record },
      });
    });

    it('a record that disappeared raises nothing (the reverse of a new one is no rule)', () => {
      expect(rulesOf(withRecords('old', [lien()]), withRecords('new', []))).toEqual([]);
    });

    it('matches by the provider id when both have one, whatever the date or amount', () => {
      expect(rulesOf(withRecords('old', [lien({ recordId: 'a' })]), withRecords('new', [lien({ recordId: 'a', amount: 99, filingDate: '2020-01-01T00:00:00.000Z' })]))).toEqual([]);
      expect(rulesOf(withRecords('old', [lien({ recordId: 'a' })]), withRecords('new', [lien({ recordId: 'b' })]))).toEqual([['NEW_LIEN', 'HIGH']]);
    });

    it('matches by kind, filing date and amount when one has no id', () => {
      expect(rulesOf(withRecords('old', [lien()]), withRecords('new', [lien({ recordId: 'a' })]))).toEqual([]);
      expect(rulesOf(withRecords('old', [lien()]), withRecords('new', [lien({ amount: 12_001 })]))).toEqual([['NEW_LIEN', 'HIGH']]);
      expect(rulesOf(withRecords('old', [lien()]), withRecords('new', [lien({ kind: 'JUDGEMENT' })]))).toEqual([['NEW_JUDGEMENT', 'HIGH']]);
    });

    it('two identical records where there was one make one new record, with a subject of its own', () => {
      const alerts = alertsBetween(withRecords('old', [lien()]), withRecords('new', [lien(), lien(), lien()]), settings);
      expect(alerts.map((a) => a.subject)).toEqual(['LIEN|2026-04-02T00:00:00.000Z|12000', 'LIEN|2026-04-02T00:00:00.000Z|12000#2']);
    });

    it.each([
      ['LIEN', 'active', 'released', 'LIEN_RELEASED'],
      ['JUDGEMENT', 'active', 'satisfied', 'JUDGEMENT_SATISFIED'],
      ['BANKRUPTCY', 'open', 'discharged', 'BANKRUPTCY_DISCHARGED'],
      ['BANKRUPTCY', 'open', 'dismissed', 'BANKRUPTCY_DISCHARGED'],
    ] as const)('a %s going from %s to %s is %s (LOW), before and after the record', (kind, from, to, rule) => {
      const before = lien({ kind, status: from });
      const after = lien({ kind, status: to });
      const [alert] = alertsBetween(withRecords('old', [before]), withRecords('new', [after]), settings);
      expect(alert).toMatchObject({ rule, severity: 'LOW', before, after, data: { record: after, score_id: 'new', previous_score_id: 'old' } });
    });

    it('a record going back from released to active, or staying released, raises nothing', () => {
      expect(rulesOf(withRecords('old', [lien({ status: 'released' })]), withRecords('new', [lien({ status: 'active' })]))).toEqual([]);
      expect(rulesOf(withRecords('old', [lien({ status: 'released' })]), withRecords('new', [lien({ status: 'released' })]))).toEqual([]);
    });

    it('records are not compared when either snapshot never had public records fetched', () => {
      expect(rulesOf(withRecords('old', []), side('new', { snapshot: snapshot({ bjl: null }) }))).toEqual([]);
      expect(rulesOf(side('old', { snapshot: snapshot({ bjl: null }) }), withRecords('new', [lien()]))).toEqual([]);
    });
  });

  describe('filing and verification', () => {
    const filing = (id: string, filingStatus: string | null) => side(id, { snapshot: snapshot({ facts: { filingStatus } }) });
    it('Active to Dissolved is HIGH, Dissolved to Active LOW, between two other statuses MEDIUM; the values are kept', () => {
      const [worse] = alertsBetween(filing('old', 'Active'), filing('new', 'Dissolved'), settings);
      expect(worse).toMatchObject({ rule: 'FILING_STATUS_CHANGED', severity: 'HIGH', subject: '', before: 'Active', after: 'Dissolved' });
      expect(rulesOf(filing('old', 'Dissolved'), filing('new', 'Active'))).toEqual([['FILING_STATUS_CHANGED', 'LOW']]);
      expect(rulesOf(filing('old', 'Suspended'), filing('new', 'Dissolved'))).toEqual([['FILING_STATUS_CHANGED', 'MEDIUM']]);
    });
    it('the same status spelt otherwise, or an unknown one, raises nothing', () => {
      expect(rulesOf(filing('old', 'Active'), filing('new', 'ACTIVE'))).toEqual([]);
      expect(rulesOf(filing('old', null), filing('new', 'Dissolved'))).toEqual([]);
      expect(rulesOf(filing('old', 'Active'), filing('new', null))).toEqual([]);
    });

    const verified = (id: string, status: 'VERIFIED' | 'UNVERIFIED' | null) =>
      side(id, { snapshot: snapshot({ verification: status === null ? null : { status, verifiedAt: '2026-05-01T00:00:00.000Z' } }) });
    it('VERIFIED to UNVERIFIED is HIGH, UNVERIFIED to VERIFIED LOW; a first verification counts, a lost one does not', () => {
      expect(alertsBetween(verified('old', 'VERIFIED'), verified('new', 'UNVERIFIED'), settings)[0]).toMatchObject({
        rule: 'VERIFICATION_STATUS_CHANGED',
        severity: 'HIGH',
        before: 'VERIFIED',
        after: 'UNVERIFIED',
      });
      expect(rulesOf(verified('old', 'UNVERIFIED'), verified('new', 'VERIFIED'))).toEqual([['VERIFICATION_STATUS_CHANGED', 'LOW']]);
      expect(rulesOf(verified('old', null), verified('new', 'UNVERIFIED'))).toEqual([['VERIFICATION_STATUS_CHANGED', 'HIGH']]);
      expect(rulesOf(verified('old', 'VERIFIED'), verified('new', null))).toEqual([]);
      expect(rulesOf(verified('old', 'UNVERIFIED'), verified('new', 'UNVERIFIED'))).toEqual([]);
    });
  });

  describe('score fields', () => {
    it('a risk level towards HIGH is HIGH, towards LOW is LOW', () => {
      expect(alertsBetween(side('old'), side('new', { riskLevel: 'MODERATE' }), settings)[0]).toMatchObject({ rule: 'RISK_LEVEL_CHANGED', severity: 'HIGH', before: 'LOW', after: 'MODERATE' });
      expect(rulesOf(side('old', { riskLevel: 'HIGH' }), side('new', { riskLevel: 'MODERATE' }))).toEqual([['RISK_LEVEL_CHANGED', 'LOW']]);
    });
    it('a decision towards DECLINE is HIGH, towards APPROVE is LOW', () => {
      expect(alertsBetween(side('old'), side('new', { decision: 'DECLINE' }), settings)[0]).toMatchObject({ rule: 'DECISION_CHANGED', severity: 'HIGH', before: 'APPROVE', after: 'DECLINE' });
      expect(rulesOf(side('old', { decision: 'FURTHER_REVIEW_NEEDED' }), side('new'))).toEqual([['DECISION_CHANGED', 'LOW']]);
    });
    it('the 850 score moving by strictly more than the setting, down MEDIUM and up LOW; exactly the setting raises nothing', () => {
      const [fell] = alertsBetween(side('old'), side('new', { weightedScore850: 669.5 }), settings);
      expect(fell).toMatchObject({ rule: 'SCORE_CHANGED', severity: 'MEDIUM', before: 720, after: 669.5, data: { threshold_points: 50, difference_points: -50.5 } });
      expect(rulesOf(side('old'), side('new', { weightedScore850: 771 }))).toEqual([['SCORE_CHANGED', 'LOW']]);
      expect(rulesOf(side('old'), side('new', { weightedScore850: 670 }))).toEqual([]);
      expect(rulesOf(side('old'), side('new', { weightedScore850: 770 }))).toEqual([]);
      expect(alertsBetween(side('old'), side('new', { weightedScore850: 700 }), { scoreChangeAlertPoints: 10 }).map((a) => a.rule)).toEqual(['SCORE_CHANGED']);
    });
  });

  it('against an older score without a snapshot, compares only the score fields', () => {
    const old = side('old', { snapshot: null, riskLevel: 'LOW', weightedScore850: 760 });
    const worse = side('new', { riskLevel: 'HIGH', decision: 'DECLINE', weightedScore850: 500, snapshot: snapshot({ bjl: [lien()], facts: { filingStatus: 'Dissolved' } }) });
    expect(rulesOf(old, worse)).toEqual([
      ['RISK_LEVEL_CHANGED', 'HIGH'],
      ['DECISION_CHANGED', 'HIGH'],
      ['SCORE_CHANGED', 'MEDIUM'],
    ]);
  });

  describe('sanctions hits (WATCHLIST_HIT)', () => {
    const hit = (overrides: Partial<SnapshotWatchlistHit> = {}): SnapshotWatchlistHit => ({
      id: '7d0e5c1a-9b2f-4c3d-8e4f-5a6b7c8d9e0f',
      list: 'ofac-sdn',
      entryId: '36',
      entryName: 'NORTHWIND MARITIME TRADING LLC',
      subjectRole: 'owner',
      status: 'OPEN',
      score: 0.93,
      ...overrides,
    });
    const withHits = (id: string, watchlistHits?: SnapshotWatchlistHit[]) => side(id, { snapshot: snapshot(watchlistHits ? { watchlistHits } : {}) });

    it('raise one HIGH alert per hit the previous score lacked, its subject the hit id, naming list, entry and whose name by role', () => {
      const alerts = alertsBetween(withHits('old', []), withHits('new', [hit()]), settings);
      expect(alerts).toEqual([
        {
          rule: 'WATCHLIST_HIT',
          severity: 'HIGH',
          subject: '7d0e5c1a-9b2f-4c3d-8e4f-5a6b7c8d9e0f',
          title: 'Sanctions hit on ofac-sdn (owner name)',
          summary: "An owner's name matches ofac-sdn entry 36 (NORTHWIND MARITIME TRADING LLC), score 0.93, not yet reviewed.",
          before: null,
          after: hit(),
          data: { score_id: 'new', previous_score_id: 'old', hit: hit() },
        },
      ]);
      expect(SEVERITY_TABLE.WATCHLIST_HIT).toEqual({ worsening: 'HIGH' });
    });

    it('raise nothing for a hit the previous score had, even once reviewed, nor for a hit that went', () => {
      expect(rulesOf(withHits('old', [hit()]), withHits('new', [hit({ status: 'CONFIRMED' })]))).toEqual([]);
      expect(rulesOf(withHits('old', [hit()]), withHits('new'))).toEqual([]);
    });

    it('tell two new hits apart by their ids, and word a confirmed legal-name or DBA hit', () => {
      const legal = hit({ id: 'a1', subjectRole: 'legal_name', status: 'CONFIRMED' });
      const dba = hit({ id: 'b2', subjectRole: 'dba', list: 'ofac-consolidated', entryId: '900', score: 0.88 });
      const alerts = alertsBetween(withHits('old', [hit()]), withHits('new', [hit(), legal, dba]), settings);
      expect(alerts.map((a) => [a.subject, a.title, a.summary])).toEqual([
        ['a1', 'Sanctions hit on ofac-sdn (legal name)', 'The legal name matches ofac-sdn entry 36 (NORTHWIND MARITIME TRADING LLC), score 0.93, confirmed.'],
        ['b2', 'Sanctions hit on ofac-consolidated (DBA name)', 'A DBA name matches ofac-consolidated entry 900 (NORTHWIND MARITIME TRADING LLC), score 0.88, not yet reviewed.'],
      ]);
    });

    it('against a previous snapshot older than sanctions screening (no hits kept): every hit is new', () => {
      const old = side('old');
      expect(old.snapshot).not.toHaveProperty('watchlistHits');
      expect(rulesOf(old, withHits('new', [hit()]))).toEqual([['WATCHLIST_HIT', 'HIGH']]);
      expect(rulesOf(old, withHits('new'))).toEqual([]);
    });

    it("never carry the name that matched or the owner's id", () => {
      const leaky = { ...hit(), matchedName: 'Jane Owner', subjectRef: 'owner-42' } as SnapshotWatchlistHit;
      const [alert] = alertsBetween(withHits('old', []), withHits('new', [leaky]), settings);
      expect(`${alert.title} ${alert.summary}`).not.toMatch(/Jane|owner-42/);
    });
  });

  it('every worsening in the table is more severe than its improvement', () => {
    const rank = { HIGH: 3, MEDIUM: 2, LOW: 1 };
    for (const row of Object.values(SEVERITY_TABLE) as Array<{ worsening?: keyof typeof rank; improvement?: keyof typeof rank }>) {
      if (row.worsening && row.improvement) expect(rank[row.worsening]).toBeGreaterThan(rank[row.improvement]);
    }
  });
});
