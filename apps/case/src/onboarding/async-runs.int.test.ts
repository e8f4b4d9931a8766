import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventually } from '@kyb/testing';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

describe('async=true: onboarding runs stored by the worker', () => {
  let t: CaseTestApp;
  let admin: string;
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startCaseTestApp();
    admin = t.keys.tokenFor({ role: 'ADMIN' });
    await t.customer({ id: customerId, features: { PAT_120_ADD_BUSINESS: true } });
  });
  afterAll(() => t.close());

  const run = (runId: string, token = admin) => request(t.app).get(`/case/api/v1/runs/${runId}`).set('Authorization', `Bearer ${token}`);

  async function finished(runId: string) {
    for (let i = 0; i < 100; i += 1) {
      const res = await run(runId).expect(200);
      if (res.body.data.status !== 'PENDING') return res.body.data;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`run ${runId} did not finish`);
  }

  it('a single business with async=true is stored before the answer, which carries its id; enrichment is queued', async () => {
    const paused = await startCaseTestApp({ workers: false }); // no worker at all: nothing may wait for one
    try {
      await paused.customer({ id: customerId, features: { PAT_120_ADD_BUSINESS: true } });
      const token = paused.keys.tokenFor({ role: 'ADMIN' });
      const res = await request(paused.app)
        .post(`/case/api/v1/businesses/customers/${customerId}?async=true`)
        .set('Authorization', `Bearer ${token}`)
        .send({ name: 'Later Ltd', tin: '987654321' })
        .expect(200);
      expect(res.body.message).toBe('Bulk process succeeded');
      const businessId = res.body.data.result['0'].data_businesses.id;
      expect(businessId).toMatch(/^[0-9a-f-]{36}$/);
      const business = await request(paused.app).get(`/case/api/v1/businesses/${businessId}`).set('Authorization', `Bearer ${token}`).expect(200);
      expect(business.body.data).toMatchObject({ name: 'Later Ltd', tin: 'XXXXX4321' });
      const runRes = await request(paused.app).get(`/case/api/v1/runs/${res.body.data.runId}`).set('Authorization', `Bearer ${token}`).expect(200);
      expect(runRes.body.data).toMatchObject({ status: 'SUCCEEDED', business_ids: [businessId] });
      const queue = new Queue('business-enrichment', { connection: paused.redis, prefix: paused.redisPrefix });
      expect((await eventually(() => queue.getJob(`enrich-${businessId}`))).data).toEqual({ businessId, customerId });
      await queue.close();
    } finally {
      await paused.close();
    }
  });

  it('a single business with async=true and a failing row answers 400 at once, storing nothing', async () => {
    const res = await request(t.app)
      .post(`/case/api/v1/businesses/customers/${customerId}?async=true`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ name: 'Bad Ltd', owner1_first_name: 'A', owner1_last_name: 'B', owner1_owner_type: 'CONTROL', owner1_ownership_percentage: 40 })
      .expect(400);
    expect(res.body.message).toBe('Bulk process had errors');
    expect(await t.db('cases.businesses').where({ name: 'Bad Ltd' })).toHaveLength(0);
  });

  it('a bulk run answers at once with the run id, then the worker stores the business', async () => {
    const res = await request(t.app)
      .post(`/case/api/v1/businesses/customers/${customerId}/bulk?async=true`)
      .set('Authorization', `Bearer ${admin}`)
      .send([{ name: 'Later Bulk Ltd', tin: '987654321' }])
      .expect(200);
    expect(res.body).toEqual({ status: 'success', message: 'Bulk process started', data: { runId: expect.any(String), result: {} } });
    const outcome = await finished(res.body.data.runId);
    expect(outcome).toMatchObject({ status: 'SUCCEEDED', row_count: 1, failed_rows: {}, failure_reason: null });
    const business = await request(t.app).get(`/case/api/v1/businesses/${outcome.business_ids[0]}`).set('Authorization', `Bearer ${admin}`).expect(200);
    expect(business.body.data).toMatchObject({ name: 'Later Bulk Ltd', tin: 'XXXXX4321' });
    expect((await t.db('cases.onboarding_runs').where({ id: res.body.data.runId }).first()).rows_sealed).toBeNull();
  });

  it('keeps the rows sealed while the run waits', async () => {
    const paused = await startCaseTestApp({ workers: false }); // no worker: the run stays PENDING
    try {
      await paused.customer({ id: customerId, features: { PAT_120_ADD_BUSINESS: true } });
      const res = await request(paused.app)
        .post(`/case/api/v1/businesses/customers/${customerId}/bulk?async=true`)
        .set('Authorization', `Bearer ${paused.keys.tokenFor({ role: 'ADMIN' })}`)
        .send([{ name: 'Sealed Ltd', tin: '135792468' }])
        .expect(200);
      const stored = await paused.db('cases.onboarding_runs').where({ id: res.body.data.runId }).first();
      expect(stored.status).toBe('PENDING');
      expect(stored.rows_sealed).not.toContain('135792468');
      expect(stored.rows_sealed).not.toContain('Sealed Ltd');
    } finally {
      await paused.close();
    }
  });

  it('ends a run whose rows fail as FAILED with every failed row', async () => {
    const fresh = await startCaseTestApp();
    try {
      await fresh.customer({ id: customerId, features: { PAT_120_ADD_BUSINESS: true } });
      const token = fresh.keys.tokenFor({ role: 'ADMIN' });
      const res = await request(fresh.app)
        .post(`/case/api/v1/businesses/customers/${customerId}/bulk?async=true`)
        .set('Authorization', `Bearer ${token}`)
        .send([{ name: 'ok' }, { name: 'bad', mobile: '10' }])
        .expect(200);
      let outcome: Record<string, unknown> = { status: 'PENDING' };
      for (let i = 0; i < 100 && outcome.status === 'PENDING'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        outcome = (await request(fresh.app).get(`/case/api/v1/runs/${res.body.data.runId}`).set('Authorization', `Bearer ${token}`)).body.data;
      }
      expect(outcome).toMatchObject({ status: 'FAILED', failure_reason: 'Bulk process had errors', business_ids: [] });
      expect(Object.keys(outcome.failed_rows as object)).toEqual(['1']);
      expect(await fresh.db('cases.businesses').where({ customer_id: customerId })).toHaveLength(0);
    } finally {
      await fresh.close();
    }
  });

  it('shows a run only to its own tenant, and 404 for an unknown run', async () => {
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() });
    const [row] = await t.db('cases.onboarding_runs').select('id').limit(1);
    expect((await run(row.id, stranger).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    expect((await run(randomUUID()).expect(404)).body).toEqual({
      status: 'fail',
      message: 'Run not found',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'BusinessApiError' },
    });
    expect((await run('nope').expect(400)).body.message).toBe('params.runID must match format "uuid"');
  });
});
