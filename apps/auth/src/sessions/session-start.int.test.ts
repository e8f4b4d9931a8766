import { randomUUID } from 'node:crypto';
import { hashToken, randomToken } from '@kyb/secrets';
import { createPgCustomerStore } from '../customers/customers.store';
import { startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';
import { createPgUserStore } from '../users/users.store';
import { createPgRefreshTokenStore, type NewFamily } from './refresh-tokens.store';

/* A sign-in's session: its facts read and its writes made in one statement (ADR 0032, ADR 0034). */
describe('starting a session', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await startAuthTestApp();
  });
  afterAll(() => t.close());

  const family = (user: { id: string; subrole_id: string | null; customer_id: string | null }, needsActiveCustomer: boolean): NewFamily => ({
    userId: user.id,
    subroleId: user.subrole_id,
    customerId: user.customer_id,
    needsActiveCustomer,
    familyId: randomUUID(),
    tokenHash: hashToken(randomToken()),
    expiresAt: new Date(Date.now() + 3_600_000),
    createdAt: new Date(),
  });
  const lastSignedIn = async (userId: string): Promise<Date | null> => (await t.db('auth.users').where({ id: userId }).first('last_signed_in_at')).last_signed_in_at;

  it('reads the subrole, its permissions by id and the customer as the reads of each give them', async () => {
    const users = createPgUserStore(t.db);
    const customers = createPgCustomerStore(t.db);
    const customerId = await t.fixtures.customer('Facts Customer');
    const user = await t.fixtures.user({ customerId, subrole: 'owner' });

    const { facts, started } = await createPgRefreshTokenStore(t.db).startFamily(family(user, true));

    expect(started).toBe(true);
    const permissions = await users.permissionsOf(user.subrole_id);
    expect(permissions.length).toBeGreaterThan(1);
    expect(facts.subrole).toEqual(await users.subroleById(user.subrole_id));
    expect(facts.permissions).toEqual(permissions);
    expect(facts.customer).toEqual({ id: customerId, name: 'Facts Customer', status: (await customers.findById(customerId))?.status });
  });

  it("stores the family's first refresh token, unused, and notes the sign-in by the database's clock", async () => {
    const customerId = await t.fixtures.customer('Started Customer');
    const user = await t.fixtures.user({ customerId, subrole: 'owner' });
    const start = family(user, true);
    expect(await lastSignedIn(user.id)).toBeNull();

    const { started } = await createPgRefreshTokenStore(t.db).startFamily(start);

    expect(started).toBe(true);
    const stored = await createPgRefreshTokenStore(t.db).findByHash(start.tokenHash);
    expect(stored).toMatchObject({ user_id: user.id, family_id: start.familyId, expires_at: start.expiresAt, created_at: start.createdAt, used_at: null, revoked_at: null });
    const { now } = (await t.db.raw<{ rows: Array<{ now: Date }> }>('select now()')).rows[0];
    const noted = await lastSignedIn(user.id);
    expect(noted).toBeInstanceOf(Date);
    expect(Math.abs((noted as Date).getTime() - now.getTime())).toBeLessThan(60_000);
  });

  it('writes nothing for a customer that is not ACTIVE when it must be, and starts it when it need not be', async () => {
    const customerId = await t.fixtures.customer('Disabled Customer');
    const user = await t.fixtures.user({ customerId, subrole: 'owner' });
    await t.db('auth.customers').where({ id: customerId }).update({ status: 'DISABLED' });
    const refused = family(user, true);

    const answer = await createPgRefreshTokenStore(t.db).startFamily(refused);

    expect(answer.started).toBe(false);
    expect(answer.facts.customer).toMatchObject({ id: customerId, status: 'DISABLED' });
    expect(await createPgRefreshTokenStore(t.db).findByHash(refused.tokenHash)).toBeUndefined();
    expect(await lastSignedIn(user.id)).toBeNull();

    const allowed = family(user, false);
    expect((await createPgRefreshTokenStore(t.db).startFamily(allowed)).started).toBe(true);
    expect(await createPgRefreshTokenStore(t.db).findByHash(allowed.tokenHash)).toBeDefined();
  });

  it('holds no subrole, no permissions and no customer where the user has none, or they are not there', async () => {
    const tokens = createPgRefreshTokenStore(t.db);
    const user = await t.fixtures.user({ customerId: await t.fixtures.customer('Facts Other'), subrole: 'owner' });
    const none = await tokens.startFamily({ ...family(user, false), subroleId: null, customerId: null });
    expect(none).toEqual({ facts: { subrole: null, permissions: [], customer: null }, started: true });
    const gone = await tokens.startFamily({ ...family(user, false), subroleId: randomUUID(), customerId: randomUUID() });
    expect(gone).toEqual({ facts: { subrole: null, permissions: [], customer: null }, started: true });
    // A customer that must be ACTIVE and is not there is not ACTIVE.
    const missing = await tokens.startFamily({ ...family(user, true), customerId: randomUUID() });
    expect(missing.started).toBe(false);
  });
});
