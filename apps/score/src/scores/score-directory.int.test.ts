import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createScoreDirectory } from '@kyb/area-views';
import { scoredBusiness } from '../test-support/score-fixtures';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';

/* The score area's real view against the reader the report area uses (@kyb/tenants). */
describe('the score directory view', () => {
  let t: ScoreTestApp;
  beforeAll(async () => {
    t = await startScoreTestApp();
  });
  afterAll(() => t.close());

  it('publishes the newest successful score with its distribution', async () => {
    const customerId = randomUUID();
    const id = await scoredBusiness(t, customerId);
    const directory = createScoreDirectory(t.db);
    expect(await directory.latestSuccessful(id)).toBeUndefined();
    const token = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
    const started = await request(t.app).post(`/score/api/v1/score/business/${id}/generate`).set('Authorization', `Bearer ${token}`).expect(202);
    const entry = await (async () => {
      for (let i = 0; i < 300; i += 1) {
        const found = await directory.latestSuccessful(id);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('no score');
    })();
    expect(entry).toMatchObject({ id: started.body.data.id, businessId: id, version: '2.2', riskLevel: expect.stringMatching(/HIGH|MODERATE|LOW/) });
    expect(entry.weightedScore850).toBeCloseTo(300 + 5.5 * entry.weightedScore100, 1);
    expect(entry.distribution.map((c) => c.code)).toHaveLength(5);
    expect(entry.distribution[0].factors[0]).toMatchObject({ code: expect.any(String), score_100: expect.any(Number) });
    // The reason codes kept with the score are the ones its explanation gives.
    const explained = await request(t.app).get(`/score/api/v1/score/scores/${entry.id}/explain`).set('Authorization', `Bearer ${token}`).expect(200);
    expect(entry.reasonCodes.length).toBeGreaterThan(0);
    expect(entry.reasonCodes).toEqual(explained.body.data.reason_codes);
  });
});
