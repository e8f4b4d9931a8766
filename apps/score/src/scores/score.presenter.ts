import { RawJson } from '@kyb/envelope';
import type { ScoreAnswerRow, ScoreRow } from './scores.store';

/**
 * A score as contract 2.8 shows it (E10); numbers are null while it is PROCESSING or once it FAILED.
 * A distribution read as JSON text (E10's read) is answered as that text (RawJson), unparsed.
 */
export function presentScore(row: ScoreRow | ScoreAnswerRow) {
  const distribution = typeof row.score_distribution === 'string' ? new RawJson(row.score_distribution) : row.score_distribution;
  return {
    id: row.id,
    month: String(row.month),
    year: String(row.year),
    created_at: row.created_at.toISOString(),
    business_id: row.business_id,
    customer_id: row.customer_id,
    status: row.status,
    score_weightage_config: row.weightage_config_id,
    weighted_score_100: row.weighted_score_100,
    weighted_score_850: row.weighted_score_850,
    risk_level: row.risk_level,
    score_decision: row.score_decision,
    decision_log: row.decision_log ?? null,
    base_score: row.base_score,
    version: row.version,
    score_distribution: distribution ?? [],
    is_score_calculated: row.status === 'SUCCESS',
    failure_reason: row.failure_reason,
  };
}

/** The E10 payload type. */
export type ScoreView = ReturnType<typeof presentScore>;
