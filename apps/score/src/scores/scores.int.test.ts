import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { createProducer, enrichmentCompletedQueue, type Producer } from '@kyb/queues';
import { eventually, expectSameShape } from '@kyb/testing';
import { USER_PERMISSIONS } from '@kyb/auth';
import { scoredBusiness } from '../test-support/score-fixtures';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';

const sample = JSON.parse(readFileSync(join(__dirname, '../test-support/samples/business-score.response.200.json'), 'utf8'));


describe('scores: computed after enrichment and on demand, read by E10', () => {
  let t: ScoreTestApp;
  let completed: Producer<{ businessId: string; taskId: string }>;
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    t = await startScoreTestApp();
    completed = createProducer(enrichmentCompletedQueue, { connection: t.redis, prefix: t.redisPrefix });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
  });
  afterAll(async () => {
    await completed.close();
    await t.close();
  });

  const e10 = (businessId: string, query = '', token = owner) =>
    request(t.app).get(`/score/api/v1/score/business/${businessId}${query}`).set('Authorization', `Bearer ${token}`);
  const generate = (businessId: string, token = owner) =>
    request(t.app).post(`/score/api/v1/score/business/${businessId}/generate`).set('Authorization', `Bearer ${token}`);
  const settled = (scoreId: string) =>
    eventually(async () => {
      const row = await t.db('scores.scores').where({ id: scoreId }).first();
      return row && row.status !== 'PROCESSING' ? row : undefined;
    });

  it('scores a business once its enrichment completes, readable by E10 in the shape of contract 2.8', async () => {
    const id = await scoredBusiness(t, customerId);
    const taskId = randomUUID();
    await completed.add({ businessId: id, taskId }, { jobId: `enriched-${taskId}` });
    const res = await eventually(async () => {
      const r = await e10(id);
      return r.status === 200 && r.body.data.status === 'SUCCESS' ? r : undefined;
    });
    expect(res.body.status).toBe('success');
    expect(res.body.message).toBe('Success');
    const score = res.body.data;
    const now = new Date();
    expect(score).toMatchObject({
      business_id: id,
      customer_id: customerId,
      status: 'SUCCESS',
      version: '2.2',
      year: String(now.getUTCFullYear()),
      month: String(now.getUTCMonth() + 1),
      is_score_calculated: true,
    });
    expect(Number(score.weighted_score_850)).toBeCloseTo(300 + 5.5 * Number(score.weighted_score_100), 1);
    expect(score.score_distribution.map((c: { code: string }) => c.code)).toEqual([
      'PUBLIC_RECORDS', 'BUSINESS_OPERATIONS', 'COMPANY_PROFILE', 'FINANCIAL_TRENDS', 'PERFORMANCE_MEASURES',
    ]);
    expectSameShape(res.body, sample);
    const row = await t.db('scores.scores').where({ business_id: id }).first();
    expect(row).toMatchObject({ trigger: 'ENRICHMENT', source_key: `enrichment:${taskId}` });
    expect(res.headers.etag).toBeDefined();
  });

  it('scores an announcement once, however often it is delivered', async () => {
    const id = await scoredBusiness(t, customerId);
    const taskId = randomUUID();
    await completed.add({ businessId: id, taskId }, { jobId: `enriched-${taskId}` });
    await eventually(async () => ((await t.db('scores.scores').where({ business_id: id, status: 'SUCCESS' })).length ? true : undefined));
    // The score is committed inside the job, before BullMQ completes it: a job still locked cannot be removed.
    await eventually(async () => ((await completed.queue.getJob(`enriched-${taskId}`))?.finishedOn ? true : undefined));
    await (await completed.queue.getJob(`enriched-${taskId}`))?.remove();
    await completed.add({ businessId: id, taskId }, { jobId: `enriched-${taskId}` });
    await eventually(async () => ((await completed.queue.getJob(`enriched-${taskId}`))?.finishedOn ? true : undefined));
    expect(await t.db('scores.scores').where({ business_id: id })).toHaveLength(1);
  });

  it('least privilege (issue 14): the read-only user subrole may read a score but not generate one', async () => {
    const id = await scoredBusiness(t, customerId);
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'user', permissions: [...USER_PERMISSIONS] });
    expect((await generate(id, reader).expect(403)).body).toEqual({
      status: 'fail',
      message: 'You do not have permission to perform this action.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'PermissionMiddlewareError', permission: 'businesses:write' },
    });
    expect(await t.db('scores.scores').where({ business_id: id })).toHaveLength(0);
    expect([404, 200]).toContain((await e10(id, '', reader)).status);
  });

  it('generates on demand: 202 PROCESSING, then SUCCESS; every score of the month is kept and E10 answers the last', async () => {
    const id = await scoredBusiness(t, customerId);
    const first = await generate(id).expect(202);
    expect(first.body).toMatchObject({ status: 'success', message: 'Score generation started successfully', data: { status: 'PROCESSING', is_score_calculated: false } });
    await settled(first.body.data.id);
    const second = await generate(id).expect(202);
    await settled(second.body.data.id);
    expect(await t.db('scores.scores').where({ business_id: id })).toHaveLength(2);
    expect((await e10(id).expect(200)).body.data.id).toBe(second.body.data.id);
    const one = await request(t.app).get(`/score/api/v1/score/scores/${first.body.data.id}`).set('Authorization', `Bearer ${owner}`).expect(200);
    expect(one.body.data).toMatchObject({ id: first.body.data.id, status: 'SUCCESS', is_score_calculated: true, failure_reason: null });
    expect(one.body.data.weighted_score_850).toMatch(/^\d{3}\.\d{2}$/);
  });

  it('answers the last score of a given month, and 404 for a month without one', async () => {
    const id = await scoredBusiness(t, customerId);
    for (const at of ['2025-03-05T10:00:00Z', '2025-03-20T10:00:00Z', '2025-04-02T10:00:00Z']) {
      t.clock.set(new Date(at));
      await settled((await generate(id).expect(202)).body.data.id);
    }
    t.clock.set(undefined);
    const march = (await e10(id, '?year=2025&month=3').expect(200)).body.data;
    expect(march).toMatchObject({ year: '2025', month: '3' });
    expect(march.created_at).toBe('2025-03-20T10:00:00.000Z');
    expect((await e10(id, '?year=2025&month=4').expect(200)).body.data.created_at).toBe('2025-04-02T10:00:00.000Z');
    expect((await e10(id, '?year=2025&month=5').expect(404)).body).toEqual({
      status: 'fail',
      message: 'No score was generated for this business in 2025-05.',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'ScoreNotFoundError' },
    });
  });

  it.each([
    ['?year=2025', 'query must have property month when property year is present'],
    ['?month=3', 'query must have property year when property month is present'],
    ['?year=1899&month=1', 'query.year must be >= 1900'],
    ['?year=10000&month=1', 'query.year must be <= 9999'],
    ['?year=2025&month=0', 'query.month must be >= 1'],
    ['?year=2025&month=13', 'query.month must be <= 12'],
    ['?year=2025&month=1.5', 'query.month must be integer'],
    ['?year=twenty&month=1', 'query.year must be integer'],
    ['?year=2025&month=1&day=3', "query must NOT have additional properties: 'day'"],
  ])('E10 %s: 400 ValidationMiddlewareError', async (query, message) => {
    const id = await scoredBusiness(t, customerId);
    expect((await e10(id, query).expect(400)).body).toEqual({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
  });

  it('E10: 403 for another tenant and for an unknown business (404 only to an ADMIN), 401 for an APPLICANT', async () => {
    const id = await scoredBusiness(t, customerId);
    expect((await e10(id, '', t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() })).expect(403)).body).toEqual({
      status: 'fail',
      message: 'You are not allowed to access the data.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'AccessMiddlewareError' },
    });
    expect((await e10(randomUUID()).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    expect((await e10(randomUUID(), '', t.keys.tokenFor({ role: 'ADMIN' })).expect(404)).body.data.errorName).toBe('BusinessApiError');
    expect((await e10(id, '', t.keys.tokenFor({ role: 'APPLICANT', customerId, businessIds: [id] })).expect(401)).body.data.errorName).toBe('RoleMiddlewareError');
    expect((await generate(id, t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() })).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
  });

  it('renormalises when financials are missing, and says so in the factors', async () => {
    const id = await scoredBusiness(t, customerId, { statements: null });
    const row = await settled((await generate(id).expect(202)).body.data.id);
    expect(row.status).toBe('SUCCESS');
    const operations = row.score_distribution.find((c: { code: string }) => c.code === 'BUSINESS_OPERATIONS');
    expect(operations.factors.every((f: { status: string; log: string }) => f.status === 'MISSING_INPUT' && f.log.length > 0)).toBe(true);
    const bureau = row.score_distribution.find((c: { code: string }) => c.code === 'COMPANY_PROFILE').factors[0];
    expect(bureau.status).toBe('SUCCESS');
  });

  it('fails a score without any input, with the reason: E10 answers it FAILED, and with status=SUCCESS says it could not be calculated', async () => {
    const id = await scoredBusiness(t, customerId, { records: false, statements: null, bureau: null });
    const row = await settled((await generate(id).expect(202)).body.data.id);
    expect(row).toMatchObject({ status: 'FAILED', failure_reason: expect.stringContaining('No factor has an input') });
    expect((await e10(id).expect(200)).body.data).toMatchObject({
      id: row.id,
      status: 'FAILED',
      is_score_calculated: false,
      weighted_score_100: null,
      failure_reason: expect.stringContaining('No factor has an input'),
    });
    const now = new Date();
    expect((await e10(id, '?status=SUCCESS').expect(404)).body.message).toBe(
      `The score of this business for ${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')} could not be calculated.`,
    );
  });

  it('uses the active weighting config: a new version is data, and every score keeps the one that made it', async () => {
    const id = await scoredBusiness(t, customerId);
    const before = await settled((await generate(id).expect(202)).body.data.id);
    const current = await t.db('scores.weightage_configs').where({ is_active: true }).first();
    const next = { ...current.config, id: randomUUID(), version: '2.9' };
    const weights = next.categories.map((c: { weight: number }) => c.weight);
    next.categories = next.categories.map((c: { weight: number }, i: number) => ({ ...c, weight: i === 0 ? weights[2] : i === 2 ? weights[0] : c.weight }));
    await t.db.transaction(async (trx) => {
      await trx('scores.weightage_configs').update({ is_active: false });
      await trx('scores.weightage_configs').insert({ id: next.id, version: '2.9', config: JSON.stringify(next), is_active: true });
    });
    try {
      const after = await settled((await generate(id).expect(202)).body.data.id);
      expect([before.version, after.version]).toEqual(['2.2', '2.9']);
      expect(after.weighted_score_100).not.toBe(before.weighted_score_100);
      expect(after.weightage_config_id).toBe(next.id);
      expect((await e10(id).expect(200)).body.data).toMatchObject({ version: '2.9', score_weightage_config: next.id });
    } finally {
      await t.db.transaction(async (trx) => {
        await trx('scores.weightage_configs').update({ is_active: false });
        await trx('scores.weightage_configs').where({ id: current.id }).update({ is_active: true });
      });
    }
  });
});
