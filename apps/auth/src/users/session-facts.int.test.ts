import { randomUUID } from 'node:crypto';
import { createPgCustomerStore } from '../customers/customers.store';
import { startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';
import { createPgUserStore } from './users.store';

/* A new session's subrole, permissions and customer, read in one statement (ADR 0032). */
describe("a session's facts", () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await startAuthTestApp();
  });
  afterAll(() => t.close());

  it('are the subrole, its permissions by id and the customer, as the reads of each give them', async () => {
    const users = createPgUserStore(t.db);
    const customers = createPgCustomerStore(t.db);
    const customerId = await t.fixtures.customer('Facts Customer');
    const user = await t.fixtures.user({ customerId, subrole: 'owner' });

    const facts = await users.sessionFactsOf(user.subrole_id, user.customer_id);

    const subrole = await users.subroleById(user.subrole_id);
    const permissions = await users.permissionsOf(user.subrole_id);
    const customer = await customers.findById(customerId);
    expect(facts.subrole).toEqual(subrole);
    expect(permissions.length).toBeGreaterThan(1);
    expect(facts.permissions).toEqual(permissions);
    expect(facts.customer).toEqual({ id: customerId, name: 'Facts Customer', status: customer?.status });
  });

  it('hold no subrole, no permissions and no customer where the user has none, or they are not there', async () => {
    const users = createPgUserStore(t.db);
    expect(await users.sessionFactsOf(null, null)).toEqual({ subrole: null, permissions: [], customer: null });
    expect(await users.sessionFactsOf(randomUUID(), randomUUID())).toEqual({ subrole: null, permissions: [], customer: null });
  });
});
