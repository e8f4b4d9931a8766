import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventually } from '@kyb/testing';
import { startIntegrationTestApp, type IntegrationTestApp } from '../../test-support/integration-test-app';
import { fixture, linesOf, csvOf } from '../ofac/ofac-fixtures';
import { OFAC_READERS } from '../ofac/ofac-readers';

const PREFIX = '/integration/api/v1';
const SDN_CSV = ['sdn.csv', 'add.csv', 'alt.csv', 'sdn_comments.csv'];

/* The platform admin loads sanctions list versions from OFAC's official files: a job reads them, one version per list is current. */
describe('sanctions list versions, uploaded by the platform admin and loaded by a job', () => {
  let t: IntegrationTestApp;
  let admin: string;
  const adminId = randomUUID();
  let sdnEntries: number;

  beforeAll(async () => {
    t = await startIntegrationTestApp();
    admin = t.keys.tokenFor({ role: 'ADMIN', userId: adminId });
    sdnEntries = (await OFAC_READERS.csv('ofac-sdn', SDN_CSV.map((name) => ({ name, content: fixture(name) })), () => undefined)).entries.length;
  });
  afterAll(() => t.close());

  const upload = (list: string, files: Array<{ name: string; content: Buffer }>, token = admin) => {
    const req = request(t.app).post(`${PREFIX}/admin/watchlists/${list}/versions`).set('Authorization', `Bearer ${token}`);
    for (const file of files) req.attach('files', file.content, file.name);
    return req;
  };
  const versionOf = (list: string, id: string) => request(t.app).get(`${PREFIX}/admin/watchlists/${list}/versions/${id}`).set('Authorization', `Bearer ${admin}`);
  const ended = (list: string, id: string) =>
    eventually(async () => {
      const { body } = await versionOf(list, id).expect(200);
      return body.data.status === 'LOADING' ? undefined : body.data;
    });
  const sdnCsv = () => SDN_CSV.map((name) => ({ name, content: fixture(name) }));

  it('queues a new version (202, LOADING), reads it to READY and current, audits the upload and drops the uploaded files', async () => {
    const res = await upload('ofac-sdn', sdnCsv()).expect(202);
    expect(res.body).toMatchObject({ status: 'success', message: 'Watchlist version queued for loading', data: { loaded: true, version: { list: 'ofac-sdn', status: 'LOADING', layout: 'csv', loaded_by: adminId } } });
    expect(res.body.data.version.files.map((f: { name: string }) => f.name).sort()).toEqual([...SDN_CSV].sort());
    const version = await ended('ofac-sdn', res.body.data.version.id);
    expect(version).toMatchObject({ status: 'READY', is_current: true, entry_count: sdnEntries, entries_read: sdnEntries, published_at: null, failure_reason: null });
    expect(sdnEntries).toBeGreaterThan(10);
    expect(Number((await t.db('integration.watchlist_entries').where({ version_id: version.id }).count({ n: '*' }))[0].n)).toBe(sdnEntries);
    expect(await t.db('integration.watchlist_uploads').where({ version_id: version.id })).toEqual([]);
    const audited = await eventually(async () => (await t.auditEntries()).find((e) => e.action === 'watchlist.version_uploaded'));
    expect(audited).toMatchObject({ actor_id: adminId, target_type: 'watchlist_version', target_id: version.id });
  });

  it('answers the same files again (in another order, names in another case) with the version they made: 200, nothing changes', async () => {
    const first = (await upload('ofac-sdn', sdnCsv()).expect((r) => expect([200, 202]).toContain(r.status))).body.data.version;
    await ended('ofac-sdn', first.id);
    const versionsBefore = await t.db('integration.watchlist_versions').where({ list: 'ofac-sdn' }).count({ n: '*' });
    const again = await upload('ofac-sdn', sdnCsv().reverse().map((f) => ({ ...f, name: f.name.toUpperCase() }))).expect(200);
    expect(again.body).toMatchObject({ message: 'These files were loaded before: nothing changed', data: { loaded: false, version: { id: first.id, status: 'READY', is_current: true } } });
    expect(await t.db('integration.watchlist_versions').where({ list: 'ofac-sdn' }).count({ n: '*' })).toEqual(versionsBefore);
  });

  it('makes a newer version current and keeps the previous one, listed newest first', async () => {
    const before = (await upload('ofac-sdn', sdnCsv()).expect((r) => expect([200, 202]).toContain(r.status))).body.data.version;
    await ended('ofac-sdn', before.id);
    const xml = await upload('ofac-sdn', [{ name: 'SDN_ADVANCED.XML', content: fixture('SDN_ADVANCED.XML') }]).expect(202);
    const newer = await ended('ofac-sdn', xml.body.data.version.id);
    expect(newer).toMatchObject({ status: 'READY', is_current: true, layout: 'advanced-xml', published_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect((await versionOf('ofac-sdn', before.id).expect(200)).body.data.is_current).toBe(false);
    const list = await request(t.app).get(`${PREFIX}/admin/watchlists/ofac-sdn/versions`).set('Authorization', `Bearer ${admin}`).expect(200);
    expect(list.body.message).toBe('Watchlist versions fetched successfully');
    expect(list.body.data).toMatchObject({ total_pages: 1, total_items: String(list.body.data.records.length) });
    expect(list.body.data.records[0].id).toBe(newer.id);
    expect(list.body.data.records.filter((v: { is_current: boolean }) => v.is_current).map((v: { id: string }) => v.id)).toEqual([newer.id]);
    const oldest = await request(t.app).get(`${PREFIX}/admin/watchlists/ofac-sdn/versions?sort[created_at]=asc&items_per_page=1`).set('Authorization', `Bearer ${admin}`).expect(200);
    expect(oldest.body.data.records.map((v: { id: string }) => v.id)).toEqual([list.body.data.records.at(-1).id]);
  });

  it('ends a version with a malformed file FAILED with the file, the line and the reason, and the current version stays current', async () => {
    await loadConsolidated();
    const current = await t.db('integration.watchlist_versions').where({ list: 'ofac-consolidated', is_current: true }).first();
    const lines = linesOf(fixture('cons_prim.csv'));
    const broken = csvOf([...lines.slice(0, 2), lines[2].replace(/^(\d+),/, 'X$1,'), ...lines.slice(3)]);
    const res = await upload('ofac-consolidated', [{ name: 'cons_prim.csv', content: broken }]).expect(202);
    const failed = await ended('ofac-consolidated', res.body.data.version.id);
    expect(failed).toMatchObject({ status: 'FAILED', is_current: false, entry_count: null, failure_reason: expect.stringMatching(/^The list was not loaded: cons_prim\.csv, line 3: /) });
    expect((await t.db('integration.watchlist_versions').where({ list: 'ofac-consolidated', is_current: true }).first()).id).toBe(current.id);
    expect(await t.db('integration.watchlist_entries').where({ version_id: failed.id })).toEqual([]);
  });

  async function loadConsolidated() {
    const files = ['cons_prim.csv', 'cons_add.csv', 'cons_alt.csv', 'cons_comments.csv'].map((name) => ({ name, content: fixture(name) }));
    const res = await upload('ofac-consolidated', files).expect((r) => expect([200, 202]).toContain(r.status));
    await ended('ofac-consolidated', res.body.data.version.id);
  }

  it('refuses files that make no layout of the list with 400 WatchlistFilesError, storing nothing', async () => {
    const before = await t.db('integration.watchlist_versions').count({ n: '*' });
    const res = await upload('ofac-consolidated', [{ name: 'sdn.csv', content: fixture('sdn.csv') }]).expect(400);
    expect(res.body).toEqual({ status: 'fail', message: expect.stringContaining('sdn.csv is not a file of ofac-consolidated'), errorCode: 'INVALID', data: { errorName: 'WatchlistFilesError' } });
    expect((await upload('ofac-sdn', [{ name: 'add.csv', content: fixture('add.csv') }]).expect(400)).body.message).toBe('sdn.csv, the primary file of ofac-sdn, is missing.');
    expect(await t.db('integration.watchlist_versions').count({ n: '*' })).toEqual(before);
  });

  it('answers a body that is not multipart 415, an unknown list 400, and an unknown version 404', async () => {
    const json = await request(t.app).post(`${PREFIX}/admin/watchlists/ofac-sdn/versions`).set('Authorization', `Bearer ${admin}`).send({ files: [] }).expect(415);
    expect(json.body).toMatchObject({ status: 'fail', errorCode: 'INVALID', data: { errorName: 'UnsupportedMediaTypeError' } });
    expect((await upload('un-sc', sdnCsv()).expect(400)).body.data.errorName).toBe('ValidationMiddlewareError');
    const missing = await versionOf('ofac-sdn', randomUUID()).expect(404);
    expect(missing.body).toEqual({ status: 'fail', message: 'Watchlist version not found', errorCode: 'NOT_FOUND', data: { errorName: 'WatchlistVersionNotFoundError' } });
  });

  it("lets only the platform admin load or read lists: a tenant's owner gets 401 Role Not Allowed, before the body is read", async () => {
    const owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID(), subrole: 'owner' });
    const refused = { status: 'fail', message: 'Role Not Allowed', errorCode: 'UNAUTHORIZED', data: { errorName: 'RoleMiddlewareError' } };
    expect((await upload('ofac-sdn', sdnCsv(), owner).expect(401)).body).toEqual(refused);
    expect((await request(t.app).get(`${PREFIX}/admin/watchlists/ofac-sdn/versions`).set('Authorization', `Bearer ${owner}`).expect(401)).body).toEqual(refused);
    expect((await request(t.app).get(`${PREFIX}/admin/watchlists/ofac-sdn/versions`).expect(401)).body.errorCode).toBe('UNAUTHENTICATED');
  });
});
