import type { ComputedScore, ReasonCode, ScoreSnapshot } from '../engine';
import type { ScoreStatus } from './scores.schemas';

/*
 * The shape of a stored score, in a file of its own: the stores that create, read and store scores
 * all name it, and none of them imports another for it. A score to store (`ScoreResult`) is the
 * engine's, since the alerts feature compares it too.
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
