import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createProducer, watchlistScreeningQueue, type Producer } from '@kyb/queues';
import { eventually } from '@kyb/testing';
import { startIntegrationTestApp, type IntegrationTestApp } from '../../test-support/integration-test-app';
import { fixture } from '../ofac/ofac-fixtures';

const PREFIX = '/integration/api/v1';
const SDN_CSV = ['sdn.csv', 'add.csv', 'alt.csv', 'sdn_comments.csv'];

/* Sanctions screening through the area: the screening job, a business's results, the tenant's hits, their review, its threshold, a new list version. */
describe('sanctions screening results, hits and reviews', () => {
  let t: IntegrationTestApp;
  let screenings: Producer<{ customerId: string; businessIds: string[]; trigger: 'added' | 'refresh' | 'monitoring' | 'list_version'; versionId?: string }>;
  const customerId = randomUUID();
  const businessId = randomUUID();
  const ownerUser = randomUUID();
  let owner: string;
  let stranger: string;
  let admin: string;

  beforeAll(async () => {
    t = await startIntegrationTestApp();
    screenings = createProducer(watchlistScreeningQueue, { connection: t.redis, prefix: t.redisPrefix });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, userId: ownerUser, subrole: 'owner' });
    stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID(), subrole: 'owner' });
    admin = t.keys.tokenFor({ role: 'ADMIN', userId: randomUUID() });
    await t.customer(customerId);
    await t.business({ id: businessId, customerId, name: 'Sanctioned Harbor Imports LLC', otherNames: ['Harbor Imports'], owners: [{ firstName: 'Ann', lastName: 'Lee' }] });
  });
  afterAll(async () => {
    await screenings.close();
    await t.close();
  });

  const get = (path: string, token = owner) => request(t.app).get(`${PREFIX}${path}`).set('Authorization', `Bearer ${token}`);
  const send = (method: 'patch' | 'put', path: string, body: unknown, token = owner) => request(t.app)[method](`${PREFIX}${path}`).set('Authorization', `Bearer ${token}`).send(body as object);
  const screened = (id: string, count = 1) =>
    eventually(async () => {
      const { body } = await get(`/business/${id}/watchlist`).expect(200);
      return body.data.screening && (await t.db('integration.watchlist_screenings').where({ business_id: id })).length >= count ? body.data : undefined;
    });

  it('answers a business before its first screening with no screening and no hits', async () => {
    const { body } = await get(`/business/${businessId}/watchlist`).expect(200);
    expect(body).toEqual({ status: 'success', message: 'Watchlist screening fetched successfully', data: { business_id: businessId, screening: null, hits: [] } });
  });

  it("screens the business's names on the sandbox and answers the screening and each hit with the list, entry, score and why", async () => {
    await screenings.add({ customerId, businessIds: [businessId], trigger: 'added' }, { jobId: randomUUID() });
    const data = await screened(businessId);
    expect(data.screening).toMatchObject({ business_id: businessId, trigger: 'added', status: 'COMPLETED', matcher: 'sandbox', threshold: 0.85, subject_count: 3, hit_count: 1, new_hit_count: 1 });
    expect(data.hits).toEqual([
      expect.objectContaining({
        business_id: businessId,
        subject: { role: 'legal_name', ref_id: businessId, name: 'Sanctioned Harbor Imports LLC' },
        list: 'sandbox',
        list_version: 'sandbox-1',
        entry: { id: expect.stringMatching(/^SBX-E-/), name: 'SANCTIONED HARBOR IMPORTS LLC', type: 'entity', programs: ['SANDBOX'] },
        score: 1,
        status: 'OPEN',
        is_listed: true,
        review: null,
        reason: expect.stringContaining("the word 'Sanctioned'"),
      }),
    ]);
    const list = await get(`/customers/${customerId}/watchlist-hits`).expect(200);
    expect(list.body).toMatchObject({ message: 'Watchlist hits retrieved successfully', data: { total_items: '1', total_pages: 1 } });
    expect(list.body.data.records.map((h: { id: string }) => h.id)).toEqual(data.hits.map((h: { id: string }) => h.id));
  });

  it("refuses another tenant's caller on the business and the customer's routes and on another customer's hit (not found to the admin)", async () => {
    const [hit] = (await get(`/business/${businessId}/watchlist`).expect(200)).body.data.hits;
    expect((await get(`/business/${businessId}/watchlist`, stranger)).status).toBe(403);
    expect((await get(`/customers/${customerId}/watchlist-hits`, stranger)).status).toBe(403);
    expect((await send('patch', `/customers/${customerId}/watchlist-hits/${hit.id}`, { status: 'DISMISSED', note: 'not them' }, stranger)).status).toBe(403);
    const otherCustomer = randomUUID();
    await t.customer(otherCustomer);
    const theirs = t.keys.tokenFor({ role: 'CUSTOMER', customerId: otherCustomer, subrole: 'owner' });
    // To a tenant's caller another's hit is refused like any id it cannot see; the platform admin is told it is not found.
    expect((await send('patch', `/customers/${otherCustomer}/watchlist-hits/${hit.id}`, { status: 'DISMISSED', note: 'not them' }, theirs)).status).toBe(403);
    const res = await send('patch', `/customers/${otherCustomer}/watchlist-hits/${hit.id}`, { status: 'DISMISSED', note: 'not them' }, admin).expect(404);
    expect(res.body).toMatchObject({ status: 'fail', message: 'Watchlist hit not found', data: { errorName: 'WatchlistHitNotFoundError' } });
    expect((await get(`/business/${randomUUID()}/watchlist`, admin)).status).toBe(404);
  });

  it('reviews a hit with a note (audited, without the note), and a dismissed hit leaves the list of hits to act on and does not come back', async () => {
    const [hit] = (await get(`/business/${businessId}/watchlist`).expect(200)).body.data.hits;
    expect((await send('patch', `/customers/${customerId}/watchlist-hits/${hit.id}`, { status: 'OPEN', note: 'x' })).status).toBe(400);
    expect((await send('patch', `/customers/${customerId}/watchlist-hits/${hit.id}`, { status: 'DISMISSED' })).status).toBe(400);
    expect((await send('patch', `/customers/${customerId}/watchlist-hits/${hit.id}`, { status: 'DISMISSED', note: '   ' })).status).toBe(400);
    const res = await send('patch', `/customers/${customerId}/watchlist-hits/${hit.id}`, { status: 'DISMISSED', note: 'A fixture name: the sandbox word, not a listed party.' }).expect(200);
    expect(res.body).toMatchObject({
      message: 'Watchlist hit reviewed successfully',
      data: { id: hit.id, status: 'DISMISSED', review: { note: 'A fixture name: the sandbox word, not a listed party.', reviewed_by: ownerUser, reviewed_at: expect.any(String) } },
    });
    const audited = await eventually(async () => (await t.auditEntries()).find((e) => e.action === 'watchlist.hit_reviewed'));
    expect(audited).toMatchObject({ actor_id: ownerUser, target_type: 'watchlist_hit', target_id: hit.id, details: { business_id: businessId, list: 'sandbox', from: 'OPEN', to: 'DISMISSED' } });
    expect(JSON.stringify(audited)).not.toContain('fixture name');

    expect((await get(`/customers/${customerId}/watchlist-hits`).expect(200)).body.data.total_items).toBe('0');
    expect((await get(`/customers/${customerId}/watchlist-hits?filter[status]=DISMISSED`).expect(200)).body.data.records.map((h: { id: string }) => h.id)).toEqual([hit.id]);
    await screenings.add({ customerId, businessIds: [businessId], trigger: 'refresh' }, { jobId: randomUUID() });
    const again = await screened(businessId, 2);
    expect([again.screening.trigger, again.screening.new_hit_count, again.hits.map((h: { id: string; status: string }) => [h.id, h.status])]).toEqual(['refresh', 0, [[hit.id, 'DISMISSED']]]);
  });

  it('keeps the threshold per tenant: the default until set, 0.5..1, audited', async () => {
    expect((await get(`/customers/${customerId}/watchlist-settings`).expect(200)).body.data).toEqual({ customer_id: customerId, threshold: 0.85, default_threshold: 0.85, updated_at: null });
    expect((await send('put', `/customers/${customerId}/watchlist-settings`, { threshold: 0.3 })).status).toBe(400);
    expect((await send('put', `/customers/${customerId}/watchlist-settings`, { threshold: '0.9' })).status).toBe(400);
    const saved = await send('put', `/customers/${customerId}/watchlist-settings`, { threshold: 0.92 }).expect(200);
    expect(saved.body).toMatchObject({ message: 'Watchlist settings saved successfully', data: { threshold: 0.92, default_threshold: 0.85, updated_at: expect.any(String) } });
    expect((await get(`/customers/${customerId}/watchlist-settings`, admin).expect(200)).body.data.threshold).toBe(0.92);
    expect((await get(`/customers/${randomUUID()}/watchlist-settings`, admin)).status).toBe(404);
    await eventually(async () => (await t.auditEntries()).find((e) => e.action === 'watchlist.settings_updated'));
  });

  it('screens every monitored business against a list version once it is current, and only the monitored ones', async () => {
    const monitored = randomUUID();
    const unmonitored = randomUUID();
    const tenant = randomUUID();
    await t.customer(tenant);
    await t.business({ id: monitored, customerId: tenant, name: 'Quiet Meadow Bakery', isMonitoringEnabled: true, owners: [{ firstName: 'Reza', lastName: 'Taheri', dateOfBirth: '1963-02-01', country: 'Iran' }] });
    await t.business({ id: unmonitored, customerId: tenant, name: 'Silk Corridor Trading LLC', isMonitoringEnabled: false });
    const upload = request(t.app).post(`${PREFIX}/admin/watchlists/ofac-sdn/versions`).set('Authorization', `Bearer ${admin}`);
    for (const name of SDN_CSV) upload.attach('files', fixture(name), name);
    await upload.expect(202);
    const found = await eventually(async () => {
      const hits = await t.db('integration.watchlist_hits').where({ business_id: monitored });
      return hits.length > 0 ? hits : undefined;
    }, 30_000);
    expect(found.map((h) => [h.subject_role, h.list, h.entry_id, h.status])).toEqual([['owner', 'ofac-sdn', '90017', 'OPEN']]);
    expect(await t.db('integration.watchlist_screenings').where({ business_id: monitored }).pluck('trigger')).toEqual(['list_version']);
    expect(await t.db('integration.watchlist_screenings').where({ business_id: unmonitored })).toEqual([]);
    const event = await t.db('integration.outbox_events').where({ type: 'watchlist.hit' }).whereRaw(`data->>'business_id' = ?`, [monitored]).first();
    expect(event.data).toMatchObject({ hit_id: found[0].id, list: 'ofac-sdn', entry_id: '90017', subject_role: 'owner' });
  });
});
