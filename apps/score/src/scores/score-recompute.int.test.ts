import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventually } from '@kyb/testing';
import { scoredBusiness, worsen } from '../test-support/score-fixtures';
import { assertEveryScoreReproducible } from '../test-support/every-score-reproducible';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';

/* POST /score/scores/{scoreID}/recompute (issue 12): a score computed again from the inputs it kept. */
describe('recomputing a score from its snapshot', () => {
  let t: ScoreTestApp;
  const customerId = randomUUID();
  let owner: string;
  beforeAll(async () => {
    t = await startScoreTestApp();
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
  });
  afterAll(() => t.close());

  const recompute = (scoreId: string, token = owner) => request(t.app).post(`/score/api/v1/score/scores/${scoreId}/recompute`).set('Authorization', `Bearer ${token}`);
  const scored = async (businessId: string) => {
    const generated = await request(t.app).post(`/score/api/v1/score/business/${businessId}/generate`).set('Authorization', `Bearer ${owner}`).expect(202);
    return eventually(async () => {
      const row = await t.db('scores.scores').where({ id: generated.body.data.id }).first();
      return row && row.status !== 'PROCESSING' ? row : undefined;
    });
  };

  it('answers identical for a score whatever the business published since, and keeps the snapshot it was computed from', async () => {
    const businessId = await scoredBusiness(t, customerId, { bjl: [{ kind: 'LIEN', filingDate: new Date('2025-03-01T00:00:00Z'), status: 'active', amount: 12_000, recordId: 'LN-7' }] });
    const score = await scored(businessId);
    expect(score.inputs).toMatchObject({
      format: 1,
      bjl: [{ kind: 'LIEN', filingDate: '2025-03-01T00:00:00.000Z', status: 'active', amount: 12_000, recordId: 'LN-7' }],
      sources: { publicRecords: { provider: 'sandbox', taskId: expect.any(String) }, financials: { provider: 'sandbox' } },
      facts: { filingStatus: 'Active' },
    });
    await worsen(t, businessId);
    const res = await recompute(score.id).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Score recomputed successfully',
      data: {
        score_id: score.id,
        business_id: businessId,
        weightage_config_id: score.weightage_config_id,
        version: '2.2',
        identical: true,
        differences: [],
        stored: { weighted_score_100: score.weighted_score_100, weighted_score_850: score.weighted_score_850, base_score: score.base_score, risk_level: score.risk_level, score_decision: score.score_decision },
        recomputed: { weighted_score_100: score.weighted_score_100, weighted_score_850: score.weighted_score_850, base_score: score.base_score, risk_level: score.risk_level, score_decision: score.score_decision },
      },
    });
    // The worsened data makes a different score, itself reproducible.
    const worse = await scored(businessId);
    expect(worse.risk_level).toBe('HIGH');
    expect((await recompute(worse.id).expect(200)).body.data.identical).toBe(true);
  });

  it('says which stored fields a tampered score differs in', async () => {
    const score = await scored(await scoredBusiness(t, customerId));
    await t.db('scores.scores').where({ id: score.id }).update({ weighted_score_850: '849.00', risk_level: 'MODERATE' });
    const res = await recompute(score.id).expect(200);
    expect(res.body.data).toMatchObject({ identical: false, differences: ['weighted_score_850', 'risk_level'], stored: { weighted_score_850: '849.00', risk_level: 'MODERATE' }, recomputed: { weighted_score_850: score.weighted_score_850, risk_level: score.risk_level } });
    await expect(assertEveryScoreReproducible(t.db)).rejects.toThrow(`score ${score.id} recomputed differs in weighted_score_850, risk_level`);
    await t.db('scores.scores').where({ id: score.id }).update({ weighted_score_850: score.weighted_score_850, risk_level: score.risk_level });
  });

  it('refuses a score that is not SUCCESS or kept no inputs, and answers another tenant as an unknown score', async () => {
    const failed = await scored(await scoredBusiness(t, customerId, { records: false, profile: false }));
    expect(failed.status).toBe('FAILED');
    expect((await recompute(failed.id).expect(409)).body).toEqual({
      status: 'fail',
      message: 'Only a successful score can be recomputed: this one is FAILED.',
      errorCode: 'NOT_ALLOWED',
      data: { errorName: 'ScoreNotRecomputableError' },
    });
    const old = await scored(await scoredBusiness(t, customerId));
    await t.db('scores.scores').where({ id: old.id }).update({ inputs: null });
    expect((await recompute(old.id).expect(409)).body.message).toBe('This score was computed before scores kept their inputs: it cannot be recomputed.');
    await t.db('scores.scores').where({ id: old.id }).update({ inputs: JSON.stringify(old.inputs) });
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() });
    const theirs = await recompute(old.id, stranger).expect(403);
    const unknown = await recompute(randomUUID(), stranger).expect(403);
    expect(theirs.body).toEqual(unknown.body);
    expect((await recompute(randomUUID(), t.keys.tokenFor({ role: 'ADMIN' })).expect(404)).body.data.errorName).toBe('ScoreNotFoundError');
    await recompute('not-a-uuid').expect(400);
  });

  it('recomputes every score this file made identically', async () => {
    expect(await assertEveryScoreReproducible(t.db)).toBeGreaterThanOrEqual(4);
  });
});
