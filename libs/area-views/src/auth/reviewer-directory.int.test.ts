import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { createReviewerDirectory } from './reviewer-directory';
import { createReviewerDirectoryStandIn } from '../testing';

/* The reader against the directory's contract; the auth area's tests check its view over real users. */
describe('createReviewerDirectory', () => {
  let database: TestDatabase;
  const [tenant, other, active, inactive] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  beforeAll(async () => {
    database = await createTestDatabase();
    const directory = await createReviewerDirectoryStandIn(database.db);
    await directory.put({ id: active, customerId: tenant });
    await directory.put({ id: inactive, customerId: tenant, active: false });
  });
  afterAll(() => database.destroy());

  it("knows an active reviewer of the tenant, and nobody else's", async () => {
    const directory = createReviewerDirectory(database.db);
    expect(await directory.isActiveReviewer(tenant, active)).toBe(true);
    expect(await directory.isActiveReviewer(tenant, active.toUpperCase())).toBe(true);
    expect(await directory.isActiveReviewer(tenant, inactive)).toBe(false);
    expect(await directory.isActiveReviewer(other, active)).toBe(false);
    expect(await directory.isActiveReviewer(tenant, randomUUID())).toBe(false);
    expect(await directory.isActiveReviewer(tenant, "x' or 1=1 --")).toBe(false);
  });
});
