import { randomUUID } from 'node:crypto';
import { actOfRow, appendAudit, chainOf, entryHash, GENESIS_HASH } from '@kyb/area-views';
import type { AuditAct } from '@kyb/db';
import { hashToken, randomToken } from '@kyb/secrets';
import { createPgCustomerStore } from '../customers/customers.store';
import { startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';
import { createPgUserStore } from '../users/users.store';
import { createPgRefreshTokenStore, type NewFamily } from './refresh-tokens.store';

/* A sign-in's session: its facts read and its writes made, its audit entry among them, in one statement (ADR 0034). */
describe('starting a session', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await startAuthTestApp();
  });
  afterAll(() => t.close());

  const signedIn = (user: { id: string; customer_id: string | null }, requestId = randomUUID()): AuditAct => ({
    customerId: user.customer_id,
    actorId: user.id,
    actorRole: 'CUSTOMER',
    action: 'sign_in.succeeded',
    targetType: 'user',
    targetId: user.id,
    requestId,
    clientAddress: '198.51.100.7',
    details: {},
    occurredAt: new Date(),
  });
  const family = (user: { id: string; subrole_id: string | null; customer_id: string | null }, needsActiveCustomer: boolean): NewFamily => ({
    userId: user.id,
    subroleId: user.subrole_id,
    customerId: user.customer_id,
    needsActiveCustomer,
    familyId: randomUUID(),
    tokenHash: hashToken(randomToken()),
    expiresAt: new Date(Date.now() + 3_600_000),
    createdAt: new Date(),
    signedIn: signedIn(user),
  });
  const entriesOf = (customerId: string) => t.db('auth.audit_events').where({ chain: chainOf(customerId) }).orderBy('seq');
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

  it("appends the sign-in's audit entry to the customer's chain with the session, and none when it does not start", async () => {
    const customerId = await t.fixtures.customer('Audited Customer');
    const user = await t.fixtures.user({ customerId, subrole: 'owner' });
    const start = family(user, true);

    expect((await createPgRefreshTokenStore(t.db).startFamily(start)).started).toBe(true);

    const [entry] = await entriesOf(customerId);
    expect(entry).toMatchObject({
      seq: '1',
      customer_id: customerId,
      actor_id: user.id,
      action: 'sign_in.succeeded',
      target_id: user.id,
      request_id: start.signedIn.requestId,
      client_address: '198.51.100.7',
      prev_hash: GENESIS_HASH,
    });
    expect(entry.occurred_at).toEqual(start.signedIn.occurredAt);
    await t.db('auth.customers').where({ id: customerId }).update({ status: 'DISABLED' });
    expect((await createPgRefreshTokenStore(t.db).startFamily(family(user, true))).started).toBe(false);
    expect(await entriesOf(customerId)).toHaveLength(1);
  });

  it("keeps the customer's chain whole when its users' sessions start at once", async () => {
    const customerId = await t.fixtures.customer('Busy Customer');
    const users = await Promise.all([1, 2, 3].map(() => t.fixtures.user({ customerId, subrole: 'owner' })));
    const starts = users.flatMap((user) => [family(user, true), family(user, true)]);

    await Promise.all(starts.map((start) => createPgRefreshTokenStore(t.db).startFamily(start)));

    const entries = await entriesOf(customerId);
    expect(entries.map((entry) => Number(entry.seq))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(entries.map((entry) => entry.request_id))).toEqual(new Set(starts.map((start) => start.signedIn.requestId)));
    let head = GENESIS_HASH;
    for (const entry of entries) {
      expect(entry.prev_hash).toBe(head);
      head = entry.hash;
    }
    expect(entries.every((entry) => entryHash(entry.prev_hash, Number(entry.seq), { chain: entry.chain, ...actOfRow(entry) }) === entry.hash)).toBe(true);
  });

  it("takes the user's row before the chain's lock, as a change of the user that records itself does: neither waits on the other for ever", async () => {
    const customerId = await t.fixtures.customer('Changing Customer');
    const user = await t.fixtures.user({ customerId, subrole: 'owner' });
    const change = signedIn(user);
    const trx = await t.db.transaction();
    let session: Promise<{ started: boolean }> | undefined;
    try {
      await trx('auth.users').where({ id: user.id }).update({ first_name: 'Changed' });
      session = createPgRefreshTokenStore(t.db).startFamily(family(user, true));
      // The session waits for the user's row, holding nothing of the chain ...
      await waitForLockWait();
      // ... so the change may append to the chain and commit.
      await appendAudit(trx, { ...change, action: 'user.updated' });
      await trx.commit();
    } catch (err) {
      await trx.rollback();
      throw err;
    }
    expect((await session).started).toBe(true);
    expect((await entriesOf(customerId)).map((entry) => entry.action)).toEqual(['user.updated', 'sign_in.succeeded']);
  });

  /** Until a statement of the test database waits for a lock (a row's, here). */
  async function waitForLockWait(): Promise<void> {
    for (let tries = 0; tries < 200; tries += 1) {
      const { rows } = await t.db.raw<{ rows: unknown[] }>("select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
      if (rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('no statement came to wait for a lock');
  }
});
