import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { createCustomerDirectory } from './customer-directory';
import { createCustomerDirectoryStandIn } from '../testing';

/*
 * The reader against the directory's contract (view name and columns). The auth area's own tests
 * check that its migrations create the view with these columns over real customers.
 */
describe('createCustomerDirectory', () => {
  let database: TestDatabase;
  const id = randomUUID();
  beforeAll(async () => {
    database = await createTestDatabase();
    const directory = await createCustomerDirectoryStandIn(database.db);
    await directory.put({ id, name: 'Acme', monthly_onboarding_limit: 5, features: { PAT_120_ADD_BUSINESS: true } });
  });
  afterAll(() => database.destroy());

  it('reads a customer with its limit and switches', async () => {
    const directory = createCustomerDirectory(database.db);
    expect(await directory.find(id)).toEqual({ id, name: 'Acme', monthlyOnboardingLimit: 5, features: { PAT_120_ADD_BUSINESS: true } });
    expect(await directory.isEnabled(id, 'PAT_120_ADD_BUSINESS')).toBe(true);
    expect(await directory.isEnabled(id, 'OTHER')).toBe(false);
  });

  it('answers undefined for an unknown customer and for a value that is not a UUID, without a database error', async () => {
    const directory = createCustomerDirectory(database.db);
    expect(await directory.find(randomUUID())).toBeUndefined();
    expect(await directory.find("x' or 1=1 --")).toBeUndefined();
    expect(await directory.isEnabled('not-a-uuid', 'PAT_120_ADD_BUSINESS')).toBe(false);
  });
});
