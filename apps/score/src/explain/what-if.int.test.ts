import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventually } from '@kyb/testing';
import { scoredBusiness } from '../test-support/score-fixtures';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';

const fail = (message: string, errorCode: string, errorName: string) => ({ status: 'fail', message, errorCode, data: { errorName } });
const NOT_YOURS = fail('You are not allowed to access the data.', 'UNAUTHORIZED', 'AccessMiddlewareError');
const invalid = (message: string) => fail(message, 'INVALID', 'ValidationMiddlewareError');
const LIENS = 'JUDGEMENTS_AND_LIENS_AI_PLACEHOLDER';

describe('POST /score/business/{businessID}/what-if', () => {
  let t: ScoreTestApp;
  const customerId = randomUUID();
  let owner: string;
  let business: string;
  let current: { id: string; weighted_score_850: string; weighted_score_100: string; weightage_config_id: string };

  const whatIf = (businessId: string, body: unknown, token = owner) =>
    request(t.app).post(`/score/api/v1/score/business/${businessId}/what-if`).set('Authorization', `Bearer ${token}`).send(body as object);
  const scored = async (businessId: string) => {
    const res = await request(t.app).post(`/score/api/v1/score/business/${businessId}/generate`).set('Authorization', `Bearer ${owner}`).expect(202);
    return eventually(async () => {
      const row = await t.db('scores.scores').where({ id: res.body.data.id }).first();
      return row && row.status !== 'PROCESSING' ? row : undefined;
    });
  };
  /** Every row of every table of the app's database, counted. */
  const everything = async () => {
    const tables: { schema: string; name: string }[] = (
      await t.db.raw(`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`)
    ).rows;
    const counts: Record<string, number> = {};
    for (const { schema, name } of tables) counts[`${schema}.${name}`] = Number((await t.db(`${schema}.${name}`).count({ n: '*' }))[0].n);
    return counts;
  };

  beforeAll(async () => {
    t = await startScoreTestApp();
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
    business = await scoredBusiness(t, customerId, {
      bjl: [
        { kind: 'LIEN', filingDate: new Date('2025-01-10T00:00:00Z'), status: 'active', amount: 50_000, recordId: 'LIEN-1' },
        { kind: 'JUDGEMENT', filingDate: new Date('2024-05-10T00:00:00Z'), status: 'satisfied', amount: 20_000, recordId: 'JDG-1' },
      ],
    });
    current = await scored(business);
  });
  afterAll(() => t.close());

  it('"if the open lien were released": the hypothetical score, its diff to the current one, and nothing stored', async () => {
    const before = await everything();
    const row = await t.db('scores.scores').where({ id: current.id }).first();
    const res = await whatIf(business, { bjl: [{ record_id: 'LIEN-1', status: 'released' }] }).expect(200);
    expect(res.body).toMatchObject({ status: 'success', message: 'What-if score computed successfully' });
    const { data } = res.body;
    expect(data).toMatchObject({ business_id: business, based_on: { score_id: current.id } });
    expect(data.score).toMatchObject({ version: '2.2', is_score_calculated: true, score_weightage_config: row.weightage_config_id });
    expect(data.score).not.toHaveProperty('id');
    const liens = data.score.score_distribution.flatMap((c: { factors: object[] }) => c.factors).find((f: { code: string }) => f.code === LIENS);
    expect(liens).toMatchObject({ value: 0, score_100: 100 });
    // LIENS 40 → 100 at effective weight 0.1: + 6 points on the 100 scale, + 33 on the 850 scale (up to rounding of the stored parts).
    expect(data.diff.overall.weighted_score_850.before).toBe(Number(current.weighted_score_850));
    expect(data.diff.overall.weighted_score_850.change).toBeCloseTo(33, 1);
    expect(data.diff.overall.weighted_score_100.change).toBeCloseTo(6, 1);
    expect(data.diff.factors[0]).toMatchObject({ code: LIENS, before: { score_100: 40 }, after: { score_100: 100 }, change: { score_100: 60 } });
    expect(await everything()).toEqual(before);
    expect(await t.db('scores.scores').where({ id: current.id }).first()).toEqual(row);
  });

  it('combines overrides: every lien released, the bureau and public records changed, a factor value given', async () => {
    const data = (
      await whatIf(business, {
        release_all_liens: true,
        satisfy_all_judgements: true,
        credit_bureau: { score: 100, delinquent_accounts: 0 },
        public_records: { average_rating: 5 },
        factor_values: { ECONOMICS_AI_PLACEHOLDER: 25 },
      }).expect(200)
    ).body.data;
    const factors = data.score.score_distribution.flatMap((c: { factors: object[] }) => c.factors);
    const of = (code: string) => factors.find((f: { code: string }) => f.code === code);
    expect(of(LIENS)).toMatchObject({ value: 0, score_100: 100 });
    expect(of('CREDIT_BUREAU_AI_PLACEHOLDER')).toMatchObject({ value: 100, score_100: 100 });
    expect(of('SOCIAL_REVIEWS_AI_PLACEHOLDER')).toMatchObject({ value: 5, score_100: 100 });
    expect(of('ECONOMICS_AI_PLACEHOLDER')).toMatchObject({ value: 25, score_100: 100, log: 'Given: value 25 (what-if); score_100 100' });
    expect(Number(data.score.weighted_score_850)).toBeGreaterThan(Number(current.weighted_score_850));
  });

  it.each([
    [{}, 'body must NOT have fewer than 1 properties'],
    [{ release_all_liens: false }, 'body.release_all_liens must be equal to constant'],
    [{ lien: true }, "body must NOT have additional properties: 'lien'"],
    [{ credit_bureau: {} }, 'body.credit_bureau must NOT have fewer than 1 properties'],
    [{ credit_bureau: { score: 101 } }, 'body.credit_bureau.score must be <= 100'],
    [{ factor_values: { LIENS: 'high' } }, 'body.factor_values.LIENS must be number'],
    [{ bjl: [{ record_id: 'LIEN-1', status: 'paid' }] }, 'body.bjl.0.status must be equal to one of the allowed values: active, released, satisfied, open, discharged, dismissed'],
  ])('%j: 400 ValidationMiddlewareError', async (body, message) => {
    expect((await whatIf(business, body).expect(400)).body).toEqual(invalid(message));
  });

  it.each([
    [{ factor_values: { NOT_A_FACTOR: 1 } }, "Unknown factor code 'NOT_A_FACTOR': the score's config (version 2.2) has {codes}."],
    [{ bjl: [{ record_id: 'NO-SUCH-RECORD', status: 'released' }] }, "Unknown record id 'NO-SUCH-RECORD': the score has no bankruptcy, lien or judgement with it."],
    [{ bjl: [{ record_id: 'JDG-1', status: 'released' }] }, "Record 'JDG-1' is a judgement: its status can be active, satisfied, not 'released'."],
  ])('%j: 400 WhatIfOverrideError', async (body, message) => {
    const { config } = await t.db('scores.weightage_configs').where({ id: current.weightage_config_id }).first();
    const codes = config.categories.flatMap((c: { factors: { code: string }[] }) => c.factors.map((f) => f.code)).join(', ');
    expect((await whatIf(business, body).expect(400)).body).toEqual(fail(message.replace('{codes}', codes), 'INVALID', 'WhatIfOverrideError'));
  });

  it('a business without a SUCCESS score: 404 ScoreNotFoundError; a latest score without a snapshot: 409 ScoreNotExplainableError', async () => {
    const fresh = await scoredBusiness(t, customerId);
    expect((await whatIf(fresh, { release_all_liens: true }).expect(404)).body).toEqual(
      fail('This business has no successful score yet: a what-if starts from the latest SUCCESS score.', 'NOT_FOUND', 'ScoreNotFoundError'),
    );
    const old = await scored(fresh);
    await t.db('scores.scores').where({ id: old.id }).update({ inputs: null });
    expect((await whatIf(fresh, { release_all_liens: true }).expect(409)).body).toEqual(
      fail('This score was computed before scores kept their inputs, so it cannot be explained. Generate a new score.', 'NOT_ALLOWED', 'ScoreNotExplainableError'),
    );
  });

  it("answers another tenant's business to a CUSTOMER exactly as an unknown one, 404 to an ADMIN; needs businesses:read", async () => {
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() });
    const body = { release_all_liens: true };
    expect((await whatIf(business, body, stranger).expect(403)).body).toEqual(NOT_YOURS);
    expect((await whatIf(randomUUID(), body, stranger).expect(403)).body).toEqual(NOT_YOURS);
    const admin = t.keys.tokenFor({ role: 'ADMIN' });
    expect((await whatIf(randomUUID(), body, admin).expect(404)).body).toEqual(fail('Business not found', 'NOT_FOUND', 'BusinessApiError'));
    expect((await whatIf(business, body, admin).expect(200)).body.data.based_on.score_id).toBe(current.id);
    const without = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'custom', permissions: [] });
    expect((await whatIf(business, body, without).expect(403)).body).toEqual({
      ...fail('You do not have permission to perform this action.', 'UNAUTHORIZED', 'PermissionMiddlewareError'),
      data: { errorName: 'PermissionMiddlewareError', permission: 'businesses:read' },
    });
  });
});
