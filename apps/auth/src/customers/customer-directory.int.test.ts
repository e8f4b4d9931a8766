import request from 'supertest';
import { createCustomerDirectory } from '@kyb/area-views';
import { bearer, startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

/** The auth area's side of the directory contract: its view shows what administrators set. */
describe('the customer directory view other areas read', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await startAuthTestApp();
  });
  afterAll(() => t.close());

  it('shows each customer with the limit and switches set through the API', async () => {
    const admin = await t.fixtures.adminToken();
    const id = (await request(t.app).post('/auth/api/v1/customers').set('Authorization', bearer(admin)).send({ name: 'Directory Co' })).body.data.id;
    const directory = createCustomerDirectory(t.db);
    expect(await directory.find(id)).toEqual({ id, name: 'Directory Co', monthlyOnboardingLimit: null, features: {} });
    await request(t.app)
      .patch(`/auth/api/v1/customers/${id}`)
      .set('Authorization', bearer(admin))
      .send({ monthly_onboarding_limit: 3, features: { PAT_120_ADD_BUSINESS: true } })
      .expect(200);
    expect(await directory.find(id)).toEqual({ id, name: 'Directory Co', monthlyOnboardingLimit: 3, features: { PAT_120_ADD_BUSINESS: true } });
    expect(await directory.isEnabled(id, 'PAT_120_ADD_BUSINESS')).toBe(true);
  });
});
