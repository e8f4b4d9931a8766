import request from 'supertest';
import { bearer, startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

const BASE = '/auth/api/v1/customers';
const validation = (message: string) => ({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });

describe('platform administration of customers', () => {
  let t: AuthTestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startAuthTestApp();
    admin = await t.fixtures.adminToken();
  });
  afterAll(() => t.close());

  const as = (token: string) => ({
    create: (body: object) => request(t.app).post(BASE).set('Authorization', bearer(token)).send(body),
    get: (id: string) => request(t.app).get(`${BASE}/${id}`).set('Authorization', bearer(token)),
    patch: (id: string, body: object) => request(t.app).patch(`${BASE}/${id}`).set('Authorization', bearer(token)).send(body),
  });

  it('creates a customer with no limit and no feature switches', async () => {
    const res = await as(admin).create({ name: '  Acme Lending  ' }).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Customer created successfully',
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Acme Lending',
        status: 'ACTIVE',
        monthly_onboarding_limit: null,
        features: {},
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
  });

  it('sets the monthly limit and merges feature switches', async () => {
    const id = (await as(admin).create({ name: 'Switches' }).expect(200)).body.data.id;
    await as(admin).patch(id, { features: { PAT_120_ADD_BUSINESS: true }, monthly_onboarding_limit: 5 }).expect(200);
    const res = await as(admin).patch(id, { features: { BETA_REPORTS: false } }).expect(200);
    expect(res.body.message).toBe('Customer updated successfully');
    expect(res.body.data).toMatchObject({ monthly_onboarding_limit: 5, features: { PAT_120_ADD_BUSINESS: true, BETA_REPORTS: false } });
    const unlimited = await as(admin).patch(id, { monthly_onboarding_limit: null, name: 'Renamed' }).expect(200);
    expect(unlimited.body.data).toMatchObject({ monthly_onboarding_limit: null, name: 'Renamed', features: { PAT_120_ADD_BUSINESS: true } });
    expect((await as(admin).get(id).expect(200)).body.data).toEqual(unlimited.body.data);
  });

  it.each([
    [{ features: { lower: true } }, "body.features key 'lower' must match pattern \"^[A-Z][A-Z0-9_]{0,63}$\""],
    [{ features: { FLAG: 'yes' } }, 'body.features.FLAG must be boolean'],
    [{ monthly_onboarding_limit: -1 }, 'body.monthly_onboarding_limit must be >= 0'],
    [{ monthly_onboarding_limit: 2.5 }, 'body.monthly_onboarding_limit must be integer,null'],
    [{}, 'body must NOT have fewer than 1 properties'],
    [{ name: '   ' }, 'body.name must match pattern "\\S"'],
    [{ status: 'PAUSED' }, 'body.status must be equal to one of the allowed values: ACTIVE, DISABLED'],
  ])('refuses the change %j', async (body, message) => {
    const id = (await as(admin).create({ name: 'Strict' }).expect(200)).body.data.id;
    expect((await as(admin).patch(id, body).expect(400)).body).toEqual(validation(message));
  });

  it('answers 404 for a customer that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const expected = { status: 'fail', message: 'Customer not found', errorCode: 'NOT_FOUND', data: { errorName: 'CustomerApiError' } };
    expect((await as(admin).get(missing).expect(404)).body).toEqual(expected);
    expect((await as(admin).patch(missing, { name: 'x' }).expect(404)).body).toEqual(expected);
  });

  it('lets a CUSTOMER read its own customer only, and never create or change one', async () => {
    const owner = await t.fixtures.ownerSession();
    const other = (await as(admin).create({ name: 'Other' }).expect(200)).body.data.id;
    expect((await as(owner.token).get(owner.customerId).expect(200)).body.data.id).toBe(owner.customerId);
    expect((await as(owner.token).get(other).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    const roleRefused = { status: 'fail', message: 'Role Not Allowed', errorCode: 'UNAUTHORIZED', data: { errorName: 'RoleMiddlewareError' } };
    expect((await as(owner.token).create({ name: 'Mine' }).expect(401)).body).toEqual(roleRefused);
    expect((await as(owner.token).patch(owner.customerId, { monthly_onboarding_limit: null }).expect(401)).body).toEqual(roleRefused);
  });
});
