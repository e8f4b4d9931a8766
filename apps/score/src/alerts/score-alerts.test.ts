import type { ComputedScore, ScoreResult, ScoreSnapshot } from '../engine';
import { alertsOfStored, monitoredCustomers, type StoredSuccessForAlerts } from './score-alerts';

const snapshot = (filingStatus: string): ScoreSnapshot => ({
  format: 1,
  asOf: '2026-06-01T00:00:00.000Z',
  publicRecords: null,
  bjl: [],
  financials: null,
  creditBureau: null,
  verification: null,
  sources: { publicRecords: null, financials: null },
  facts: { filingStatus },
});
const result = (id: string, filingStatus: string, risk: ComputedScore['risk_level'] = 'LOW'): ScoreResult => ({
  id,
  score: { weighted_score_850: '720.00', risk_level: risk, score_decision: 'APPROVE' } as ComputedScore,
  snapshot: snapshot(filingStatus),
  reasonCodes: [],
});
const stored = (id: string, overrides: Partial<StoredSuccessForAlerts> = {}): StoredSuccessForAlerts => ({
  id,
  business_id: 'b1',
  customer_id: 'c1',
  previous_risk_level: 'LOW',
  newest: true,
  monitored: true,
  previous_id: 'p0',
  previous_score_850: '720.00',
  previous_decision: 'APPROVE',
  previous_inputs: snapshot('Active'),
  ...overrides,
});
const settings = new Map([['c1', { scoreChangeAlertPoints: 50 }]]);
const found = (alerts: ReturnType<typeof alertsOfStored>) => alerts.map((a) => [a.data.previous_score_id, a.data.score_id, a.before, a.after]);

describe('the alerts of scores one statement stored SUCCESS', () => {
  it('compares the first score of a business in a batch with its stored previous score, each next one with the one before it in the batch', () => {
    const alerts = alertsOfStored([stored('s1'), stored('s2')], [result('s1', 'Suspended'), result('s2', 'Dissolved')], settings);
    expect(found(alerts)).toEqual([
      ['p0', 's1', 'Active', 'Suspended'],
      ['s1', 's2', 'Suspended', 'Dissolved'],
    ]);
    expect(alerts.every((a) => a.customerId === 'c1' && a.businessId === 'b1')).toBe(true);
  });

  it('raises nothing for a business not monitored, a score without a customer, a first score, or one that completed after a newer score', () => {
    const dissolved = [result('s1', 'Dissolved')];
    expect(alertsOfStored([stored('s1', { monitored: false, previous_inputs: null })], dissolved, settings)).toEqual([]);
    expect(alertsOfStored([stored('s1', { customer_id: null })], dissolved, settings)).toEqual([]);
    expect(alertsOfStored([stored('s1', { previous_id: null, previous_inputs: null, previous_score_850: null })], dissolved, settings)).toEqual([]);
    expect(alertsOfStored([stored('s1', { newest: false })], dissolved, settings)).toEqual([]);
  });

  it('compares only the score fields with a previous score older than snapshots', () => {
    const alerts = alertsOfStored([stored('s1', { previous_inputs: null, previous_risk_level: 'LOW' })], [result('s1', 'Dissolved', 'HIGH')], settings);
    expect(alerts.map((a) => a.rule)).toEqual(['RISK_LEVEL_CHANGED']);
  });

  it("reads the settings of monitored businesses' customers only, each once", () => {
    expect(monitoredCustomers([stored('s1'), stored('s2'), stored('s3', { monitored: false, customer_id: 'c2' }), stored('s4', { customer_id: null })])).toEqual(['c1']);
  });
});
