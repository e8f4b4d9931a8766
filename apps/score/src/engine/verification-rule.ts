import type { VerificationInput } from './score-inputs';
import { SCORE_DECISIONS, type ScoreDecision, type VerificationRule } from './weightage-config';

/** A decision after the config's verification rule, and what the rule did (null when it changed nothing). */
export interface VerifiedDecision {
  decision: ScoreDecision;
  log: string | null;
}

/** The worse of two decisions (DECLINE worst, APPROVE best). */
export function worseDecision(a: ScoreDecision, b: ScoreDecision): ScoreDecision {
  return SCORE_DECISIONS.indexOf(a) <= SCORE_DECISIONS.indexOf(b) ? a : b;
}

/**
 * Applies a config's verification rule to the decision the cut-offs gave: a business that is not
 * VERIFIED (UNVERIFIED, or never verified) gets no better decision than the rule's cap. Without a
 * rule, or for a VERIFIED business, the decision stands and the log says so only when a rule exists.
 */
export function applyVerificationRule(rule: VerificationRule | undefined, decision: ScoreDecision, verification: VerificationInput | null | undefined): VerifiedDecision {
  if (!rule) return { decision, log: null };
  if (verification?.status === 'VERIFIED') {
    return { decision, log: `Verification: VERIFIED on ${verification.verifiedAt.toISOString()}; decision ${decision} from the score` };
  }
  const state = verification ? `UNVERIFIED on ${verification.verifiedAt.toISOString()}` : 'never verified';
  const capped = worseDecision(decision, rule.unverifiedDecisionCap);
  if (capped === decision) {
    return { decision, log: `Verification: ${state}; decision ${decision} from the score is within the cap ${rule.unverifiedDecisionCap}` };
  }
  return { decision: capped, log: `Verification: ${state}; decision capped at ${capped} (the score gave ${decision})` };
}
