import { exampleInputs } from './__fixtures__/example-inputs';
import { computeScore } from './compute-score';
import { applyVerificationRule, worseDecision } from './verification-rule';
import { VERIFICATION_WEIGHTAGE_CONFIG } from './verification-weightage-config';
import { DEFAULT_WEIGHTAGE_CONFIG, checkWeightageConfig, type WeightageConfig } from './weightage-config';

const at = new Date('2026-11-20T08:00:00.000Z');
const verified = { status: 'VERIFIED' as const, verifiedAt: at };
const unverified = { status: 'UNVERIFIED' as const, verifiedAt: at };
const cap = { unverifiedDecisionCap: 'FURTHER_REVIEW_NEEDED' as const };

/** Cut-offs under which the worked example (696.54) is APPROVE, so a cap shows. */
const lenient = (config: WeightageConfig): WeightageConfig => ({
  ...config,
  cutoffs: [
    { minScore850: 650, riskLevel: 'LOW', decision: 'APPROVE' },
    { minScore850: 550, riskLevel: 'MODERATE', decision: 'FURTHER_REVIEW_NEEDED' },
    { minScore850: 300, riskLevel: 'HIGH', decision: 'DECLINE' },
  ],
});

describe('applyVerificationRule', () => {
  it('orders decisions DECLINE, FURTHER_REVIEW_NEEDED, APPROVE', () => {
    expect(worseDecision('APPROVE', 'FURTHER_REVIEW_NEEDED')).toBe('FURTHER_REVIEW_NEEDED');
    expect(worseDecision('DECLINE', 'FURTHER_REVIEW_NEEDED')).toBe('DECLINE');
    expect(worseDecision('APPROVE', 'APPROVE')).toBe('APPROVE');
  });

  it('caps the decision of an UNVERIFIED or never verified business, and says so', () => {
    expect(applyVerificationRule(cap, 'APPROVE', unverified)).toEqual({
      decision: 'FURTHER_REVIEW_NEEDED',
      log: 'Verification: UNVERIFIED on 2026-11-20T08:00:00.000Z; decision capped at FURTHER_REVIEW_NEEDED (the score gave APPROVE)',
    });
    expect(applyVerificationRule(cap, 'APPROVE', null)).toEqual({
      decision: 'FURTHER_REVIEW_NEEDED',
      log: 'Verification: never verified; decision capped at FURTHER_REVIEW_NEEDED (the score gave APPROVE)',
    });
    expect(applyVerificationRule(cap, 'APPROVE', undefined).decision).toBe('FURTHER_REVIEW_NEEDED');
    expect(applyVerificationRule({ unverifiedDecisionCap: 'DECLINE' }, 'FURTHER_REVIEW_NEEDED', null).decision).toBe('DECLINE');
  });

  it('never improves a decision, and leaves a VERIFIED business its decision', () => {
    expect(applyVerificationRule(cap, 'DECLINE', unverified)).toEqual({
      decision: 'DECLINE',
      log: 'Verification: UNVERIFIED on 2026-11-20T08:00:00.000Z; decision DECLINE from the score is within the cap FURTHER_REVIEW_NEEDED',
    });
    expect(applyVerificationRule(cap, 'APPROVE', verified)).toEqual({
      decision: 'APPROVE',
      log: 'Verification: VERIFIED on 2026-11-20T08:00:00.000Z; decision APPROVE from the score',
    });
  });

  it('does nothing, and logs nothing, without a rule', () => {
    expect(applyVerificationRule(undefined, 'APPROVE', unverified)).toEqual({ decision: 'APPROVE', log: null });
  });
});

describe('computeScore with a verification rule', () => {
  it('version 2.3 is valid data: 2.2 with the rule, and an unknown capped decision is a problem', () => {
    expect(checkWeightageConfig(VERIFICATION_WEIGHTAGE_CONFIG)).toEqual([]);
    expect(VERIFICATION_WEIGHTAGE_CONFIG).toEqual({ ...DEFAULT_WEIGHTAGE_CONFIG, id: VERIFICATION_WEIGHTAGE_CONFIG.id, version: '2.3', verificationRule: cap });
    expect(DEFAULT_WEIGHTAGE_CONFIG.verificationRule).toBeUndefined();
    const bad = { ...VERIFICATION_WEIGHTAGE_CONFIG, verificationRule: { unverifiedDecisionCap: 'MAYBE' } } as unknown as WeightageConfig;
    expect(checkWeightageConfig(bad)).toEqual(['verificationRule: decision "MAYBE" is unknown']);
  });

  it('caps an unverified APPROVE at FURTHER_REVIEW_NEEDED with the log, the scores and risk level unchanged', () => {
    const withRule = lenient(VERIFICATION_WEIGHTAGE_CONFIG);
    const withoutRule = lenient(DEFAULT_WEIGHTAGE_CONFIG);
    const plain = computeScore(withoutRule, { ...exampleInputs(), verification: unverified });
    const capped = computeScore(withRule, { ...exampleInputs(), verification: unverified });
    expect(plain).toMatchObject({ weighted_score_850: '696.54', risk_level: 'LOW', score_decision: 'APPROVE' });
    expect(plain.decision_log).toBeUndefined();
    expect(capped).toMatchObject({ weighted_score_850: '696.54', risk_level: 'LOW', score_decision: 'FURTHER_REVIEW_NEEDED', version: '2.3' });
    expect(capped.decision_log).toBe('Verification: UNVERIFIED on 2026-11-20T08:00:00.000Z; decision capped at FURTHER_REVIEW_NEEDED (the score gave APPROVE)');
    expect(capped.score_distribution).toEqual(plain.score_distribution);
    expect(computeScore(withRule, exampleInputs())).toMatchObject({ score_decision: 'FURTHER_REVIEW_NEEDED', decision_log: expect.stringContaining('never verified') });
    expect(computeScore(withRule, { ...exampleInputs(), verification: verified })).toMatchObject({ score_decision: 'APPROVE', decision_log: expect.stringContaining('VERIFIED on') });
  });

  it('leaves version 2.2 exactly as it was, whatever the verification', () => {
    const before = computeScore(DEFAULT_WEIGHTAGE_CONFIG, exampleInputs());
    expect(computeScore(DEFAULT_WEIGHTAGE_CONFIG, { ...exampleInputs(), verification: unverified })).toEqual(before);
    expect(computeScore(DEFAULT_WEIGHTAGE_CONFIG, { ...exampleInputs(), verification: verified })).toEqual(before);
    expect(Object.keys(before)).not.toContain('decision_log');
  });
});
