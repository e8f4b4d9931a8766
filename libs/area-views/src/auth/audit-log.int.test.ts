import { randomUUID } from 'node:crypto';
import { auditOutboxMigration, auditOutboxRelayOrderMigration, migrateLatest, normalisedAct, recordAudit, type AuditAct } from '@kyb/db';
import { anAuditAct, createTestDatabase, type TestDatabase } from '@kyb/testing';
import { createAuditLogStandIn } from '../testing';
import { chainOf, contentHash } from './audit-chain';
import { relayAudit } from './audit-log';

/*
 * The relay against the contract of the auth area's published `auth.append_audit_events` (stood in:
 * it keeps each entry's arguments in the order given). The chains themselves are the auth area's,
 * tested there (apps/auth/src/audit/relayed-batches.int.test.ts).
 */
describe('relayAudit', () => {
  let database: TestDatabase;
  let log: Awaited<ReturnType<typeof createAuditLogStandIn>>;
  const appends: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    log = await createAuditLogStandIn(database.db);
    await migrateLatest(database.db, {
      schema: 'cases',
      migrations: [auditOutboxMigration('cases', '20261126_0013_audit_outbox'), auditOutboxRelayOrderMigration('cases', '20261127_0016_audit_outbox_relay_order')],
    });
    database.db.on('query', (query: { sql: string }) => {
      if (query.sql.includes('auth.append_audit_event')) appends.push(query.sql);
    });
  });
  afterAll(() => database.destroy());
  beforeEach(async () => {
    appends.splice(0);
    await database.db('auth.audit_log_stand_in').delete();
  });

  const outbox = () => database.db('cases.audit_outbox');
  const act = (customerId: string | null, overrides: Partial<AuditAct> = {}): AuditAct => anAuditAct({ customerId, details: { owners: 2, zeta: 'z', alpha: true }, ...overrides });
  const actsOf = (customers: Array<string | null>, each: number) => customers.flatMap((customerId) => Array.from({ length: each }, () => act(customerId)));

  it('moves every act of a busy second in one round, a batch of 200 per append, each chain in the order its acts occurred', async () => {
    const customers: Array<string | null> = [randomUUID(), randomUUID(), randomUUID(), null];
    const acts = actsOf(customers, 300);
    await recordAudit(database.db, 'cases', acts);
    expect(await relayAudit(database.db, 'cases')).toBe(1200);
    // 200, 200, ..., 200 (six full batches), then an empty one ends the round without an append.
    expect(appends).toHaveLength(6);
    expect(appends.every((sql) => sql.includes('auth.append_audit_events('))).toBe(true);
    expect(await outbox()).toEqual([]);
    const entries = await log.entries();
    expect(entries).toHaveLength(1200);
    // The platform's chain first (no tenant sorts first), then the tenants' in id order: the order every relay locks them in.
    const chains = [...new Set(entries.map((e) => e.chain))];
    expect(chains).toEqual(['platform', ...customers.filter((c): c is string => c !== null).sort().map((c) => `customer:${c}`)]);
    for (const chain of chains) {
      const times = entries.filter((e) => e.chain === chain).map((e) => (e.occurred_at as Date).getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
    const byRequest = new Map(acts.map((one) => [one.requestId, normalisedAct(one)]));
    for (const entry of entries) {
      const sent = byRequest.get(entry.request_id) as AuditAct;
      expect(entry.content_hash).toBe(contentHash({ chain: chainOf(sent.customerId), ...sent }));
    }
  });

  it("takes a batch by the outbox's relay order index, not by reading and sorting the whole outbox", async () => {
    await recordAudit(database.db, 'cases', actsOf([randomUUID(), null], 5));
    const taken: Array<{ sql: string; bindings: readonly unknown[] }> = [];
    const listen = (query: { sql: string; bindings: readonly unknown[] }) => void (query.sql.includes('skip locked') && taken.push(query));
    database.db.on('query', listen);
    await relayAudit(database.db, 'cases').finally(() => database.db.removeListener('query', listen));
    const plan = await database.db.transaction(async (trx) => {
      await trx.raw('set local enable_seqscan = off');
      const { rows } = await trx.raw(`explain ${taken[0].sql.replace(/\$\d+/g, '?')}`, taken[0].bindings as never);
      return (rows as Array<Record<string, string>>).map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Scan using audit_outbox_relay_order/);
    expect(plan).not.toMatch(/Sort/);
    expect(await outbox()).toEqual([]);
  });

  it('stops a round after its last batch, leaving the rest to the next round', async () => {
    await recordAudit(database.db, 'cases', actsOf([randomUUID(), randomUUID()], 175));
    expect(await relayAudit(database.db, 'cases', { batchSize: 100, maxBatches: 3 })).toBe(300);
    expect(await outbox()).toHaveLength(50);
    expect(await relayAudit(database.db, 'cases', { batchSize: 100, maxBatches: 3 })).toBe(50);
    expect(appends).toHaveLength(4);
    expect(await outbox()).toEqual([]);
    expect(await relayAudit(database.db, 'cases')).toBe(0);
    expect(appends).toHaveLength(4);
  });

  it('moves each act once however many relays run at once', async () => {
    const acts = actsOf([randomUUID(), randomUUID(), randomUUID()], 200);
    await recordAudit(database.db, 'cases', acts);
    const moved = await Promise.all(Array.from({ length: 4 }, () => relayAudit(database.db, 'cases', { batchSize: 50 })));
    let total = moved.reduce((sum, n) => sum + n, 0);
    while (total < acts.length) total += await relayAudit(database.db, 'cases', { batchSize: 50 });
    expect(total).toBe(acts.length);
    const relayed = (await log.entries()).map((e) => e.request_id);
    expect(new Set(relayed).size).toBe(acts.length);
    expect(relayed).toHaveLength(acts.length);
  });

  it('keeps the acts of a batch the audit log refused in the outbox, for a later round', async () => {
    await recordAudit(database.db, 'cases', actsOf([randomUUID()], 3));
    await database.db.raw(`create or replace function auth.append_audit_events(
        p_chains text[], p_customer_ids uuid[], p_actor_ids uuid[], p_actor_roles text[], p_actions text[], p_target_types text[],
        p_target_ids text[], p_request_ids text[], p_client_addresses text[], p_details jsonb[], p_occurred_ats timestamptz[], p_content_hashes text[])
      returns integer language plpgsql as $$ begin raise exception 'audit log unavailable'; end $$`);
    await expect(relayAudit(database.db, 'cases')).rejects.toThrow('audit log unavailable');
    expect(await outbox()).toHaveLength(3);
    log = await createAuditLogStandIn(database.db);
    expect(await relayAudit(database.db, 'cases')).toBe(3);
    expect(await log.entries()).toHaveLength(3);
  });
});
