import { randomUUID } from 'node:crypto';
import { createReviewerDirectory } from '@kyb/area-views';
import { startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

/** The auth area's side of the reviewer directory contract: users whose subrole holds cases:review, active or not. */
describe('the reviewer directory view other areas read', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await startAuthTestApp();
  });
  afterAll(() => t.close());

  it('shows owners and reviewers of a tenant, active ones as active; never plain users or another tenant', async () => {
    const tenant = await t.fixtures.customer();
    const other = await t.fixtures.customer();
    const owner = await t.fixtures.user({ customerId: tenant, subrole: 'owner' });
    const reviewer = await t.fixtures.user({ customerId: tenant, subrole: 'reviewer' });
    const reader = await t.fixtures.user({ customerId: tenant, subrole: 'user' });
    const inactive = await t.fixtures.user({ customerId: tenant, subrole: 'reviewer', status: 'INACTIVE' });
    const directory = createReviewerDirectory(t.db);
    expect(await directory.isActiveReviewer(tenant, owner.id)).toBe(true);
    expect(await directory.isActiveReviewer(tenant, reviewer.id)).toBe(true);
    expect(await directory.isActiveReviewer(tenant, reader.id)).toBe(false);
    expect(await directory.isActiveReviewer(tenant, inactive.id)).toBe(false);
    expect(await directory.isActiveReviewer(other, reviewer.id)).toBe(false);
    expect(await directory.isActiveReviewer(tenant, randomUUID())).toBe(false);
    // The stand-in's columns (libs/area-views/src/testing), no more: no name, no email.
    const columns = await t.db('information_schema.columns').where({ table_schema: 'auth', table_name: 'reviewer_directory' }).orderBy('ordinal_position').select('column_name', 'data_type');
    expect(columns).toEqual([
      { column_name: 'id', data_type: 'uuid' },
      { column_name: 'customer_id', data_type: 'uuid' },
      { column_name: 'active', data_type: 'boolean' },
    ]);
  });
});
