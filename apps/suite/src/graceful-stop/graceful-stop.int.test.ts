import { request, type ClientRequest } from 'node:http';
import { eventually, freePort, createCall } from '@kyb/testing';
import { buildWorld, type World } from '../tenant-matrix/matrix-world';
import { createRollingBalancer, type RollingBalancer } from './rolling-balancer';
import { ADMIN, answers, createStopFixture, type StopFixture, type SuiteProcess } from './stop-fixture';

/*
 * Graceful stop (issue 16), on the built suite in production roles: an api process told SIGTERM
 * turns unready, goes on serving for SHUTDOWN_DRAIN_MS, then closes its port once the requests in
 * flight are answered; a worker finishes its running job and takes no new one. Proven by a
 * rolling restart of two api processes under steady traffic (no request may fail), a request in
 * flight at the signal, and a worker stopped mid-job (no job lost).
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Long enough for the checks made during it (readiness on both ports) on a loaded two-core machine. */
const DRAIN = { SHUTDOWN_DRAIN_MS: '3000' };

/**
 * A POST sent in two parts: its headers with `Expect: 100-continue` (`headersTaken` resolves once the
 * server answered "100 Continue", so the request is in its hands), then its body (`sendBody`).
 */
function sendInTwo(url: string, body: string, token: string) {
  let answer!: Promise<{ status: number; text: string }>;
  const headersTaken = new Promise<ClientRequest>((taken, refused) => {
    const req = request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
    });
    answer = new Promise((resolve, reject) => {
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', (err) => (reject(err), refused(err)));
    });
    // Handled here too, so a refusal before "100 Continue" is reported once (by headersTaken), not also as unhandled.
    void answer.catch(() => undefined);
    req.on('continue', () => taken(req));
    req.flushHeaders();
  });
  return {
    headersTaken,
    sendBody: async () => {
      (await headersTaken).end(body);
      return answer;
    },
  };
}

describe('graceful stop', () => {
  let fixture: StopFixture;
  let world: World;
  let apis: SuiteProcess[];
  let worker: SuiteProcess;
  let owner: string;
  let customerId: string;

  beforeAll(async () => {
    fixture = await createStopFixture({
      SIGN_IN_ATTEMPTS_PER_EMAIL: '1000',
      SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000',
      SIGN_IN_SLOWDOWN_AFTER_PER_EMAIL: '1000',
      // A screening takes this long in the sandbox: long enough to stop a worker in the middle of one.
      SCREENING_SANDBOX_DELAY_MS: '2500',
      // The matrix world registers a webhook on the loopback (a closed port).
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_DISPATCH_EVERY_MS: '200',
    });
    apis = [await fixture.startApi(undefined, DRAIN), await fixture.startApi(undefined, DRAIN)];
    worker = await fixture.startWorker();
    world = await buildWorld(createCall(apis[0].base as string), fixture.database.db, {
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      dataEncryptionKey: fixture.dataEncryptionKey,
    });
    owner = world.callers.owner.token as string;
    customerId = world.ids.customerid;
  }, 120_000);

  afterAll(async () => {
    await fixture?.close();
  });

  it('a rolling restart of the api processes under steady traffic fails no request', async () => {
    const bases = apis.map((api) => api.base as string);
    const balancer = createRollingBalancer(bases);
    await eventually(async () => (bases.every((base) => balancer.isReady(base)) ? true : undefined));
    let running = true;
    const traffic = async () => {
      while (running) {
        await balancer.send('GET', `/case/api/v1/businesses/${world.ids.businessid}`, { token: owner });
        await balancer.send('POST', `/case/api/v1/businesses/customers/${customerId}`, { token: owner, body: { name: `Rolling Co ${world.unique()}` } });
        await balancer.send('GET', `/case/api/v1/customers/${customerId}/businesses?page=1&items_per_page=10`, { token: owner });
      }
    };
    const streams = Array.from({ length: 6 }, traffic);
    try {
      await rollingRestart(balancer);
    } finally {
      // Also when an assertion failed: the streams must end for the file to end.
      running = false;
      await Promise.all(streams);
      balancer.close();
    }
    // The first few failures, and how many there were, are what a reader needs.
    expect({ count: balancer.failures.length, first: balancer.failures.slice(0, 5) }).toEqual({ count: 0, first: [] });
    expect(balancer.succeeded).toBeGreaterThan(60);
  }, 120_000);

  /** Stops each api process in turn under traffic and starts its new version on the same port. */
  async function rollingRestart(balancer: RollingBalancer): Promise<void> {
    await sleep(500);
    for (const [i, api] of apis.entries()) {
      const stopped = api.process.stop('SIGTERM', 20_000);
      // Unready at once, on both ports, while the public port still serves for the drain.
      await answers(`${api.ops}/readyz`, 503, 2000);
      const readyz = await fetch(`${api.base}/readyz`);
      expect(readyz.status).toBe(503);
      expect(await readyz.json()).toMatchObject({ status: 'error', message: 'Not ready: shutting down' });
      expect((await fetch(`${api.base}/healthz`)).status).toBe(200);
      expect(await stopped).toBe(0);
      expect(api.process.output()).toContain('stopped cleanly');
      // The new version comes up on the same port, and the balancer sends to it again.
      apis[i] = await fixture.startApi(Number(new URL(api.base as string).port), DRAIN);
      await eventually(async () => (balancer.isReady(api.base as string) ? true : undefined));
    }
    await sleep(300);
  }

  it('a request in flight when the signal comes is answered before the port closes (no drain)', async () => {
    const api = await fixture.startApi(undefined, { SHUTDOWN_DRAIN_MS: '0' });
    const rows = Array.from({ length: 1000 }, (_row, i) => ({ name: `In Flight ${i} ${world.unique()}` }));
    // Its first request comes now: its token is verified with keys read in process, not from the port that closes at the signal.
    // The server's "100 Continue" proves it has the request (no sleep to guess when); its body goes after the signal.
    const inFlight = sendInTwo(`${api.base}/case/api/v1/businesses/customers/${customerId}/bulk`, JSON.stringify(rows), owner);
    await inFlight.headersTaken;
    const stopped = api.process.stop('SIGTERM', 20_000);
    // The port closes at once for new connections...
    await answers(`${api.base}/healthz`, null, 5000);
    // ...while the request already in flight gets its whole answer, and the process exits cleanly after it.
    const answer = await inFlight.sendBody();
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.text) as { data: { result: Record<string, unknown> } };
    expect(Object.keys(body.data.result)).toHaveLength(1000);
    expect(await stopped).toBe(0);
    const [{ count }] = await fixture.database.db('cases.businesses').where({ customer_id: customerId }).where('name', 'like', 'In Flight %').count();
    expect(Number(count)).toBe(1000);
  }, 60_000);

  it("an api verifies tokens in every area with the auth area's keys read in process: its AUTH_JWKS_URL may be unreachable", async () => {
    const unreachable = `http://127.0.0.1:${await freePort()}/auth/api/v1/.well-known/jwks.json`;
    const api = await fixture.startApi(undefined, { AUTH_JWKS_URL: unreachable });
    const { businessid, reportid } = world.ids;
    const reads = [
      `/case/api/v1/businesses/${businessid}`,
      `/integration/api/v1/facts/business/${businessid}/bjl`,
      `/score/api/v1/score/business/${businessid}?status=SUCCESS`,
      `/report/api/v1/reports/${reportid}`,
    ];
    const statuses = await Promise.all(reads.map(async (path) => (await fetch(`${api.base}${path}`, { headers: { authorization: `Bearer ${owner}` } })).status));
    expect(statuses).toEqual([200, 200, 200, 200]);
    // A token signed by no key of the auth area is still refused, by every area.
    const [header, payload] = owner.split('.');
    const forgedKid = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(header, 'base64url').toString()), kid: 'forged' })).toString('base64url');
    const forged = `${forgedKid}.${payload}.${owner.split('.')[2]}`;
    const refused = await Promise.all(reads.map(async (path) => (await fetch(`${api.base}${path}`, { headers: { authorization: `Bearer ${forged}` } })).status));
    expect(refused).toEqual([401, 401, 401, 401]);
    expect(await api.process.stop('SIGTERM', 20_000)).toBe(0);
  }, 60_000);

  it('a worker stopped mid-job finishes that job, takes no new one, and loses none', async () => {
    const api = apis[0];
    const post = async (path: string, body?: unknown) => {
      const res = await fetch(`${api.base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: Record<string, unknown> }).data;
    };
    const businessId = world.ids.businessid;
    const screening = (await post(`/integration/api/v1/verification/customers/${customerId}/businesses/${businessId}/screening`, {})) as { screening: { id: string } };
    const screeningStatus = async () => (await fixture.database.db('integration.screenings').where({ id: screening.screening.id }).first()).status as string;
    await eventually(async () => ((await screeningStatus()) === 'PROCESSING' ? true : undefined), 15_000);

    const stopped = worker.process.stop('SIGTERM', 20_000);
    await answers(`${worker.ops}/readyz`, 503, 5000);
    // Queued while no worker takes jobs: it must wait for the next worker, not be lost.
    const report = (await post(`/report/api/v1/reports/customers/${customerId}/businesses/${businessId}`)) as { report_id: string };
    expect(await stopped).toBe(0);
    // The job that was running when the signal came was finished, not abandoned.
    expect(await screeningStatus()).toBe('COMPLETED');

    worker = await fixture.startWorker();
    const reportStatus = async () => (await fixture.database.db('reports.reports').where({ id: report.report_id }).first()).status as string;
    expect(await eventually(async () => ((await reportStatus()) === 'COMPLETED' ? 'COMPLETED' : undefined), 20_000)).toBe('COMPLETED');
  }, 60_000);
});
