import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { relayAudit } from '@kyb/area-views';
import { auditOutboxMigration, migrateLatest, recordAudit, type AuditAct } from '@kyb/db';
import { anAuditAct } from '@kyb/testing';
import { bearer, startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

/*
 * Acts of the other areas (here: an area with the case schema's audit outbox) reach the tenant's
 * chain through relayAudit and the auth area's append function, and verify like its own: ids in
 * capitals, details in any key order and times with milliseconds hash alike once read back.
 */
describe('acts relayed from another area', () => {
  let t: AuthTestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startAuthTestApp();
    admin = await t.fixtures.adminToken();
    await migrateLatest(t.db, { schema: 'cases', migrations: [auditOutboxMigration('cases', '20261126_0013_audit_outbox')] });
  });
  afterAll(() => t.close());

  // Dated 2099 (anAuditAct): later than any act of the test itself (sign-ins happen now), so the newest-first list shows the relayed ones first.
  const act = (customerId: string, overrides: Partial<AuditAct> = {}): AuditAct =>
    anAuditAct({
      customerId: customerId.toUpperCase(),
      actorId: randomUUID().toUpperCase(),
      targetId: randomUUID().toUpperCase(),
      details: { zeta: 1, alpha: 'two', owners: 2, masked: true, none: null },
      occurredAt: new Date('2099-11-26T10:11:12.345Z'),
      ...overrides,
    });
  const verify = (customerId: string) => request(t.app).get(`/auth/api/v1/customers/${customerId}/audit-events/verify`).set('Authorization', bearer(admin)).expect(200);

  it("joins the tenant's chain beside the area's own acts, verifies, and leaves the outbox empty", async () => {
    const owner = await t.fixtures.ownerSession();
    const own = (await verify(owner.customerId)).body.data.entries as number;
    await recordAudit(t.db, 'cases', [act(owner.customerId), act(owner.customerId, { action: 'businesses.added', targetType: 'onboarding_run', details: { count: 1000 }, occurredAt: new Date('2099-11-26T10:11:12.346Z') })]);
    expect(await relayAudit(t.db, 'cases')).toBe(2);
    expect(await t.db('cases.audit_outbox')).toEqual([]);
    expect((await verify(owner.customerId)).body.data).toEqual({ valid: true, entries: own + 2, head: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const listed = await request(t.app).get(`/auth/api/v1/customers/${owner.customerId}/audit-events?items_per_page=2`).set('Authorization', bearer(admin)).expect(200);
    expect(listed.body.data.records.map((e: { action: string }) => e.action)).toEqual(['businesses.added', 'business.owner_details_read']);
    expect(listed.body.data.records[1]).toMatchObject({
      customer_id: owner.customerId,
      actor: { role: 'CUSTOMER' },
      target: { type: 'business' },
      client_address: '203.0.113.7',
      details: { alpha: 'two', masked: true, none: null, owners: 2, zeta: 1 },
      occurred_at: '2099-11-26T10:11:12.345Z',
    });
  });

  it('moves each act once however many relays run at once, and an edited relayed entry breaks the chain', async () => {
    const owner = await t.fixtures.ownerSession();
    const own = (await verify(owner.customerId)).body.data.entries as number;
    await recordAudit(t.db, 'cases', Array.from({ length: 40 }, (_, i) => act(owner.customerId, { details: { n: i } })));
    const moved = await Promise.all(Array.from({ length: 4 }, () => relayAudit(t.db, 'cases', { batchSize: 15 })));
    let total = moved.reduce((sum, n) => sum + n, 0);
    while (total < 40) total += await relayAudit(t.db, 'cases', { batchSize: 15 });
    expect(total).toBe(40);
    expect((await verify(owner.customerId)).body.data).toMatchObject({ valid: true, entries: own + 40 });
    const entry = await t.db('auth.audit_events').where({ customer_id: owner.customerId, action: 'business.owner_details_read' }).orderBy('seq').first();
    await t.db('auth.audit_events').where({ id: entry.id }).update({ details: JSON.stringify({ n: 99 }) });
    expect((await verify(owner.customerId)).body.data).toEqual({ valid: false, entries: Number(entry.seq) - 1, broken: { id: entry.id, seq: Number(entry.seq), reason: 'hash' } });
  });
});
