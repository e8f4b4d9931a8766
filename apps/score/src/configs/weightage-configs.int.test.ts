import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventually } from '@kyb/testing';
import { DEFAULT_WEIGHTAGE_CONFIG, VERIFICATION_WEIGHTAGE_CONFIG, type WeightageConfig } from '../engine';
import { scoredBusiness } from '../test-support/score-fixtures';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';

/* Weighting configs as versioned data (issue 12): listed, read and added by the ADMIN, given to customers. */
describe('weighting config versions', () => {
  let t: ScoreTestApp;
  let admin: string;
  const customerId = randomUUID();
  let owner: string;
  beforeAll(async () => {
    t = await startScoreTestApp();
    admin = t.keys.tokenFor({ role: 'ADMIN' });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
    await t.customer({ id: customerId });
  });
  afterAll(() => t.close());

  const as = (token: string) => ({
    get: (path: string) => request(t.app).get(`/score/api/v1${path}`).set('Authorization', `Bearer ${token}`),
    post: (path: string, body: object) => request(t.app).post(`/score/api/v1${path}`).set('Authorization', `Bearer ${token}`).send(body),
    put: (path: string, body: object) => request(t.app).put(`/score/api/v1${path}`).set('Authorization', `Bearer ${token}`).send(body),
  });
  /** A new version: the default's weighting with stricter cut-offs (everything below 800 is HIGH). */
  const stricter = (version: string): Omit<WeightageConfig, 'id'> => {
    const { id: _, ...rest } = structuredClone(DEFAULT_WEIGHTAGE_CONFIG);
    return { ...rest, version, cutoffs: [{ minScore850: 800, riskLevel: 'LOW', decision: 'APPROVE' }, { minScore850: 300, riskLevel: 'HIGH', decision: 'DECLINE' }] };
  };
  const scoreOn = async (businessId: string) => {
    const generated = await as(owner).post(`/score/business/${businessId}/generate`, {}).expect(202);
    return eventually(async () => {
      const row = await t.db('scores.scores').where({ id: generated.body.data.id }).first();
      return row?.status === 'SUCCESS' ? row : undefined;
    });
  };

  it('lists the seeded versions, 2.2 the default, and shows one with its data', async () => {
    const list = await as(admin).get('/weightage-configs?sort[version]=asc').expect(200);
    expect(list.body).toMatchObject({ status: 'success', message: 'Weightage configs fetched successfully', data: { total_items: expect.any(String) } });
    const seeded = list.body.data.records.filter((r: { version: string }) => ['2.2', '2.3'].includes(r.version));
    expect(seeded).toEqual([
      { id: DEFAULT_WEIGHTAGE_CONFIG.id, version: '2.2', is_default: true, customers: 0, created_at: expect.any(String), created_by: null },
      { id: VERIFICATION_WEIGHTAGE_CONFIG.id, version: '2.3', is_default: false, customers: 0, created_at: expect.any(String), created_by: null },
    ]);
    const one = await as(admin).get(`/weightage-configs/${DEFAULT_WEIGHTAGE_CONFIG.id}`).expect(200);
    expect(one.body).toMatchObject({ message: 'Weightage config fetched successfully', data: { version: '2.2', config: DEFAULT_WEIGHTAGE_CONFIG } });
    const missing = await as(admin).get(`/weightage-configs/${randomUUID()}`).expect(404);
    expect(missing.body).toEqual({ status: 'fail', message: 'Weightage config not found', errorCode: 'NOT_FOUND', data: { errorName: 'WeightageConfigNotFoundError' } });
  });

  it('adds a version with an id of its own, audited; never as the default; a version is never reused', async () => {
    const added = await as(admin).post('/weightage-configs', stricter('9.1')).expect(200);
    expect(added.body).toMatchObject({ message: 'Weightage config created successfully', data: { version: '9.1', is_default: false, customers: 0, config: { ...stricter('9.1'), id: added.body.data.id } } });
    const again = await as(admin).post('/weightage-configs', stricter('9.1')).expect(409);
    expect(again.body).toEqual({ status: 'fail', message: 'A weightage config with version 9.1 already exists.', errorCode: 'DUPLICATE', data: { errorName: 'WeightageConfigApiError' } });
    const acts = await eventually(async () => {
      const mine = (await t.auditEntries()).filter((e) => e.action === 'weightage_config.created');
      return mine.length > 0 ? mine : undefined;
    });
    expect(acts).toEqual([expect.objectContaining({ customer_id: null, target_type: 'weightage_config', target_id: added.body.data.id, details: { version: '9.1' } })]);
  });

  it('refuses a config whose numbers do not add up, listing why, and one that fails its schema', async () => {
    const lopsided = stricter('9.2');
    lopsided.categories = lopsided.categories.map((c, i) => (i === 0 ? { ...c, weight: c.weight + 0.5 } : c));
    const refused = await as(admin).post('/weightage-configs', lopsided).expect(400);
    expect(refused.body).toEqual({
      status: 'fail',
      message: 'The weightage config is not valid.',
      errorCode: 'INVALID',
      data: { errorName: 'WeightageConfigValidationError', problems: [expect.stringMatching(/^categories: weights sum to 1\.5, not 1$/)] },
    });
    const badInput = stricter('9.3');
    badInput.categories[0].factors[0] = { ...badInput.categories[0].factors[0], input: 'HOROSCOPE' as never };
    expect((await as(admin).post('/weightage-configs', badInput).expect(400)).body.data.errorName).toBe('ValidationMiddlewareError');
    expect((await as(admin).post('/weightage-configs', { ...stricter('9.4'), extra: true }).expect(400)).body.message).toBe("body must NOT have additional properties: 'extra'");
    expect(await t.db('scores.weightage_configs').whereIn('version', ['9.2', '9.3', '9.4'])).toEqual([]);
  });

  it("gives a customer a version: its new scores use it, its old ones keep theirs and still recompute identically; null gives the default back", async () => {
    const businessId = await scoredBusiness(t, customerId);
    const before = await scoreOn(businessId);
    expect(before.version).toBe('2.2');
    const added = await as(admin).post('/weightage-configs', stricter('9.5')).expect(200);
    const assigned = await as(admin).put(`/customers/${customerId}/weightage-config`, { weightage_config_id: added.body.data.id }).expect(200);
    expect(assigned.body).toEqual({
      status: 'success',
      message: 'Customer weightage config updated successfully',
      data: { customer_id: customerId, weightage_config_id: added.body.data.id, version: '9.5', source: 'CUSTOMER', assigned_at: expect.any(String), assigned_by: expect.any(String) },
    });
    expect((await as(owner).get(`/customers/${customerId}/weightage-config`).expect(200)).body.data).toEqual(assigned.body.data);
    const after = await scoreOn(businessId);
    expect(after).toMatchObject({ version: '9.5', weightage_config_id: added.body.data.id, risk_level: 'HIGH' });
    // Another customer's scores still use the default.
    const other = randomUUID();
    const theirs = await scoredBusiness(t, other);
    const otherScore = await as(t.keys.tokenFor({ role: 'CUSTOMER', customerId: other })).post(`/score/business/${theirs}/generate`, {}).expect(202);
    expect(otherScore.body.data.version).toBe('2.2');
    const old = await as(owner).post(`/score/scores/${before.id}/recompute`, {}).expect(200);
    expect(old.body.data).toMatchObject({ identical: true, version: '2.2', weightage_config_id: DEFAULT_WEIGHTAGE_CONFIG.id });
    const reset = await as(admin).put(`/customers/${customerId}/weightage-config`, { weightage_config_id: null }).expect(200);
    expect(reset.body.data).toEqual({ customer_id: customerId, weightage_config_id: DEFAULT_WEIGHTAGE_CONFIG.id, version: '2.2', source: 'DEFAULT', assigned_at: null, assigned_by: null });
    expect((await scoreOn(businessId)).version).toBe('2.2');
    const acts = await eventually(async () => {
      const mine = (await t.auditEntries()).filter((e) => e.action === 'weightage_config.assigned' && e.customer_id === customerId);
      return mine.length === 2 ? mine : undefined;
    });
    expect(acts.map((e) => e.details)).toEqual([{ weightage_config_id: added.body.data.id, version: '9.5' }, { weightage_config_id: null, version: null }]);
  });

  it('refuses an unknown customer or config, and every caller but the ADMIN; a customer reads only its own', async () => {
    const unknownCustomer = await as(admin).put(`/customers/${randomUUID()}/weightage-config`, { weightage_config_id: DEFAULT_WEIGHTAGE_CONFIG.id }).expect(404);
    expect(unknownCustomer.body).toEqual({ status: 'fail', message: 'Customer not found', errorCode: 'NOT_FOUND', data: { errorName: 'CustomerApiError' } });
    const unknownConfig = await as(admin).put(`/customers/${customerId}/weightage-config`, { weightage_config_id: randomUUID() }).expect(404);
    expect(unknownConfig.body.data.errorName).toBe('WeightageConfigNotFoundError');
    await as(admin).put(`/customers/${customerId}/weightage-config`, {}).expect(400);
    const roleRefusal = { status: 'fail', message: 'Role Not Allowed', errorCode: 'UNAUTHORIZED', data: { errorName: 'RoleMiddlewareError' } };
    expect((await as(owner).get('/weightage-configs').expect(401)).body).toEqual(roleRefusal);
    expect((await as(owner).post('/weightage-configs', stricter('9.6')).expect(401)).body).toEqual(roleRefusal);
    expect((await as(owner).put(`/customers/${customerId}/weightage-config`, { weightage_config_id: null }).expect(401)).body).toEqual(roleRefusal);
    const foreign = await as(owner).get(`/customers/${randomUUID()}/weightage-config`).expect(403);
    expect(foreign.body.data.errorName).toBe('AccessMiddlewareError');
    await request(t.app).get('/score/api/v1/weightage-configs').expect(401);
  });
});
