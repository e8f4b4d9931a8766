/*
 * The seed is honest: on the built suite, businesses added through the API (with trigger words,
 * DBAs, owners with SSNs, monitoring, a report), then 200 more seeded by the built tool in the same
 * tenant. Every read of a seeded business (E9 with and without owners, E1, E11, E10, E6, the list
 * with each filter and the name search) answers what the read of the business it was copied from
 * answers, key by key, but for ids, times and what is the seeded business's own (its name and what
 * is made of it, its external id, masked TIN and SSNs); its TIN opens with the tenant's data key.
 * Dates a provider gave (a filing's) are compared as they are; only the suite's own times are not.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { createDataKeys } from '@kyb/area-views';
import { createDatabase } from '@kyb/db';
import { createMasterKeyring } from '@kyb/secrets';
import { addBusinesses, businessRow, liftOnboardingLimit, reportStatus, requestReport, scoreStatus, signIn, until, type Caller } from '../api-client';
import type { RunningSuite } from '../suite-runner';
import type { BenchWorld, MailSink } from '../world';

const ROOT = join(__dirname, '../../..');
const TOOL = join(ROOT, 'dist/bench/seed-scale/main.js');
const SEEDED = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const MASKED = /^X+[0-9A-Z]{4}$/;

/** The rows added through the API (the bench's own business, api-client.ts): the sandbox's trigger words, DBAs, owners with and without SSNs, monitoring on and off, with and without TIN and external id. */
const ADDED = [
  { name: 'Honest Liens Judgement Supply', is_monitoring_enabled: true, dba1_name: 'Honest Supply' },
  { name: 'Honest Bankrupt Goods', tin: '123456782' },
  { name: 'Honest Clean Bakery', tin: '12-3456783', external_id: undefined, official_website: 'https://bakery.example.com' },
  { name: 'Honest Dental Care', tin: undefined, is_monitoring_enabled: true },
].map((row, n) => ({
  ...businessRow('honest', n),
  ...row,
  owner1_ownership_percentage: 60,
  owner1_ssn: `123-45-678${n}`,
  owner1_dob: '1980-01-02',
  owner2_first_name: 'Bob',
  owner2_last_name: 'Kim',
  owner2_owner_type: 'BENEFICIARY',
  owner2_ownership_percentage: 40,
}));

const slug = (name: string) => `https://www.${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')}.com`;

/** The suite's own times (`created_at`, `fetchedAt`): what a provider said (a filing's date) is compared as it is. */
const WRITE_TIME = /(_at|At)$/;

/** An answer with what is the seeded business's own turned into its template's, and ids, the suite's times and masks into placeholders. */
function normalised(value: unknown, own: Array<[string, string]>, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => normalised(v, own, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalised(v, own, k)]));
  if (typeof value !== 'string') return value;
  if (UUID.test(value)) return '<id>';
  if (TIME.test(value) && WRITE_TIME.test(key)) return '<time>';
  if (MASKED.test(value)) return '<masked>';
  return own.reduce((text, [seeded, template]) => text.split(seeded).join(template), value);
}

describe('npm run seed:scale', () => {
  let world: BenchWorld;
  let sink: MailSink;
  let suite: RunningSuite;
  let owner: Caller;
  let db: Client;
  const added = new Map<string, string>();
  let reportId = '';
  let toolOutput = '';

  const get = async (path: string) => {
    const res = await fetch(`${owner.base}${path}`, { headers: { authorization: `Bearer ${owner.token}` } });
    return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
  };

  beforeAll(async () => {
    process.env.BENCH_POSTGRES_URL = process.env.KYB_TEST_POSTGRES_URL;
    process.env.BENCH_REDIS_URL = process.env.KYB_TEST_REDIS_URL;
    // world.ts reads where PostgreSQL and Redis are when it loads: after the lines above.
    const worlds = await import('../world');
    const { startSuite } = await import('../suite-runner');
    world = worlds.createWorld();
    sink = await worlds.startMailSink();
    suite = await startSuite(world, 'all', sink.port, world.stateDir, { name: 'suite-seed-scale' });
    const admin = await signIn(suite.base, '/admin/sign-in', 'admin@example.com', world.adminPassword);
    owner = await signIn(suite.base, '/customer/sign-in', 'demo.owner@example.com', world.demoPassword);
    await liftOnboardingLimit(admin, owner.customerId);
    const ids = await addBusinesses(owner, ADDED);
    ids.forEach((id, n) => added.set(ADDED[n].name, id));
    for (const id of ids) await until(`${id} scored`, async () => (await scoreStatus(owner, id)) === 'SUCCESS', 60_000, 50);
    reportId = await requestReport(owner, ids[0]);
    await until('the report', async () => (await reportStatus(owner, reportId)) === 'COMPLETED', 60_000, 50);
    db = new Client({ connectionString: world.databaseUrl });
    await db.connect();
    const tool = spawn(process.execPath, [TOOL, '--businesses', String(SEEDED), '--database-url', world.databaseUrl, '--customer', owner.customerId, '--batch', '64'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATA_ENCRYPTION_KEY: world.dataEncryptionKey },
    });
    tool.stdout.on('data', (chunk: Buffer) => (toolOutput += chunk.toString()));
    tool.stderr.on('data', (chunk: Buffer) => (toolOutput += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => tool.on('exit', resolve));
    expect({ code, toolOutput: code === 0 ? '' : toolOutput }).toEqual({ code: 0, toolOutput: '' });
  }, 240_000);

  afterAll(async () => {
    await db?.end();
    await suite?.process.stop();
    await sink?.close();
    if (world) await (await import('../world')).removeWorld(world);
  });

  /** The seeded copies of an added business: id, name and external id. */
  async function copiesOf(name: string): Promise<Array<{ id: string; name: string; external_id: string | null }>> {
    const { rows } = await db.query(`select id, name, external_id from cases.businesses where customer_id = $1 and name ~ ('^' || $2 || ' [0-9]+$') order by name`, [owner.customerId, name]);
    return rows;
  }

  it('says what it made and how long it took', async () => {
    expect(toolOutput).toMatch(new RegExp(`now has ${ADDED.length + SEEDED} businesses`));
    expect(toolOutput).toMatch(new RegExp(`added ${SEEDED} businesses, copied from ${ADDED.length}, in \\d+\\.\\d s`));
    // Its two jobs' rows are all counted (the copies' owners: two each).
    expect(toolOutput).toMatch(new RegExp(`rows written: cases\\.businesses ${SEEDED}, cases\\.business_names \\d+, cases\\.business_addresses ${SEEDED}, cases\\.owners ${2 * SEEDED},`));
    const { rows } = await db.query('select count(*)::int as n from cases.businesses where customer_id = $1', [owner.customerId]);
    expect(rows[0].n).toBe(ADDED.length + SEEDED);
  });

  it.each(ADDED.map((row) => row.name))('the reads of a copy of %s answer as the reads of the business added through the API', async (name) => {
    const templateId = added.get(name) as string;
    const copies = await copiesOf(name);
    expect(copies).toHaveLength(SEEDED / ADDED.length);
    const template = ADDED.find((row) => row.name === name) as Record<string, unknown>;
    for (const copy of [copies[0], copies[copies.length - 1]]) {
      const own: Array<[string, string]> = [
        [slug(copy.name), slug(name)],
        [copy.name, name],
        ...(copy.external_id ? [[copy.external_id, template.external_id as string] as [string, string]] : []),
      ];
      for (const path of [
        (id: string) => `/case/api/v1/businesses/${id}`,
        (id: string) => `/case/api/v1/businesses/${id}?fetch_owner_details=true`,
        (id: string) => `/integration/api/v1/business/${id}/public-records`,
        (id: string) => `/integration/api/v1/facts/business/${id}/bjl`,
        (id: string) => `/score/api/v1/score/business/${id}`,
      ]) {
        const [seeded, original] = [await get(path(copy.id)), await get(path(templateId))];
        expect({ path: path(':id'), status: seeded.status }).toEqual({ path: path(':id'), status: 200 });
        expect(normalised(seeded.body, own)).toEqual(normalised(original.body, []));
      }
      const list = await get(`/case/api/v1/customers/${owner.customerId}/businesses?search[name]=${encodeURIComponent(copy.name)}`);
      const listed = (list.body.data.records as Array<{ id: string }>).find((r) => r.id === copy.id);
      const page = await get(`/case/api/v1/customers/${owner.customerId}/businesses?search[name]=${encodeURIComponent(name)}&items_per_page=100`);
      const originalListed = (page.body.data.records as Array<{ id: string }>).find((r) => r.id === templateId);
      expect(normalised(listed, own)).toEqual(normalised(originalListed, []));
      expect(page.body.data.total_items).toBe(String(1 + copies.length));
    }
  });

  it("seals each copy's TIN and SSNs with the tenant's data key, as the case area does", async () => {
    const [copy] = await copiesOf('Honest Bankrupt Goods');
    const { rows } = await db.query(
      `select b.tin_sealed, b.tin_masked, o.ssn_sealed, o.ssn_masked from cases.businesses b join cases.owners o on o.business_id = b.id and o.position = 0 where b.id = $1`,
      [copy.id],
    );
    const knex = createDatabase({ url: world.databaseUrl, applicationName: 'seed-scale-test', pool: { max: 1 }, statementCache: false });
    try {
      const keys = createDataKeys(knex, createMasterKeyring(Buffer.from(world.dataEncryptionKey, 'hex')));
      const [tin, ssn] = [await keys.open(rows[0].tin_sealed), await keys.open(rows[0].ssn_sealed)];
      expect([tin, ssn].map((value) => `XXXXX${value.slice(-4)}`)).toEqual([rows[0].tin_masked, rows[0].ssn_masked]);
      expect([tin, ssn]).toEqual([expect.stringMatching(/^\d{9}$/), expect.stringMatching(/^\d{9}$/)]);
      // Its own, not the template's.
      expect(tin).not.toBe('123456782');
    } finally {
      await knex.destroy();
    }
  });

  it("gives a copy of a business with a report its own report, read as the original's (E6)", async () => {
    const [copy] = await copiesOf(ADDED[0].name);
    const { rows } = await db.query('select id from reports.reports where business_id = $1', [copy.id]);
    expect(rows).toHaveLength(1);
    const [seeded, original] = [await get(`/report/api/v1/reports/${rows[0].id}`), await get(`/report/api/v1/reports/${reportId}`)];
    expect(seeded.status).toBe(200);
    expect(normalised(seeded.body, [[copy.name, ADDED[0].name]])).toEqual(normalised(original.body, []));
  });

  it('counts the copies in every filter of the list as their originals', async () => {
    const total = async (query: string) => (await get(`/case/api/v1/customers/${owner.customerId}/businesses?${query}`)).body.data.total_items;
    const perTemplate = 1 + SEEDED / ADDED.length;
    const monitored = ADDED.filter((row) => row.is_monitoring_enabled).length;
    expect(await total('filter[is_monitoring_enabled]=true')).toBe(String(monitored * perTemplate));
    const verified = Number(await total('filter[status]=VERIFIED'));
    expect(verified % perTemplate).toBe(0);
    expect(await total('filter[external_id]=bench-honest-1')).toBe('1');
    expect(await total('')).toBe(String(ADDED.length * perTemplate));
  });
});
