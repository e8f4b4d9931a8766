import { describeFeatureDirection } from '@kyb/testing';

/**
 * The score area's order (see the comment at the top of area.ts). Engine, the pure scoring with a
 * score's explanation and reason codes, uses no feature and every feature may use it. Scores uses
 * alerts and not the reverse: a score's success raises its alerts in the statement that stores it,
 * and alerts declares what it reads of a stored success instead of importing scores. Explain reads
 * stored scores, so it uses scores; scores computes reason codes through engine, never explain.
 * Recovery queues lost scores again by the scores' job ids.
 */
describeFeatureDirection('score', __dirname, {
  scores: ['alerts', 'engine'],
  explain: ['engine', 'scores'],
  recovery: ['scores'],
  alerts: ['engine'],
  configs: ['engine'],
  engine: [],
});
