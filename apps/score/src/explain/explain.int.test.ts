import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventually } from '@kyb/testing';
import { scoredBusiness, worsen } from '../test-support/score-fixtures';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';

const fail = (message: string, errorCode: string, errorName: string) => ({ status: 'fail', message, errorCode, data: { errorName } });
const NOT_YOURS = fail('You are not allowed to access the data.', 'UNAUTHORIZED', 'AccessMiddlewareError');
const NO_PERMISSION = { ...fail('You do not have permission to perform this action.', 'UNAUTHORIZED', 'PermissionMiddlewareError'), data: { errorName: 'PermissionMiddlewareError', permission: 'businesses:read' } };
const invalid = (message: string) => fail(message, 'INVALID', 'ValidationMiddlewareError');

describe('GET /score/scores/{scoreID}/explain and GET /score/business/{businessID}/diff', () => {
  let t: ScoreTestApp;
  const customerId = randomUUID();
  let owner: string;
  let admin: string;
  let stranger: string;
  let business: string;
  let march: { id: string; weighted_score_850: string; weighted_score_100: string; risk_level: string; score_decision: string };
  let april: typeof march;

  const get = (path: string, token = owner) => request(t.app).get(`/score/api/v1${path}`).set('Authorization', `Bearer ${token}`);
  const settled = (scoreId: string) =>
    eventually(async () => {
      const row = await t.db('scores.scores').where({ id: scoreId }).first();
      return row && row.status !== 'PROCESSING' ? row : undefined;
    });
  const scoreAt = async (businessId: string, at: string) => {
    t.clock.set(new Date(at));
    try {
      const res = await request(t.app).post(`/score/api/v1/score/business/${businessId}/generate`).set('Authorization', `Bearer ${owner}`).expect(202);
      return await settled(res.body.data.id);
    } finally {
      t.clock.set(undefined);
    }
  };

  beforeAll(async () => {
    t = await startScoreTestApp();
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
    admin = t.keys.tokenFor({ role: 'ADMIN' });
    stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() });
    business = await scoredBusiness(t, customerId, { bjl: [{ kind: 'LIEN', filingDate: new Date('2025-01-10T00:00:00Z'), status: 'active', amount: 50_000, recordId: 'LIEN-1' }] });
    march = await scoreAt(business, '2025-03-20T10:00:00Z');
    await worsen(t, business);
    april = await scoreAt(business, '2025-04-02T10:00:00Z');
  });
  afterAll(() => t.close());

  describe('explain', () => {
    it('explains a SUCCESS score factor by factor from its snapshot, adding up to the stored score, with reason codes', async () => {
      const res = await get(`/score/scores/${march.id}/explain`).expect(200);
      expect(res.body).toMatchObject({ status: 'success', message: 'Score explained successfully' });
      const data = res.body.data;
      expect(data).toMatchObject({ score_id: march.id, business_id: business, version: '2.2', created_at: '2025-03-20T10:00:00.000Z' });
      expect(data.weighted_score_850).toBe(Number(march.weighted_score_850));
      expect([data.risk_level, data.score_decision]).toEqual([march.risk_level, march.score_decision]);
      expect(data.factors).toHaveLength(14);
      const sum = data.factors.reduce((s: number, f: { contribution_850: number }) => s + f.contribution_850, 0);
      expect(Math.abs(sum - data.weighted_score_850)).toBeLessThan(0.1);
      const liens = data.factors.find((f: { input: string }) => f.input === 'ACTIVE_LIENS_AND_JUDGEMENTS_USD');
      // 50,000 is a point of the 2.2 curve (10,000→70, 50,000→40): 40, effective weight 0.25 × 0.4 = 0.1, cost 60 × 0.1 = 6 (33 on the 850 scale).
      expect(liens).toMatchObject({
        value: 50000,
        score_100: 40,
        effective_weight: 0.1,
        points_lost_100: 6,
        points_lost_850: 33,
        source: { kind: 'PUBLIC_RECORDS', provider: 'sandbox', fetched_at: expect.any(String) },
        curve: { position: 'BETWEEN', segment: { from: [10000, 70], to: [50000, 40] } },
        reason_code: 'R01',
      });
      expect(data.reason_codes.length).toBeLessThanOrEqual(4);
      expect(data.reason_codes).toContainEqual({ code: 'R01', factor_code: liens.code, reason: 'Active liens and judgements total USD 50,000', points_lost_850: 33 });
      const costs = data.factors.filter((f: { rank: number | null }) => f.rank !== null).map((f: { points_lost_850: number }) => f.points_lost_850);
      expect(costs).toEqual([...costs].sort((a, b) => b - a));
    });

    it('reads the config the score names, not the active one', async () => {
      const current = await t.db('scores.weightage_configs').where({ is_active: true }).first();
      const next = { ...current.config, id: randomUUID(), version: '2.9' };
      await t.db.transaction(async (trx) => {
        await trx('scores.weightage_configs').update({ is_active: false });
        await trx('scores.weightage_configs').insert({ id: next.id, version: '2.9', config: JSON.stringify(next), is_active: true });
      });
      try {
        expect((await get(`/score/scores/${march.id}/explain`).expect(200)).body.data).toMatchObject({ version: '2.2', weightage_config_id: current.id });
      } finally {
        await t.db.transaction(async (trx) => {
          await trx('scores.weightage_configs').update({ is_active: false });
          await trx('scores.weightage_configs').where({ id: current.id }).update({ is_active: true });
        });
      }
    });

    it.each([
      ['PROCESSING', { status: 'PROCESSING' }, 'This score is still being calculated: only a SUCCESS score can be explained.'],
      ['FAILED', { status: 'FAILED', failure_reason: 'x' }, 'This score is FAILED: only a SUCCESS score can be explained.'],
      ['without a snapshot', { inputs: null }, 'This score was computed before scores kept their inputs, so it cannot be explained. Generate a new score.'],
    ])('a score %s: 409 NOT_ALLOWED ScoreNotExplainableError', async (_, change, message) => {
      const row = await scoreAt(await scoredBusiness(t, customerId), '2025-06-01T10:00:00Z');
      await t.db('scores.scores').where({ id: row.id }).update(change);
      expect((await get(`/score/scores/${row.id}/explain`).expect(409)).body).toEqual(fail(message, 'NOT_ALLOWED', 'ScoreNotExplainableError'));
    });

    it("answers another tenant's score to a CUSTOMER exactly as an unknown one; an ADMIN learns an unknown one does not exist", async () => {
      expect((await get(`/score/scores/${march.id}/explain`, stranger).expect(403)).body).toEqual(NOT_YOURS);
      expect((await get(`/score/scores/${randomUUID()}/explain`, stranger).expect(403)).body).toEqual(NOT_YOURS);
      expect((await get(`/score/scores/${randomUUID()}/explain`, admin).expect(404)).body).toEqual(fail('Score not found', 'NOT_FOUND', 'ScoreNotFoundError'));
      expect((await get(`/score/scores/${march.id}/explain`, admin).expect(200)).body.data.score_id).toBe(march.id);
    });

    it('needs businesses:read, a role that reads scores, and a UUID', async () => {
      const without = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'custom', permissions: [] });
      expect((await get(`/score/scores/${march.id}/explain`, without).expect(403)).body).toEqual(NO_PERMISSION);
      const applicant = t.keys.tokenFor({ role: 'APPLICANT', customerId, businessIds: [business] });
      expect((await get(`/score/scores/${march.id}/explain`, applicant).expect(401)).body.data.errorName).toBe('RoleMiddlewareError');
      expect((await get('/score/scores/not-a-uuid/explain').expect(400)).body).toEqual(invalid('params.scoreID must match format "uuid"'));
    });
  });

  describe('diff', () => {
    it("compares the month's latest SUCCESS scores overall and factor by factor, largest change first", async () => {
      const res = await get(`/score/business/${business}/diff?from=2025-03&to=2025-04`).expect(200);
      expect(res.body).toMatchObject({ status: 'success', message: 'Score difference fetched successfully' });
      const data = res.body.data;
      expect(data).toMatchObject({
        business_id: business,
        from: { month: '2025-03', score_id: march.id, created_at: '2025-03-20T10:00:00.000Z' },
        to: { month: '2025-04', score_id: april.id, created_at: '2025-04-02T10:00:00.000Z' },
      });
      const [b850, a850] = [Number(march.weighted_score_850), Number(april.weighted_score_850)];
      expect(data.overall.weighted_score_850).toEqual({ before: b850, after: a850, change: Math.round((a850 - b850) * 100) / 100 });
      expect(data.overall.risk_level).toEqual({ before: march.risk_level, after: 'HIGH', changed: march.risk_level !== 'HIGH' });
      expect(data.overall.score_decision).toMatchObject({ before: march.score_decision, after: april.score_decision });
      expect(data.factors).toHaveLength(14);
      const changes = data.factors.map((f: { change: { weighted_score_850: number } }) => Math.abs(f.change.weighted_score_850));
      expect(changes).toEqual([...changes].sort((x, y) => y - x));
      const liens = data.factors.find((f: { label: string }) => f.label === 'Judgements and Liens');
      // 9 active liens of 50,000 = 450,000 on 250,000→10, 1,000,000→0: 10 − 200,000 / 750,000 × 10 = 7.33
      expect(liens).toMatchObject({ before: { status: 'SUCCESS', score_100: 40 }, after: { status: 'SUCCESS', score_100: 7.33 }, change: { score_100: -32.67 } });
    });

    it('compares a month with itself', async () => {
      const data = (await get(`/score/business/${business}/diff?from=2025-04&to=2025-04`).expect(200)).body.data;
      expect(data.overall.weighted_score_850.change).toBe(0);
    });

    it.each([
      ['?from=2025-03', "query must have required property 'to'"],
      ['?to=2025-03', "query must have required property 'from'"],
      ['?from=2025-13&to=2025-04', 'query.from must match pattern "^[0-9]{4}-(0[1-9]|1[0-2])$"'],
      ['?from=2025-03&to=2025-4', 'query.to must match pattern "^[0-9]{4}-(0[1-9]|1[0-2])$"'],
      ['?from=2025-03&to=2025-04&year=2025', "query must NOT have additional properties: 'year'"],
    ])('%s: 400 ValidationMiddlewareError', async (query, message) => {
      expect((await get(`/score/business/${business}/diff${query}`).expect(400)).body).toEqual(invalid(message));
    });

    it('from after to: 400 ScoreDiffRangeError', async () => {
      expect((await get(`/score/business/${business}/diff?from=2025-04&to=2025-03`).expect(400)).body).toEqual(
        fail('from (2025-04) must not be after to (2025-03).', 'INVALID', 'ScoreDiffRangeError'),
      );
    });

    it('a month without a SUCCESS score: 404 ScoreNotFoundError naming the month (and why, when its score failed)', async () => {
      expect((await get(`/score/business/${business}/diff?from=2025-02&to=2025-04`).expect(404)).body).toEqual(
        fail('No score was generated for this business in 2025-02.', 'NOT_FOUND', 'ScoreNotFoundError'),
      );
      const other = await scoredBusiness(t, customerId);
      const failed = await scoreAt(other, '2025-07-01T10:00:00Z');
      await t.db('scores.scores').where({ id: failed.id }).update({ status: 'FAILED', failure_reason: 'x' });
      expect((await get(`/score/business/${other}/diff?from=2025-07&to=2025-07`).expect(404)).body).toEqual(
        fail('The score of this business for 2025-07 could not be calculated.', 'NOT_FOUND', 'ScoreNotFoundError'),
      );
    });

    it("answers another tenant's business to a CUSTOMER exactly as an unknown one; 404 BusinessApiError to an ADMIN; needs businesses:read", async () => {
      const query = '?from=2025-03&to=2025-04';
      expect((await get(`/score/business/${business}/diff${query}`, stranger).expect(403)).body).toEqual(NOT_YOURS);
      expect((await get(`/score/business/${randomUUID()}/diff${query}`, stranger).expect(403)).body).toEqual(NOT_YOURS);
      expect((await get(`/score/business/${randomUUID()}/diff${query}`, admin).expect(404)).body).toEqual(fail('Business not found', 'NOT_FOUND', 'BusinessApiError'));
      expect((await get(`/score/business/${business}/diff${query}`, admin).expect(200)).body.data.from.score_id).toBe(march.id);
      const without = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'custom', permissions: [] });
      expect((await get(`/score/business/${business}/diff${query}`, without).expect(403)).body).toEqual(NO_PERMISSION);
    });
  });
});
