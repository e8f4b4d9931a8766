import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { createProcessGroup, eventually, dataOf, type Answer } from '@kyb/testing';
import { startMatrixSuite, type MatrixSuite } from '../tenant-matrix/matrix-suite';
import { routesOfDocument, type MatrixRoute, type OpenApiDocument } from '../tenant-matrix/route-access';
import { ROUTE_SAMPLES } from '../tenant-matrix/route-samples';
import { valuesInDatabase, valuesInDump, valuesInPdfs, valuesInRedis } from './find-values';

/*
 * Erasure as a client and an auditor see it (issue 41, docs/adr/0043), on the built suite: an
 * owner erased leaves no copy anywhere (the business's row, screening results, rendered PDFs,
 * kept answers, caches); a tenant erased leaves none of the values put in for it in a dump of the
 * database, every route that names it answers 410 CustomerErasedError (the ADMIN too), and nothing
 * of it runs any more.
 */
const GONE = {
  status: 'fail',
  message: 'This customer was erased: its data key was destroyed and its personal data deleted, so nothing of it can be read or done any more.',
  errorCode: 'GONE',
  data: { errorName: 'CustomerErasedError' },
};
const OWNER_ERASED_LOG = "The rendered PDF was deleted (or its rendering stopped) because an owner's personal data was erased; request a new report.";
const ERASED_REASON = 'The customer was erased.';

const word = () => randomBytes(5).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]);
const digits = (n: number) => Array.from({ length: n }, (_, i) => String(randomInt(i === 0 ? 1 : 0, 10))).join('');
const answerOf = (answer: Answer) => ({ status: answer.status, body: answer.body });

describe('erasure: an owner, then a whole tenant, leaves nothing of them anywhere', () => {
  const processes = createProcessGroup();
  let suite: MatrixSuite;
  let redis: Redis;
  const u = word();
  // Owner 1 is erased first; owner 2 stays until the tenant goes (it shows the search finds what is there).
  const first = { first: `Zephyrine${u}`, last: `Quillfeather${u}`, email: `zq.${u}@example.org`, ssn: digits(9), line1: `77 Wombatrow ${u}`, city: `Quokkaville${u}`, dob: '1961-07-14' };
  const second = { first: `Bartholomew${u}`, last: `Thistlewood${u}`, email: `bt.${u}@example.org`, ssn: digits(9), line1: `12 Emberlane ${u}`, city: `Fernhollow${u}`, dob: '1958-02-03' };
  const business = { name: `Terminated Quokkaworks ${u}`, dba: `Quokka Trading ${u}`, tin: digits(9), line1: `400 Marmalade Crescent ${u}`, website: `https://quokka-${u}.example.com` };
  const applicant = { first: `Clementine${u}`, last: `Ravensworth${u}`, email: `cr.${u}@example.org` };
  const user = { first: `Peregrine${u}`, last: `Oakhurst${u}`, email: `po.${u}@example.com` };
  const disguised = `9 Hidden Lane ${u}`;
  let businessId: string;
  let firstOwnerId: string;
  let masked: string[];

  const owner = () => suite.world.callers.owner.token;
  const admin = () => suite.world.callers.admin.token;
  const tenant = () => suite.world.ids.customerid;
  const valuesOf = (person: Record<string, string>) => Object.values(person);
  const slot = (n: number, p: typeof first) => ({
    [`owner${n}_first_name`]: p.first,
    [`owner${n}_last_name`]: p.last,
    [`owner${n}_email`]: p.email,
    [`owner${n}_ssn`]: p.ssn,
    [`owner${n}_dob`]: p.dob,
    [`owner${n}_address_line_1`]: p.line1,
    [`owner${n}_address_city`]: p.city,
    [`owner${n}_owner_type`]: n === 1 ? 'CONTROL' : 'BENEFICIARY',
    [`owner${n}_ownership_percentage`]: 50,
  });

  beforeAll(async () => {
    suite = await startMatrixSuite(processes);
    redis = new Redis(process.env.KYB_TEST_REDIS_URL as string);
    const { call } = suite;
    const added = dataOf<{ result: Record<string, { data_businesses: { id: string } }> }>(
      await call('post', `/case/api/v1/businesses/customers/${tenant()}`, {
        token: owner(),
        headers: { 'Idempotency-Key': randomUUID() },
        body: {
          name: business.name,
          dba1_name: business.dba,
          tin: business.tin,
          official_website: business.website,
          address_line_1: business.line1,
          address_city: 'Longwood',
          address_state: 'FL',
          address_postal_code: '32850',
          applicant_first_name: applicant.first,
          applicant_last_name: applicant.last,
          applicant_email: applicant.email,
          ...slot(1, first),
          ...slot(2, second),
        },
      }),
      'E12 of the subject business',
    );
    businessId = added.result['0'].data_businesses.id;
    const owners = (await suite.database.db('cases.owners').where({ business_id: businessId }).orderBy('position')) as Array<{ id: string; ssn_masked: string }>;
    firstOwnerId = owners[0].id;
    const stored = (await suite.database.db('cases.businesses').where({ id: businessId }).first()) as { tin_masked: string };
    masked = [stored.tin_masked, ...owners.map((o) => o.ssn_masked)];
    // A business whose name looks erased already: erasure compares every column, so its address goes too.
    dataOf(await call('post', `/case/api/v1/businesses/customers/${tenant()}`, { token: owner(), body: { name: '[erased]', address_line_1: disguised, address_city: 'Longwood', address_state: 'FL', address_postal_code: '32850' } }), 'E12 of a disguised business');
    dataOf(await call('post', `/auth/api/v1/customers/${tenant()}/users`, { token: admin(), body: { first_name: user.first, last_name: user.last, email: user.email, subrole_code: 'user' } }), 'user');

    // A screening that matches (the business name says "terminated"), so its principals hold the owners' names.
    dataOf(await call('post', `/integration/api/v1/verification/customers/${tenant()}/businesses/${businessId}/screening`, { token: owner(), body: {} }), 'E3');
    await eventually(async () => ((await call('get', `/integration/api/v1/verification/businesses/${businessId}/screening`, { token: owner() })).status === 200 ? true : undefined), 30_000);
    // A rendered report, which prints the owners; and the business's score, after its enrichment.
    const report = dataOf<{ report_id: string }>(await call('post', `/report/api/v1/reports/customers/${tenant()}/businesses/${businessId}`, { token: owner() }), 'E7').report_id;
    await eventually(async () => ((await call('get', `/report/api/v1/reports/${report}`, { token: owner() })).body.data?.status === 'COMPLETED' ? true : undefined), 30_000);
    await eventually(async () => ((await call('get', `/score/api/v1/score/business/${businessId}`, { token: owner(), query: '?status=SUCCESS' })).status === 200 ? true : undefined), 30_000);
  }, 180_000);

  afterAll(async () => {
    redis?.disconnect();
    await processes.stopAll();
    await suite?.database.destroy();
  });

  it('before any erasure, the search finds the values where they were put (the owners in the rows, the screening and the PDF)', async () => {
    const { db } = suite.database;
    const inRows = await valuesInDatabase(db, [first.first, second.email]);
    expect(inRows).toEqual(expect.arrayContaining([`cases.owners.first_name: ${first.first.toLowerCase()}`, `cases.owners.email: ${second.email}`]));
    expect(inRows.some((f) => f.startsWith('integration.screenings.result'))).toBe(true);
    expect(await valuesInPdfs(db, [first.last])).not.toEqual([]);
  });

  it("erasing an owner leaves none of its values in any column, PDF or Redis key; its screening reads [erased]; the business's report is deleted", async () => {
    const { call, database } = suite;
    // Work on the business in flight at the erasure, which read the owner: a screening and a render (with the file it wrote).
    const inFlight = { screening: randomUUID(), report: randomUUID() };
    const type = (await database.db('reports.report_types').first('id')) as { id: number };
    await database.db('integration.screenings').insert({ id: inFlight.screening, customer_id: tenant(), business_id: businessId, status: 'PROCESSING', icas: JSON.stringify(['1996']), provider: 'sandbox', requested_by: randomUUID() });
    await database.db('reports.reports').insert({ id: inFlight.report, report_type_id: type.id, customer_id: tenant(), business_id: businessId, status: 'IN_PROGRESS', lease_owner: randomUUID(), lease_expires_at: new Date(Date.now() + 60_000), created_by: randomUUID(), triggered_by: 'CUSTOMER', triggered_id: randomUUID() });
    await database.db('reports.report_files').insert({ path: `reports/${inFlight.report}.pdf`, content: Buffer.from(`%PDF ${first.last}`), content_type: 'application/pdf', byte_size: 10, sha256: 'x' });

    dataOf(await call('post', `/case/api/v1/businesses/${businessId}/owners/${firstOwnerId}/erase`, { token: owner() }), 'owner erasure');
    // What was in flight can no longer store what it read: the screening failed, the render's report failed and its file is gone.
    expect(await database.db('integration.screenings').where({ id: inFlight.screening }).first('status', 'failure_reason')).toEqual({
      status: 'FAILED',
      failure_reason: "An owner's personal data was erased while the screening ran; screen the business again.",
    });
    expect(await database.db('reports.reports').where({ id: inFlight.report }).first('status', 'log')).toEqual({ status: 'FAILED', log: OWNER_ERASED_LOG });
    expect(await database.db('reports.report_files').where({ path: `reports/${inFlight.report}.pdf` })).toEqual([]);
    const firstValues = [...valuesOf(first), masked[1]];

    expect(await valuesInDatabase(database.db, firstValues)).toEqual([]);
    expect(await valuesInPdfs(database.db, firstValues)).toEqual([]);
    expect(await valuesInRedis(redis, firstValues)).toEqual([]);
    // The other owner is where it was.
    expect(await valuesInDatabase(database.db, [second.last])).toEqual(expect.arrayContaining([`cases.owners.last_name: ${second.last.toLowerCase()}`]));

    const completed = (await database.db('integration.screenings').where({ business_id: businessId, status: 'COMPLETED' }).first('id')) as { id: string };
    const screening = await call('get', `/integration/api/v1/verification/businesses/${businessId}/screenings/${completed.id}`, { token: owner() });
    const principals = (screening.body.data as { matchData: { principals: Array<{ ownerId: string; firstName: string; lastName: string }> } }).matchData.principals;
    expect(principals.find((p) => p.ownerId === firstOwnerId)).toMatchObject({ firstName: '[erased]', lastName: '[erased]' });
    expect(principals.find((p) => p.ownerId !== firstOwnerId)).toMatchObject({ firstName: second.first, lastName: second.last });

    const reports = (await database.db('reports.reports').where({ business_id: businessId })) as Array<{ id: string; status: string; log: string; file_path: string | null }>;
    expect(reports.map((r) => ({ status: r.status, log: r.log, file_path: r.file_path }))).toEqual([
      { status: 'FAILED', log: OWNER_ERASED_LOG, file_path: null },
      { status: 'FAILED', log: OWNER_ERASED_LOG, file_path: null },
    ]);
    // A new report is rendered without the erased owner, with the other.
    const again = dataOf<{ report_id: string }>(await call('post', `/report/api/v1/reports/customers/${tenant()}/businesses/${businessId}`, { token: owner() }), 'E7 again').report_id;
    await eventually(async () => ((await call('get', `/report/api/v1/reports/${again}`, { token: owner() })).body.data?.status === 'COMPLETED' ? true : undefined), 30_000);
    expect(await valuesInPdfs(database.db, firstValues)).toEqual([]);
    expect(await valuesInPdfs(database.db, [second.last])).toHaveLength(1);
  }, 60_000);

  it('erasing the tenant: every route that names it answers 410 CustomerErasedError to the ADMIN; its users are signed out; another tenant is refused as before', async () => {
    const { call, world } = suite;
    // Work waiting when the tenant goes: it must end FAILED, not run.
    const pending = await pendingWork();
    dataOf(await call('post', `/auth/api/v1/customers/${tenant()}/erase`, { token: admin(), body: { confirm_customer_id: tenant() } }), 'tenant erasure');

    const routes: MatrixRoute[] = [];
    const failures: string[] = [];
    for (const url of suite.documents) routes.push(...routesOfDocument((await (await fetch(url)).json()) as OpenApiDocument));
    // The audit log and the erasure answer for an erased tenant (what erasure keeps, and a retry); a weighting config and a
    // sanctions list version are no tenant's; the signed file link is checked (and refused) before anything else.
    const answering = [
      /\/audit-events/,
      /\/customers\/\{customerID\}\/erase$/,
      /^GET \/score\/api\/v1\/weightage-configs\/\{configID\}$/,
      /\/admin\/watchlists\/\{list\}\//,
      /\/reports\/\{reportID\}\/file$/,
    ];
    const naming = routes.filter((r) => r.params.length > 0 && (!r.auth || r.roles.includes('ADMIN')) && !answering.some((pattern) => pattern.test(r.key)));
    for (const route of naming) {
      // The sample request of the tenant matrix: valid, so the schema (checked before the tenant) lets it through.
      const sample = ROUTE_SAMPLES[route.key];
      const ids = { ...world.ids, ...sample?.ids?.(world), ...sample?.fixed };
      const filled = route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => ids[name.toLowerCase()]);
      const answer = await call(route.method, filled, { token: route.auth ? admin() : undefined, body: sample?.body?.(world), query: sample?.query });
      if (JSON.stringify(answerOf(answer)) !== JSON.stringify({ status: 410, body: GONE })) failures.push(`${route.key}: ${answer.status} ${answer.text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(naming.length).toBeGreaterThan(40);

    // The invitation's link (public) answers 410 too; the applicant who onboarded with this tenant only was erased with it, and signed out.
    expect(answerOf(await call('get', `/case/api/v1/invitations/${world.ids.invitationid}`))).toEqual({ status: 410, body: GONE });
    expect((await call('get', `/case/api/v1/businesses/${world.ids.businessid}`, { token: world.callers.applicantInvited.token })).status).toBe(401);
    // The tenant's owner was signed out; tenant B's owner is refused as it always was, learning nothing.
    expect((await call('get', `/case/api/v1/businesses/${businessId}`, { token: owner() })).status).toBe(401);
    const foreign = await call('get', `/case/api/v1/businesses/${businessId}`, { token: world.callers.otherOwner.token });
    expect({ status: foreign.status, errorCode: foreign.body.errorCode, errorName: foreign.body.data?.errorName, message: foreign.body.message }).toEqual({
      status: 403,
      errorCode: 'UNAUTHORIZED',
      errorName: 'AccessMiddlewareError',
      message: 'You are not allowed to access the data.',
    });

    // Nothing of it runs: what was waiting ended FAILED with the reason; monitoring is off; its webhooks are gone.
    // The areas' rounds erase again what work in flight wrote: erasing again keeps all that as it is.
    const { db } = suite.database;
    await db.raw('select auth.erase_customer(?), cases.erase_customer(?), integration.erase_customer(?), scores.erase_customer(?), reports.erase_customer(?)', Array(5).fill(tenant()));
    expect(await db('integration.integration_tasks').where({ id: pending.task }).first('status', 'failure_reason')).toEqual({ status: 'FAILED', failure_reason: ERASED_REASON });
    expect(await db('integration.screenings').where({ id: pending.screening }).first('status', 'failure_reason')).toEqual({ status: 'FAILED', failure_reason: ERASED_REASON });
    expect(await db('scores.scores').where({ id: pending.score }).first('status', 'failure_reason')).toEqual({ status: 'FAILED', failure_reason: ERASED_REASON });
    expect(await db('reports.reports').where({ id: pending.report }).first('status', 'log')).toEqual({ status: 'FAILED', log: ERASED_REASON });
    expect(await db('cases.onboarding_runs').where({ id: pending.run }).first('status', 'failure_reason')).toEqual({ status: 'FAILED', failure_reason: ERASED_REASON });
    expect(await db('cases.businesses').where({ customer_id: tenant(), is_monitoring_enabled: true })).toEqual([]);
    expect(await db('integration.webhook_endpoints').where({ customer_id: tenant() })).toEqual([]);
    expect(await db('integration.webhook_deliveries').where({ customer_id: tenant() })).toEqual([]);
  }, 120_000);

  it('after the tenant is erased, a dump of the database and Redis hold none of the values put in for it, and its audit chain still verifies', async () => {
    const { database, call } = suite;
    const values = [...valuesOf(second), ...valuesOf(business), ...valuesOf(applicant), ...valuesOf(user), ...masked, disguised];
    // Work that was running when the tenant went may write once more: the areas' rounds erase that within seconds.
    await eventually(async () => ((await valuesInDump(database.url, values)).length === 0 ? true : undefined), 30_000).catch(async () => {
      throw new Error(`still held: ${[...(await valuesInDump(database.url, values)), ...(await valuesInDatabase(database.db, values))].join('; ')}`);
    });
    expect(await valuesInDatabase(database.db, values)).toEqual([]);
    expect(await valuesInPdfs(database.db, values)).toEqual([]);
    expect(await valuesInRedis(redis, values)).toEqual([]);
    const verdict = await call('get', `/auth/api/v1/customers/${tenant()}/audit-events/verify`, { token: admin() });
    expect(verdict.status).toBe(200);
    expect(verdict.body.data).toMatchObject({ valid: true });
    const erasedAct = await call('get', `/auth/api/v1/customers/${tenant()}/audit-events`, { token: admin(), query: '?filter[action]=customer.erased' });
    expect((erasedAct.body.data as { records: unknown[] }).records).toHaveLength(1);
  }, 60_000);

  /** A task, a screening, a score, a report and a run of the tenant, waiting (stored as their services store them, queued nowhere). */
  async function pendingWork() {
    const { db } = suite.database;
    const ids = { task: randomUUID(), screening: randomUUID(), score: randomUUID(), report: randomUUID(), run: randomUUID() };
    const customer_id = tenant();
    const business_id = businessId;
    await db('integration.integration_tasks').insert({ id: ids.task, business_id, customer_id, job_id: `erasure-${ids.task}`, kind: 'PUBLIC_RECORDS', status: 'PENDING', provider: 'sandbox' });
    await db('integration.screenings').insert({ id: ids.screening, customer_id, business_id, status: 'PENDING', icas: JSON.stringify(['1996']), provider: 'sandbox', requested_by: randomUUID() });
    const config = (await db('scores.weightage_configs').where({ is_active: true }).first('id')) as { id: string };
    await db('scores.scores').insert({ id: ids.score, business_id, customer_id, source_key: `erasure:${ids.score}`, trigger: 'ON_DEMAND', weightage_config_id: config.id, version: 'v', status: 'PROCESSING', year: 2026, month: 12 });
    const type = (await db('reports.report_types').first('id')) as { id: number };
    await db('reports.reports').insert({ id: ids.report, report_type_id: type.id, customer_id, business_id, status: 'REQUESTED', created_by: randomUUID(), triggered_by: 'CUSTOMER', triggered_id: randomUUID() });
    await db('cases.onboarding_runs').insert({ id: ids.run, customer_id, created_by: randomUUID(), row_count: 1, status: 'PENDING', rows_sealed: null });
    return ids;
  }
});
