import type { ReasonCode } from './explain-score';
import type { ComputedScore } from './score-output';
import type { ScoreSnapshot } from './score-snapshot';

/**
 * A computed score to store SUCCESS, with the snapshot of the inputs it was computed from and the
 * reasons it is not higher: what the scores feature stores and the alerts feature compares, named
 * here so that neither imports the other for it.
 */
export interface ScoreResult {
  /** The id of the score row it is the result of. */
  id: string;
  score: ComputedScore;
  snapshot: ScoreSnapshot;
  /** The reason codes its explanation gives (`scoreAndExplain`), kept for the 360 report. */
  reasonCodes: ReasonCode[];
}
