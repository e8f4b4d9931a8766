import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mailsInLog } from '@kyb/mail';
import { createProcessGroup, createTestDatabase, eventually, freePort, type TestDatabase } from '@kyb/testing';

/*
 * What `npm start` runs: the built suite (this project's test target builds it first), on a
 * database of its own and a queue prefix of its own (so a suite running beside the tests never
 * takes these jobs). It must migrate, bootstrap, seed, print working demo credentials, serve
 * sign-in, and stop cleanly on Ctrl-C (SIGINT). Every process started here is stopped after the
 * tests, also when an assertion failed.
 */
const MAIN = join(__dirname, '../../../dist/apps/suite/main.js');

describe('npm start (the built suite)', () => {
  const processes = createProcessGroup();
  const queuePrefix = `kyb-suite-test-${randomBytes(4).toString('hex')}`;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await processes.stopAll();
    await database.destroy();
  });

  it('migrates, seeds, prints demo credentials that sign in, and stops cleanly on SIGINT', async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    const suite = processes.start(MAIN, {
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      DATABASE_URL: database.url,
      REDIS_URL: process.env.KYB_TEST_REDIS_URL,
      QUEUE_PREFIX: queuePrefix,
      SUITE_STATE_DIR: mkdtempSync(join(tmpdir(), 'kyb-suite-')),
      // info: without SMTP_URL, mail (the applicant's code) is written to the log at info, where the test reads it.
      LOG_LEVEL: 'info',
      SCREENING_SANDBOX_DELAY_MS: '100',
    });
    const output = await suite.waitFor(/Press Ctrl-C to stop/);
    const [, email, password] = /demo owner\s+(\S+) \/ (\S+)/.exec(output) ?? [];
    expect(email).toBe('demo.owner@example.com');

    const base = `http://127.0.0.1:${port}`;
    const signIn = await fetch(`${base}/auth/api/v1/customer/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(200);
    const body = (await signIn.json()) as { data: { data: { id_token: string; customer_details: { id: string; name: string } } } };
    expect(body.data.data.customer_details.name).toBe('Demo Lending Co');

    const users = await fetch(`${base}/auth/api/v1/customers/${body.data.data.customer_details.id}/users`, {
      headers: { authorization: `Bearer ${body.data.data.id_token}` },
    });
    expect(users.status).toBe(200);
    expect(((await users.json()) as { data: { total_items: string } }).data.total_items).toBe('1');

    // The case area verifies the auth area's tokens, with the keys the auth area reads in this process.
    const businesses = await fetch(`${base}/case/api/v1/customers/${body.data.data.customer_details.id}/businesses`, {
      headers: { authorization: `Bearer ${body.data.data.id_token}` },
    });
    expect(businesses.status).toBe(200);
    expect(((await businesses.json()) as { data: { total_items: string } }).data.total_items).toBe('0');

    // E12 reads the demo customer's switch and limit through the auth area's directory view.
    const added = await fetch(`${base}/case/api/v1/businesses/customers/${body.data.data.customer_details.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${body.data.data.id_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Suite Dental', tin: '123456789' }),
    });
    expect(added.status).toBe(200);
    const businessId = ((await added.json()) as { data: { result: Record<string, { data_businesses: { id: string } }> } }).data.result['0'].data_businesses.id;
    const read = await fetch(`${base}/case/api/v1/businesses/${businessId}`, { headers: { authorization: `Bearer ${body.data.data.id_token}` } });
    expect(((await read.json()) as { data: { tin: string } }).data.tin).toBe('XXXXX6789');

    // The integration worker consumes the enrichment job E12 queued: public records (E1) and facts (E11) appear.
    const bearer = { authorization: `Bearer ${body.data.data.id_token}` };
    const records = await eventually(async () => {
      const res = await fetch(`${base}/integration/api/v1/business/${businessId}/public-records`, { headers: bearer });
      return res.status === 200 ? ((await res.json()) as { data: { public_records: { number_of_business_liens: string } } }) : undefined;
    });
    expect(records.data.public_records.number_of_business_liens).toBe('0');
    const facts = await fetch(`${base}/integration/api/v1/facts/business/${businessId}/bjl`, { headers: bearer });
    expect(((await facts.json()) as { data: { num_liens: { value: number } } }).data.num_liens.value).toBe(0);

    // Enrichment verified and classified it (issue 13): E9 joins the integration area's views.
    const verified = (await (await fetch(`${base}/case/api/v1/businesses/${businessId}`, { headers: bearer })).json()) as {
      data: { status: string; naics_code: string; naics_title: string; mcc_code: string; industry: { id: string; sector_code: string } };
    };
    expect(verified.data).toMatchObject({ status: 'VERIFIED', naics_code: '621210', naics_title: 'Offices of Dentists', mcc_code: '8021' });
    expect(verified.data.industry).toMatchObject({ id: '16', sector_code: '62' });
    const verification = await fetch(`${base}/integration/api/v1/business/${businessId}/verification`, { headers: bearer });
    const checks = ((await verification.json()) as { data: { checks: Array<{ code: string; result: string }> } }).data.checks;
    expect(checks.map((c) => c.code)).toEqual(['TIN_MATCH', 'SOS_FILING', 'ADDRESS', 'OFFICERS', 'SANCTIONS']);
    expect(checks.slice(0, 2).map((c) => c.result)).toEqual(['PASS', 'PASS']);

    // The score worker scores the business once its enrichment completed: E10 reads it (status=SUCCESS: the last successful one).
    const score = await eventually(async () => {
      const res = await fetch(`${base}/score/api/v1/score/business/${businessId}?status=SUCCESS`, { headers: bearer });
      return res.status === 200 ? ((await res.json()) as { data: { status: string; version: string; weighted_score_850: string } }) : undefined;
    });
    expect(score.data).toMatchObject({ status: 'SUCCESS', version: '2.2' });
    expect(Number(score.data.weighted_score_850)).toBeGreaterThanOrEqual(300);

    // A 360 report: requested (E7), rendered by the report worker, downloaded as a PDF through its signed URL.
    const customer = body.data.data.customer_details.id;
    const requested = await fetch(`${base}/report/api/v1/reports/customers/${customer}/businesses/${businessId}`, { method: 'POST', headers: bearer });
    const reportId = ((await requested.json()) as { data: { report_id: string } }).data.report_id;
    const ready = await eventually(async () => {
      const res = await fetch(`${base}/report/api/v1/reports/${reportId}/download`, { method: 'POST', headers: bearer });
      const answer = (await res.json()) as { data: { status: string; pdf_url: string | null } };
      return answer.data.pdf_url ? answer.data : undefined;
    });
    expect(ready.status).toBe('COMPLETED');
    const pdf = await fetch(ready.pdf_url as string);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    // The owner stores screening credentials, runs a screening, and the worker's result becomes readable.
    const customerId = body.data.data.customer_details.id;
    const json = { ...bearer, 'content-type': 'application/json' };
    const privateKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' });
    const stored = await fetch(`${base}/integration/api/v1/screening/${customerId}/credentials`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ consumer_key: 'suite-consumer-key', private_key: privateKey, certificate_expiry: '2099-01-01T00:00:00Z', icas: ['1996'] }),
    });
    expect(stored.status).toBe(200);
    const connection = await fetch(`${base}/integration/api/v1/screening/${customerId}/check-connection-status`, { headers: bearer });
    expect(((await connection.json()) as { data: { statusConnection: { status: string } } }).data.statusConnection.status).toBe('CONNECTED');
    const screening = await fetch(`${base}/integration/api/v1/verification/customers/${customerId}/businesses/${businessId}/screening`, {
      method: 'POST',
      headers: json,
      body: '{}',
    });
    expect(((await screening.json()) as { data: { task_status: string } }).data.task_status).toBe('completed');
    const result = await eventually(async () => {
      const res = await fetch(`${base}/integration/api/v1/verification/businesses/${businessId}/screening`, { headers: bearer });
      return res.status === 200 ? ((await res.json()) as { data: { matchData: { matchResult: string } } }) : undefined;
    });
    expect(result.data.matchData.matchResult).toBe('No Match');

    // Invite an applicant for it, who signs up with the invitation (proving the email with the mailed code) and may then read that business only.
    const invited = await fetch(`${base}/case/api/v1/customers/${body.data.data.customer_details.id}/businesses/invite`, {
      method: 'POST',
      headers: { authorization: `Bearer ${body.data.data.id_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ existing_business_id: businessId, applicants: [{ first_name: 'Jim', last_name: 'Tester', email: 'jim@example.org' }] }),
    });
    expect(invited.status).toBe(200);
    const invitationId = ((await invited.json()) as { data: { invitation_id: string } }).data.invitation_id;
    const signUp = { email: 'jim@example.org', password: 'applicant passphrase', invite_token: invitationId };
    const applicantSignIn = (body: object) =>
      fetch(`${base}/auth/api/v1/applicant/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await applicantSignIn(signUp)).status).toBe(202);
    const emailCode = await eventually(async () => {
      const mails = mailsInLog(suite.output(), 'jim@example.org').filter((mail) => mail.subject === 'Your verification code');
      return /verification code is (\d{8})\b/.exec(mails.pop()?.text ?? '')?.[1];
    });
    const applicant = await applicantSignIn({ ...signUp, email_code: emailCode });
    expect(applicant.status).toBe(200);
    const applicantToken = ((await applicant.json()) as { data: { data: { id_token: string } } }).data.data.id_token;
    const own = await fetch(`${base}/case/api/v1/businesses/${businessId}`, { headers: { authorization: `Bearer ${applicantToken}` } });
    expect(own.status).toBe(200);
    const used = await fetch(`${base}/case/api/v1/invitations/${invitationId}`);
    expect(((await used.json()) as { data: { status: string } }).data.status).toBe('ACCEPTED');

    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect((await fetch(`${base}/case/api/v1/openapi.json`)).status).toBe(200);
    expect((await fetch(`${base}/auth/api/v1/openapi.json`)).status).toBe(200);
    expect((await fetch(`${base}/integration/api/v1/openapi.json`)).status).toBe(200);
    expect((await fetch(`${base}/score/api/v1/openapi.json`)).status).toBe(200);
    expect((await fetch(`${base}/report/api/v1/openapi.json`)).status).toBe(200);
    // Operators: each area's API reference, and the queue dashboard for the platform admin only.
    const docs = await fetch(`${base}/case/api/v1/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('<html');
    const [, adminEmail, adminPassword] = /platform admin\s+(\S+) \/ (\S+)/.exec(output) ?? [];
    const anonymous = await fetch(`${base}/auth/api/v1/admin/queues/`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="KYB queues"');
    const asOwner = await fetch(`${base}/auth/api/v1/admin/queues/api/queues`, { headers: bearer });
    expect(asOwner.status).toBe(401);
    expect(((await asOwner.json()) as { message: string }).message).toBe('Role Not Allowed');
    const wrong = await fetch(`${base}/auth/api/v1/admin/queues/`, { headers: { authorization: `Basic ${Buffer.from(`${adminEmail}:wrong password`).toString('base64')}` } });
    expect(wrong.status).toBe(401);
    const admin = { authorization: `Basic ${Buffer.from(`${adminEmail}:${adminPassword}`).toString('base64')}` };
    expect((await fetch(`${base}/auth/api/v1/admin/queues/`, { headers: admin })).status).toBe(200);
    const queues = (await (await fetch(`${base}/auth/api/v1/admin/queues/api/queues`, { headers: admin })).json()) as { queues: Array<{ name: string }> };
    expect(queues.queues.map((q) => q.name)).toEqual(expect.arrayContaining(['business-enrichment', 'report-generation', 'mail-delivery']));
    // Queue depth and job outcomes next to the HTTP metrics, on the metrics port only.
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/kyb_queue_jobs\{[^}]*queue="report-generation",state="completed"[^}]*\} [1-9]/);
    expect(metrics).toMatch(/kyb_queue_job_duration_seconds_count\{[^}]*queue="business-enrichment",status="completed"[^}]*\} [1-9]/);

    const unknown = await fetch(`${base}/nowhere`);
    expect(unknown.status).toBe(404);

    expect(await suite.stop('SIGINT')).toBe(0);
    // A whole built suite through its asynchronous work, on two shared cores: more than jest's 30 s default.
  }, 120_000);

  it('stops with one clear line when PostgreSQL does not answer', async () => {
    const suite = processes.start(MAIN, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', SUITE_STATE_DIR: mkdtempSync(join(tmpdir(), 'kyb-suite-')) });
    expect(await suite.exited).toBe(1);
    const stderr = suite.output();
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^suite: cannot start: PostgreSQL does not answer at 127\.0\.0\.1:1 .*set DATABASE_URL$/m);
  });

  it('stops with one clear line when Redis does not answer', async () => {
    const suite = processes.start(MAIN, { DATABASE_URL: database.url, REDIS_URL: 'redis://127.0.0.1:1', SUITE_STATE_DIR: mkdtempSync(join(tmpdir(), 'kyb-suite-')) });
    expect(await suite.exited).toBe(1);
    expect(suite.output()).toMatch(/^suite: cannot start: Redis does not answer at 127\.0\.0\.1:1 .*set REDIS_URL\n$/);
  });
});
