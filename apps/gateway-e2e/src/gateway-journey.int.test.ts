import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@kyb/testing';
import { KybApiError } from '@kyb/client';
import { gatewayClient, notYet, runJourney } from './journey';
import { AREAS, startLocalDeployment, type LocalDeployment } from './topology';

/*
 * The suite deployed as in production, on this machine: nginx in front of five `api` processes
 * and four `worker` processes, migrated by the `migrate` role, talking to one another through
 * PostgreSQL (as a role without DDL rights), BullMQ and the auth area's JWKS. Requests go through
 * the gateway only, with the suite's SDK (@kyb/client), typed from the areas' own OpenAPI documents.
 */
describe('the suite deployed behind the API gateway', () => {
  let topology: LocalDeployment;

  beforeAll(async () => {
    topology = await startLocalDeployment();
  }, 150_000);
  afterAll(() => topology?.stop());

  it("serves OpenAPI documents that match the SDK's committed types", () => {
    const out = mkdtempSync(join(tmpdir(), 'kyb-client-'));
    const sdk = join(__dirname, '../../../libs/client');
    const generated = spawnSync(process.execPath, [join(sdk, 'scripts/generate-types.mjs'), topology.gateway, out], { encoding: 'utf8' });
    expect(generated.stderr).toBe('');
    expect(generated.status).toBe(0);
    for (const file of [...AREAS.map((area) => `${area}-api.ts`), 'idempotent-operations.ts']) {
      const committed = readFileSync(join(sdk, 'src/generated', file), 'utf8');
      const served = readFileSync(join(out, file), 'utf8');
      // On a difference: the routes changed; regenerate (see libs/client/scripts/generate-types.mjs) and commit.
      expect({ file, types: served }).toEqual({ file, types: committed });
    }
  });

  it('answers the root page, unknown prefixes and request ids itself', async () => {
    const root = await fetch(`${topology.gateway}/`);
    expect(root.status).toBe(200);
    const page = await root.text();
    for (const area of AREAS) {
      expect(page).toContain(`/${area}/api/v1/openapi.json`);
      // Each link of the page works through the gateway: the API reference and the document.
      const docs = await fetch(`${topology.gateway}/${area}/api/v1/docs/`);
      expect([area, docs.status, docs.headers.get('content-type')]).toEqual([area, 200, 'text/html; charset=utf-8']);
    }
    const unknown = await fetch(`${topology.gateway}/billing/api/v1/invoices`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status: 'fail', message: 'Route not found', errorCode: 'NOT_FOUND', data: { errorName: 'RouteNotFoundError' } });
    const traced = await fetch(`${topology.gateway}/auth/api/v1/.well-known/jwks.json`, { headers: { 'x-request-id': 'e2e-journey-0001' } });
    expect(traced.status).toBe(200);
    expect(traced.headers.get('x-request-id')).toBe('e2e-journey-0001');
  });

  it('runs sign-in, onboarding, enrichment, scoring, a report, a screening and an invitation through the gateway', async () => {
    await runJourney({ gateway: topology.gateway, demo: topology.demo, databaseUrl: topology.databaseUrl, mailedCode: topology.mailedCode });
  });

  it('when one area api dies, only its prefix fails (502 in the envelope), and it recovers once the api is back', async () => {
    const kyb = gatewayClient(topology.gateway);
    const { customerId } = await kyb.signIn({ email: topology.demo.email, password: topology.demo.password });
    const customerID = customerId as string;

    await topology.killApi('case');
    // One attempt, so the gateway's own answer is seen (the SDK retries a GET's 502 by itself).
    const once = gatewayClient(topology.gateway, { session: kyb.session, retry: { attempts: 1 } });
    const down = await once.request('case', 'get', '/customers/{customerID}/businesses', { path: { customerID } }).then(() => undefined, (err: unknown) => err);
    expect(down).toBeInstanceOf(KybApiError);
    const failure = down as KybApiError;
    expect([502, 503]).toContain(failure.httpStatus);
    expect(failure.errorCode).toBe('UNKNOWN_ERROR');
    expect(failure.message).toMatch(/case/i);
    expect(typeof failure.errorName).toBe('string');
    expect(failure.requestId).toEqual(expect.any(String));
    // The other areas keep answering.
    const users = await kyb.request('auth', 'get', '/customers/{customerID}/users', { path: { customerID } });
    expect(Number(users.total_items)).toBeGreaterThanOrEqual(1);
    const reports = await fetch(`${topology.gateway}/report/api/v1/openapi.json`);
    expect(reports.status).toBe(200);

    await topology.restartApi('case');
    const back = await eventually(() =>
      kyb.request('case', 'get', '/customers/{customerID}/businesses', { path: { customerID } }).catch((err: unknown) => (err instanceof KybApiError && err.httpStatus >= 502 ? undefined : notYet(err))),
    );
    expect(Number(back.total_items)).toBeGreaterThanOrEqual(1);
    // And the journey goes on through it: a business added now is enriched and scored.
    const added = await kyb.request('case', 'post', '/businesses/customers/{customerID}', { path: { customerID }, body: { name: 'Back Again Clean Bakery' } });
    const businessID = (added as unknown as { result: Record<string, { data_businesses: { id: string } }> }).result['0'].data_businesses.id;
    const score = await eventually(() => kyb.request('score', 'get', '/score/business/{businessID}', { path: { businessID }, query: { status: 'SUCCESS' } }).catch(notYet));
    expect((score as { status?: string }).status).toBe('SUCCESS');
  });
});
