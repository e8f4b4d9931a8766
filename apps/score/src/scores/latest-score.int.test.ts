import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventually } from '@kyb/testing';
import { scoredBusiness } from '../test-support/score-fixtures';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';

/** E10 answers "the last score generated" (contract), whatever its status; `?status=SUCCESS` the last successful one. */
describe('E10: the latest score of the month, whatever its status', () => {
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

  const e10 = (businessId: string, query = '') =>
    request(t.app).get(`/score/api/v1/score/business/${businessId}${query}`).set('Authorization', `Bearer ${owner}`);

  /** A business with one successful score made at `at`. */
  async function withSuccess(at: Date) {
    const id = await scoredBusiness(t, customerId);
    t.clock.set(at);
    const res = await request(t.app).post(`/score/api/v1/score/business/${id}/generate`).set('Authorization', `Bearer ${owner}`).expect(202);
    t.clock.set(undefined);
    const success = await eventually(async () => {
      const row = await t.db('scores.scores').where({ id: res.body.data.id }).first();
      return row?.status === 'SUCCESS' ? row : undefined;
    });
    return { id, success };
  }

  /** A newer score of the same business in the state given, as a score still calculating or one that failed is stored. */
  async function newer(template: Record<string, unknown>, status: 'PROCESSING' | 'FAILED', at: Date): Promise<string> {
    const id = randomUUID();
    await t.db('scores.scores').insert({
      id,
      source_key: `demand:${id}`,
      trigger: 'ON_DEMAND',
      business_id: template.business_id,
      customer_id: template.customer_id,
      weightage_config_id: template.weightage_config_id,
      version: template.version,
      status,
      year: at.getUTCFullYear(),
      month: at.getUTCMonth() + 1,
      failure_reason: status === 'FAILED' ? 'The bureau did not answer' : null,
      completed_at: status === 'FAILED' ? at : null,
      created_at: at,
      updated_at: at,
    });
    return id;
  }

  it.each(['PROCESSING', 'FAILED'] as const)('answers a newer %s score of the current month, with its status; status=SUCCESS skips it', async (status) => {
    const now = new Date();
    const { id, success } = await withSuccess(new Date(now.getTime() - 60_000));
    expect((await e10(id).expect(200)).body.data).toMatchObject({ id: success.id, status: 'SUCCESS' });
    const later = await newer(success, status, now);
    const latest = (await e10(id).expect(200)).body.data;
    expect(latest).toMatchObject({
      id: later,
      status,
      is_score_calculated: false,
      weighted_score_100: null,
      risk_level: null,
      score_decision: null,
      score_distribution: [],
      failure_reason: status === 'FAILED' ? 'The bureau did not answer' : null,
    });
    expect((await e10(id, '?status=SUCCESS').expect(200)).body.data).toMatchObject({ id: success.id, status: 'SUCCESS', is_score_calculated: true });
    expect((await e10(id, `?status=${status}`).expect(200)).body.data.id).toBe(later);
  });

  it('applies the same rule to a month asked for, with or without status', async () => {
    const { id, success } = await withSuccess(new Date('2025-03-05T10:00:00Z'));
    const failed = await newer(success, 'FAILED', new Date('2025-03-20T10:00:00Z'));
    expect((await e10(id, '?year=2025&month=3').expect(200)).body.data).toMatchObject({ id: failed, status: 'FAILED' });
    expect((await e10(id, '?year=2025&month=3&status=SUCCESS').expect(200)).body.data).toMatchObject({ id: success.id, year: '2025', month: '3' });
    expect((await e10(id, '?year=2025&month=3&status=PROCESSING').expect(404)).body).toEqual({
      status: 'fail',
      message: 'No PROCESSING score was generated for this business in 2025-03.',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'ScoreNotFoundError' },
    });
    expect((await e10(id, '?year=2025&month=4&status=SUCCESS').expect(404)).body.message).toBe('No score was generated for this business in 2025-04.');
  });

  it('says, to status=SUCCESS, that the only score of the month is still being calculated', async () => {
    const { id, success } = await withSuccess(new Date('2025-06-05T10:00:00Z'));
    await newer(success, 'PROCESSING', new Date('2025-07-01T10:00:00Z'));
    expect((await e10(id, '?year=2025&month=7&status=SUCCESS').expect(404)).body.message).toBe(
      'The score of this business for 2025-07 is still being calculated.',
    );
  });

  it.each([
    ['?status=DONE', 'query.status must be equal to one of the allowed values: PROCESSING, SUCCESS, FAILED'],
    ['?status=success', 'query.status must be equal to one of the allowed values: PROCESSING, SUCCESS, FAILED'],
    ['?status=', 'query.status must be equal to one of the allowed values: PROCESSING, SUCCESS, FAILED'],
    ['?status=SUCCESS&year=2025', 'query must have property month when property year is present'],
  ])('E10 %s: 400 ValidationMiddlewareError', async (query, message) => {
    const id = await scoredBusiness(t, customerId);
    expect((await e10(id, query).expect(400)).body).toEqual({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
  });
});
