import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { appendAudit, appendAudits, relayAudit } from '@kyb/area-views';
import { auditOutboxMigration, migrateLatest, recordAudit, type AuditAct } from '@kyb/db';
import { anAuditAct } from '@kyb/testing';
import { bearer, startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

/*
 * `auth.append_audit_events` appends a relayed batch in one round trip: each entry gets the number
 * and hashes `auth.append_audit_event` would have given it, so chains mixing both verify.
 */
describe('acts relayed in batches', () => {
  let t: AuthTestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startAuthTestApp();
    admin = await t.fixtures.adminToken();
    await migrateLatest(t.db, { schema: 'cases', migrations: [auditOutboxMigration('cases', '20261126_0013_audit_outbox')] });
  });
  afterAll(() => t.close());

  const act = (customerId: string | null, overrides: Partial<AuditAct> = {}): AuditAct =>
    anAuditAct({ customerId, actorId: randomUUID().toUpperCase(), details: { zeta: 1, alpha: 'two "quoted" \\ text', owners: 2, none: null, ok: true }, ...overrides });
  const verify = async (customerId: string) => (await request(t.app).get(`/auth/api/v1/customers/${customerId}/audit-events/verify`).set('Authorization', bearer(admin)).expect(200)).body.data;
  const chainRows = (chain: string) => t.db('auth.audit_events').where({ chain }).orderBy('seq').select('seq', 'prev_hash', 'hash', 'request_id');

  it('gives each entry of a batch the number and hashes single appends give it', async () => {
    const customerId = await t.fixtures.customer();
    await appendAudit(t.db, act(customerId, { details: { first: true } }));
    const acts = [act(customerId), act(customerId.toUpperCase()), act(customerId, { details: {} }), act(customerId, { targetId: null, requestId: null, clientAddress: null })];
    const batched = await t.db
      .transaction(async (trx) => {
        await appendAudits(trx, acts);
        const rows = await trx('auth.audit_events').where({ chain: `customer:${customerId}` }).orderBy('seq').select('seq', 'prev_hash', 'hash');
        throw Object.assign(new Error('roll back'), { rows });
      })
      .catch((err: { rows: unknown[] }) => err.rows);
    for (const one of acts) await appendAudit(t.db, one);
    expect(batched).toHaveLength(5);
    expect(await chainRows(`customer:${customerId}`)).toEqual((batched as object[]).map((row) => expect.objectContaining(row)));
  });

  it("relays a busy second of several tenants and the platform in one round, each tenant's chain verifying with the entries around it", async () => {
    const customers = [await t.fixtures.customer(), await t.fixtures.customer(), await t.fixtures.customer()];
    for (const customerId of customers) await appendAudit(t.db, act(customerId));
    const platformBefore = (await chainRows('platform')).length;
    const acts = [...customers, null].flatMap((customerId) => Array.from({ length: 300 }, () => act(customerId)));
    await Promise.all(acts.map((one) => recordAudit(t.db, 'cases', [one])));
    expect(await relayAudit(t.db, 'cases')).toBe(1200);
    expect(await t.db('cases.audit_outbox')).toEqual([]);
    for (const customerId of customers) await appendAudit(t.db, act(customerId, { action: 'after.the.batch' }));
    for (const customerId of customers) expect(await verify(customerId)).toEqual({ valid: true, entries: 302, head: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const platform = await chainRows('platform');
    expect(platform).toHaveLength(platformBefore + 300);
    expect(platform.map((row) => Number(row.seq))).toEqual(platform.map((_row, i) => i + 1));
  });

  it('racing relays and single appends on the same chains neither duplicate nor deadlock, and every chain verifies', async () => {
    const customers = [await t.fixtures.customer(), await t.fixtures.customer(), await t.fixtures.customer(), await t.fixtures.customer()];
    const acts = customers.flatMap((customerId) => Array.from({ length: 250 }, () => act(customerId)));
    await recordAudit(t.db, 'cases', acts);
    const singles = customers.flatMap((customerId) => Array.from({ length: 5 }, () => appendAudit(t.db, act(customerId, { action: 'own.act' }))));
    const moved = await Promise.all([...Array.from({ length: 4 }, () => relayAudit(t.db, 'cases', { batchSize: 60 })), ...singles]);
    let total = moved.slice(0, 4).reduce<number>((sum, n) => sum + (n as number), 0);
    while (total < acts.length) total += await relayAudit(t.db, 'cases', { batchSize: 60 });
    expect(total).toBe(acts.length);
    for (const customerId of customers) expect(await verify(customerId)).toMatchObject({ valid: true, entries: 255 });
    const relayed = await t.db('auth.audit_events').whereIn('request_id', acts.map((one) => one.requestId as string)).pluck('request_id');
    expect(new Set(relayed).size).toBe(acts.length);
    expect(relayed).toHaveLength(acts.length);
  });

  it('refuses a batch whose arrays differ in length, appending nothing', async () => {
    const customerId = await t.fixtures.customer();
    const chain = `customer:${customerId}`;
    await expect(
      t.db.raw('select auth.append_audit_events(?::text[], ?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::jsonb[], ?::timestamptz[], ?::text[])', [
        [chain, chain], [customerId], [null], ['CUSTOMER'], ['x'], ['y'], [null], [null], [null], ['{}'], [new Date().toISOString()], ['0'.repeat(64)],
      ]),
    ).rejects.toThrow(/one element per entry/);
    expect(await chainRows(chain)).toEqual([]);
  });
});
