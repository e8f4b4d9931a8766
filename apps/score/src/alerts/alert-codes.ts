import type { ScoreSnapshot, SnapshotBjlRecord, SnapshotWatchlistHit } from '../engine';

/**
 * The rules monitoring applies between two SUCCESS scores of a business, and the one raised when
 * the case area contests a case's decision (CASE_DECISION_CONTESTED); each code is stable
 * (stored, filtered, announced).
 */
export const ALERT_RULES = [
  'NEW_LIEN',
  'NEW_JUDGEMENT',
  'NEW_BANKRUPTCY',
  'LIEN_RELEASED',
  'JUDGEMENT_SATISFIED',
  'BANKRUPTCY_DISCHARGED',
  'FILING_STATUS_CHANGED',
  'VERIFICATION_STATUS_CHANGED',
  'RISK_LEVEL_CHANGED',
  'DECISION_CHANGED',
  'SCORE_CHANGED',
  'WATCHLIST_HIT',
  'CASE_DECISION_CONTESTED',
] as const;
export type AlertRule = (typeof ALERT_RULES)[number];

/** How urgent an alert is, most urgent first. */
export const ALERT_SEVERITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/**
 * The fixed severity of each rule: a worsening is more severe than an improvement.
 *
 * | rule                        | worsening                                  | improvement / other          |
 * |-----------------------------|--------------------------------------------|------------------------------|
 * | NEW_BANKRUPTCY              | HIGH                                       |                              |
 * | NEW_JUDGEMENT, NEW_LIEN     | HIGH                                       |                              |
 * | LIEN_RELEASED, JUDGEMENT_SATISFIED, BANKRUPTCY_DISCHARGED |              | LOW                          |
 * | FILING_STATUS_CHANGED       | HIGH (from Active to anything else)        | LOW (to Active); MEDIUM else |
 * | VERIFICATION_STATUS_CHANGED | HIGH (to UNVERIFIED)                       | LOW (to VERIFIED)            |
 * | RISK_LEVEL_CHANGED          | HIGH (towards HIGH risk)                   | LOW                          |
 * | DECISION_CHANGED            | HIGH (towards DECLINE)                     | LOW                          |
 * | SCORE_CHANGED               | MEDIUM (the 850 score fell)                | LOW (it rose)                |
 * | WATCHLIST_HIT               | HIGH (a sanctions hit the previous lacked) |                              |
 * | CASE_DECISION_CONTESTED     | HIGH (the policy would now be stricter than the decision: review or reject an approved case, reject one in review) | LOW (it would now be more lenient) |
 */
export const SEVERITY_TABLE = {
  NEW_BANKRUPTCY: { worsening: 'HIGH' },
  NEW_JUDGEMENT: { worsening: 'HIGH' },
  NEW_LIEN: { worsening: 'HIGH' },
  LIEN_RELEASED: { improvement: 'LOW' },
  JUDGEMENT_SATISFIED: { improvement: 'LOW' },
  BANKRUPTCY_DISCHARGED: { improvement: 'LOW' },
  FILING_STATUS_CHANGED: { worsening: 'HIGH', improvement: 'LOW', other: 'MEDIUM' },
  VERIFICATION_STATUS_CHANGED: { worsening: 'HIGH', improvement: 'LOW' },
  RISK_LEVEL_CHANGED: { worsening: 'HIGH', improvement: 'LOW' },
  DECISION_CHANGED: { worsening: 'HIGH', improvement: 'LOW' },
  SCORE_CHANGED: { worsening: 'MEDIUM', improvement: 'LOW' },
  WATCHLIST_HIT: { worsening: 'HIGH' },
  CASE_DECISION_CONTESTED: { worsening: 'HIGH', improvement: 'LOW' },
} as const satisfies Record<AlertRule, Partial<Record<'worsening' | 'improvement' | 'other', AlertSeverity>>>;

/** One SUCCESS score as the rules compare it. */
export interface ScoreSide {
  id: string;
  weightedScore850: number | null;
  riskLevel: string | null;
  decision: string | null;
  /** The inputs it was computed from; null for scores older than snapshots (only the score fields are compared then). */
  snapshot: ScoreSnapshot | null;
}

/** What one rule found between two scores. */
export interface AlertFinding {
  rule: AlertRule;
  severity: AlertSeverity;
  /** Tells apart alerts of one rule on one score (the record a record rule is about, the hit's id); '' for the others. */
  subject: string;
  title: string;
  summary: string;
  before: unknown;
  after: unknown;
  data: { score_id: string; previous_score_id: string; record?: SnapshotBjlRecord; hit?: SnapshotWatchlistHit; threshold_points?: number; difference_points?: number };
}

/** What a rule needs of the customer's settings. */
export interface AlertSettings {
  /** SCORE_CHANGED is raised when the 850 score moves by strictly more than this. */
  scoreChangeAlertPoints: number;
}

