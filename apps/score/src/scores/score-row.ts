import type { ComputedScore, ReasonCode, ScoreSnapshot } from '../engine';
import type { ScoreStatus } from './scores.schemas';

/*
 * The shapes of a stored score and of a score to store, in a file of their own: the stores that
 * create, read and store scores and the alerts raised with them all name them, and none of them
 * imports another for it.
 */

/** What asked for a score. */
export type ScoreTrigger = 'ENRICHMENT' | 'ON_DEMAND' | 'MONITORING';

/** A stored score. */
export interface ScoreRow {
  id: string;
  business_id: string;
  customer_id: string | null;
  source_key: string;
  trigger: ScoreTrigger;
  weightage_config_id: string;
  version: string;
  status: ScoreStatus;
  year: number;
  month: number;
  weighted_score_100: string | null;
  weighted_score_850: string | null;
  base_score: string | null;
  risk_level: string | null;
  score_decision: string | null;
  score_distribution: ComputedScore['score_distribution'] | null;
  /** What the config's verification rule did to the decision; null when the config has none. */
  decision_log: string | null;
  /** The exact inputs a SUCCESS score was computed from; null before it succeeded (and for scores older than snapshots). */
  inputs: ScoreSnapshot | null;
  /** The reasons a SUCCESS score is not higher, as its explanation gives them; null before it succeeded. */
  reason_codes: ReasonCode[] | null;
  failure_reason: string | null;
  attempts: number;
  requested_by: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

/** A computed score to store SUCCESS, with the snapshot of the inputs it was computed from and the reasons it is not higher. */
export interface ScoreResult {
  id: string;
  score: ComputedScore;
  snapshot: ScoreSnapshot;
  /** The reason codes its explanation gives (`scoreAndExplain`), kept for the 360 report. */
  reasonCodes: ReasonCode[];
}

