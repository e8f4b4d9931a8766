import { randomBytes, randomUUID } from 'node:crypto';
import { createDatabase } from '../database';
import { auditOutboxMigration, recordAudit, type AuditAct } from './audit-outbox';

/*
 * recordAudit outside a transaction (a read of personal data, audited before it is answered):
 * acts recorded at the same time share one statement and one commit, and each caller hears back
 * only once its act is stored. Inside a transaction, the act stays in it.
 */
describe('recordAudit', () => {
  const db = createDatabase({ url: process.env.KYB_TEST_POSTGRES_URL as string, applicationName: 'audit-outbox-test', pool: { max: 4 } });
  const schema = `audit_test_${randomBytes(4).toString('hex')}`;
  const outbox = auditOutboxMigration(schema, 'audit_outbox');
  const statements: string[] = [];
  beforeAll(async () => {
    await db.raw(`create schema ${schema}`);
    await outbox.up(db);
    db.on('query', (query: { sql: string }) => {
      if (query.sql.includes(`${schema}.audit_outbox`) && /^\s*insert/i.test(query.sql)) statements.push(query.sql);
    });
  });
  afterAll(async () => {
    await db.raw(`drop schema if exists ${schema} cascade`);
    await db.destroy();
  });
  beforeEach(() => void statements.splice(0));

  const act = (overrides: Partial<AuditAct> = {}): AuditAct => ({
    customerId: randomUUID(),
    actorId: randomUUID(),
    actorRole: 'CUSTOMER',
    action: 'business.owner_details_read',
    targetType: 'business',
    targetId: randomUUID(),
    requestId: randomUUID(),
    clientAddress: '203.0.113.7',
    details: { owners: 1 },
    occurredAt: new Date('2026-11-27T10:11:12.345Z'),
    ...overrides,
  });
  const stored = (requestId: string | null) => db(`${schema}.audit_outbox`).where({ request_id: requestId }).first();

  it('writes acts recorded at the same time with one or two statements, each caller answered once its act is visible', async () => {
    const acts = Array.from({ length: 60 }, (_, n) => act({ details: { n } }));
    await Promise.all(
      acts.map(async (one) => {
        await recordAudit(db, schema, [one]);
        expect(await stored(one.requestId)).toMatchObject({ target_id: one.targetId, details: one.details });
      }),
    );
    expect(statements.length).toBeGreaterThanOrEqual(1);
    expect(statements.length).toBeLessThanOrEqual(2);
    expect(new Set(statements).size).toBe(1);
  });

  it('keeps a statement to at most a thousand acts, and the acts of one call together', async () => {
    const singles = Array.from({ length: 1100 }, () => act());
    const together = Array.from({ length: 30 }, () => act({ action: 'businesses.added' }));
    await Promise.all([...singles.map((one) => recordAudit(db, schema, [one])), recordAudit(db, schema, together)]);
    expect(statements.length).toBeGreaterThanOrEqual(2);
    expect(statements.length).toBeLessThanOrEqual(3);
    const ids = [...singles, ...together].map((one) => one.requestId as string);
    expect(await db(`${schema}.audit_outbox`).whereIn('request_id', ids).count<Array<{ count: string }>>('* as count')).toEqual([{ count: String(ids.length) }]);
  });

  it('stores ids as PostgreSQL gives them back, the time to the millisecond and the details exactly', async () => {
    const details = { 'quote"key': 'back\\slash', '{brace,comma}': '"', emoji: '🚀 ü', empty: '', NULL: 'NULL', n: 1.5, big: 12345678901234, t: true, none: null };
    const one = act({ customerId: randomUUID().toUpperCase(), actorId: randomUUID().toUpperCase(), targetId: randomUUID().toUpperCase(), details, occurredAt: new Date('2026-11-27T23:59:59.999Z') });
    await Promise.all([recordAudit(db, schema, [one]), recordAudit(db, schema, [act({ details: { other: 1 } })])]);
    const row = await stored(one.requestId);
    expect(row.customer_id).toBe(one.customerId?.toLowerCase());
    expect(row.actor_id).toBe(one.actorId?.toLowerCase());
    expect(row.target_id).toBe(one.targetId?.toLowerCase());
    expect(row.details).toEqual(details);
    expect((row.occurred_at as Date).toISOString()).toBe('2026-11-27T23:59:59.999Z');
    const nulls = act({ customerId: null, actorId: null, targetId: null, requestId: null, clientAddress: null, details: {} });
    await recordAudit(db, schema, [nulls]);
    expect(await db(`${schema}.audit_outbox`).where({ action: nulls.action }).whereNull('customer_id').first()).toMatchObject({ actor_id: null, target_id: null, request_id: null, client_address: null, details: {} });
  });

  it('when a statement fails, every caller of its batch gets the error, nothing is half written, and the next batch is written', async () => {
    await outbox.down(db);
    const failed = Array.from({ length: 5 }, () => act());
    const outcomes = await Promise.allSettled(failed.map((one) => recordAudit(db, schema, [one])));
    expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill('rejected'));
    for (const outcome of outcomes) expect((outcome as PromiseRejectedResult).reason.message).toMatch(/does not exist/);
    expect(statements).toHaveLength(1);
    await outbox.up(db);
    const later = Array.from({ length: 3 }, () => act());
    await Promise.all(later.map((one) => recordAudit(db, schema, [one])));
    expect(await db(`${schema}.audit_outbox`).whereIn('request_id', [...failed, ...later].map((one) => one.requestId as string)).pluck('request_id')).toEqual(
      expect.arrayContaining(later.map((one) => one.requestId)),
    );
    expect(await db(`${schema}.audit_outbox`).count<Array<{ count: string }>>('* as count')).toEqual([{ count: '3' }]);
  });

  it('refuses a schema that is not a plain name before any SQL is sent', async () => {
    for (const bad of ['cases; drop table x', 'Cases', '"cases"', '', 'a'.repeat(64), 'cases.audit']) {
      await expect(recordAudit(db, bad, [act()])).rejects.toThrow('not a valid schema name');
    }
    expect(statements).toEqual([]);
  });

  it('refuses, alone, an act PostgreSQL could not store; the acts recorded beside it are written', async () => {
    const bad = [
      act({ actorId: 'not-a-uuid' }),
      act({ customerId: 'urn:uuid:6ba7b810-9dad-11d1-80b4-00c04fd430c8' }),
      act({ action: 'nul\u0000inside' }),
      act({ details: { note: 'nul\u0000inside' } }),
      act({ details: { ['key\u0000']: 1 } }),
      act({ details: { lone: '\ud800' } }),
      act({ occurredAt: new Date('not a date') }),
      act({ occurredAt: new Date('+010000-01-01T00:00:00.000Z') }),
    ];
    const good = Array.from({ length: 4 }, () => act());
    const outcomes = await Promise.allSettled([...bad, ...good].map((one) => recordAudit(db, schema, [one])));
    expect(outcomes.slice(0, bad.length).map((o) => o.status)).toEqual(Array(bad.length).fill('rejected'));
    for (const outcome of outcomes.slice(0, bad.length)) expect((outcome as PromiseRejectedResult).reason.message).toMatch(/^audit act cannot be stored: /);
    expect(outcomes.slice(bad.length).map((o) => o.status)).toEqual(Array(good.length).fill('fulfilled'));
    expect(await db(`${schema}.audit_outbox`).whereIn('request_id', [...bad, ...good].map((one) => one.requestId as string)).count<Array<{ count: string }>>('* as count')).toEqual([{ count: '4' }]);
  });

  it('in a transaction, writes in it: rolled back, nothing is kept; committed, the acts are', async () => {
    const dropped = act();
    await expect(
      db.transaction(async (trx) => {
        await recordAudit(trx, schema, [dropped]);
        expect(await trx(`${schema}.audit_outbox`).where({ request_id: dropped.requestId }).first()).toBeDefined();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await stored(dropped.requestId)).toBeUndefined();
    const kept = act({ details: { kept: true } });
    await db.transaction((trx) => recordAudit(trx, schema, [kept]));
    expect(await stored(kept.requestId)).toMatchObject({ details: { kept: true } });
  });

  it('records nothing, and sends nothing, for no acts', async () => {
    await recordAudit(db, schema, []);
    expect(statements).toEqual([]);
  });
});
