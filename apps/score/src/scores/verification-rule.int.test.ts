import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventually } from '@kyb/testing';
import { DEFAULT_WEIGHTAGE_CONFIG, VERIFICATION_WEIGHTAGE_CONFIG } from '../engine';
import { scoredBusiness } from '../test-support/score-fixtures';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';

/** A config with the verification rule reads the business's verification; 2.2 never does. */
describe('scores under a config with the verification rule', () => {
  let t: ScoreTestApp;
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    t = await startScoreTestApp();
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
  });
  afterAll(async () => {
    await t.close();
  });

  const activate = (id: string) =>
    t.db.transaction(async (trx) => {
      await trx('scores.weightage_configs').update({ is_active: false });
      await trx('scores.weightage_configs').where({ id }).update({ is_active: true });
    });

  /** Scores the business on demand; the settled score as E10 shows it. */
  async function scoreOf(businessId: string) {
    const asked = await request(t.app).post(`/score/api/v1/score/business/${businessId}/generate`).set('Authorization', `Bearer ${owner}`).expect(202);
    await eventually(async () => {
      const row = await t.db('scores.scores').where({ id: asked.body.data.id }).first();
      return row?.status === 'SUCCESS' ? row : undefined;
    });
    const res = await request(t.app).get(`/score/api/v1/score/scores/${asked.body.data.id}`).set('Authorization', `Bearer ${owner}`).expect(200);
    return res.body.data;
  }

  it('version 2.2 (the default) ignores the verification and logs nothing about it', async () => {
    const id = await scoredBusiness(t, customerId);
    await t.verification.putVerification({ businessId: id, status: 'UNVERIFIED' });
    const score = await scoreOf(id);
    expect(score).toMatchObject({ version: '2.2', score_weightage_config: DEFAULT_WEIGHTAGE_CONFIG.id, score_decision: 'APPROVE', decision_log: null });
  });

  it('version 2.3 caps an UNVERIFIED or never verified business at FURTHER_REVIEW_NEEDED, says why, and leaves a VERIFIED one APPROVE', async () => {
    const verified = await scoredBusiness(t, customerId);
    const unverified = await scoredBusiness(t, customerId);
    const never = await scoredBusiness(t, customerId);
    const at = new Date('2026-11-20T08:00:00.000Z');
    await t.verification.putVerification({ businessId: verified, status: 'VERIFIED', verifiedAt: at });
    await t.verification.putVerification({
      businessId: unverified,
      status: 'UNVERIFIED',
      verifiedAt: at,
      checks: [{ code: 'TIN_MATCH', result: 'FAIL', reason: 'The TIN does not match the legal name' }],
    });
    await activate(VERIFICATION_WEIGHTAGE_CONFIG.id);
    try {
      const [ok, capped, unknown] = [await scoreOf(verified), await scoreOf(unverified), await scoreOf(never)];
      expect(ok).toMatchObject({ version: '2.3', score_decision: 'APPROVE', decision_log: 'Verification: VERIFIED on 2026-11-20T08:00:00.000Z; decision APPROVE from the score' });
      expect(capped).toMatchObject({
        version: '2.3',
        risk_level: ok.risk_level,
        weighted_score_850: ok.weighted_score_850,
        score_decision: 'FURTHER_REVIEW_NEEDED',
        decision_log: 'Verification: UNVERIFIED on 2026-11-20T08:00:00.000Z; decision capped at FURTHER_REVIEW_NEEDED (the score gave APPROVE)',
      });
      expect(capped.score_distribution).toEqual(ok.score_distribution);
      expect(unknown).toMatchObject({ score_decision: 'FURTHER_REVIEW_NEEDED', decision_log: expect.stringContaining('never verified') });
      const e10 = await request(t.app).get(`/score/api/v1/score/business/${unverified}`).set('Authorization', `Bearer ${owner}`).expect(200);
      expect(e10.body.data).toMatchObject({ id: capped.id, score_decision: 'FURTHER_REVIEW_NEEDED', decision_log: capped.decision_log });
    } finally {
      await activate(DEFAULT_WEIGHTAGE_CONFIG.id);
    }
  });
});
