import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@kyb/testing';
import { gatewayClients, runJourney, type Envelope } from './journey';
import { AREAS, startLocalDeployment, type LocalDeployment } from './topology';

/*
 * The suite deployed as in production, on this machine: nginx in front of five `api` processes
 * and four `worker` processes, migrated by the `migrate` role, talking to one another through
 * PostgreSQL (as a role without DDL rights), BullMQ and the auth area's JWKS. Requests go through
 * the gateway only, with a client typed from the areas' own OpenAPI documents.
 */
describe('the suite deployed behind the API gateway', () => {
  let topology: LocalDeployment;

  beforeAll(async () => {
    topology = await startLocalDeployment();
  }, 150_000);
  afterAll(() => topology?.stop());

  const clients = () => gatewayClients(topology.gateway);

  it('serves OpenAPI documents that match the committed typed client', () => {
    const out = mkdtempSync(join(tmpdir(), 'kyb-client-'));
    const generated = spawnSync(process.execPath, [join(__dirname, '../scripts/generate-client.mjs'), topology.gateway, out], { encoding: 'utf8' });
    expect(generated.stderr).toBe('');
    expect(generated.status).toBe(0);
    for (const area of AREAS) {
      const committed = readFileSync(join(__dirname, 'generated', `${area}-api.ts`), 'utf8');
      const served = readFileSync(join(out, `${area}-api.ts`), 'utf8');
      // On a difference: the routes changed; regenerate (see scripts/generate-client.mjs) and commit.
      expect({ area, types: served }).toEqual({ area, types: committed });
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
    const api = clients();
    const signIn = await api.auth.POST('/customer/sign-in', { body: { email: topology.demo.email, password: topology.demo.password } });
    const session = (signIn.data as unknown as Envelope<Envelope<{ id_token: string; customer_details: { id: string } }>>).data.data;
    const headers = { authorization: `Bearer ${session.id_token}` };
    const customerID = session.customer_details.id;

    await topology.killApi('case');
    const down = await fetch(`${topology.gateway}/case/api/v1/customers/${customerID}/businesses`, { headers });
    expect([502, 503]).toContain(down.status);
    expect(down.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await down.json()) as { status: string; message: string; errorCode: string; data: { errorName: string } };
    expect(body).toMatchObject({ status: 'error', errorCode: 'UNKNOWN_ERROR' });
    expect(body.message).toMatch(/case/i);
    expect(typeof body.data.errorName).toBe('string');
    // The other areas keep answering.
    const users = await api.auth.GET('/customers/{customerID}/users', { params: { path: { customerID } }, headers });
    expect(users.response.status).toBe(200);
    const reports = await fetch(`${topology.gateway}/report/api/v1/openapi.json`);
    expect(reports.status).toBe(200);

    await topology.restartApi('case');
    const back = await eventually(async () => {
      const res = await api.case.GET('/customers/{customerID}/businesses', { params: { path: { customerID } }, headers });
      return res.response.status === 200 ? (res.data as unknown as Envelope<{ total_items: string }>) : undefined;
    });
    expect(Number(back.data.total_items)).toBeGreaterThanOrEqual(1);
    // And the journey goes on through it: a business added now is enriched and scored.
    const added = await api.case.POST('/businesses/customers/{customerID}', { params: { path: { customerID } }, headers, body: { name: 'Back Again Clean Bakery' } });
    expect(added.response.status).toBe(200);
    const businessID = (added.data as unknown as Envelope<{ result: Record<string, { data_businesses: { id: string } }> }>).data.result['0'].data_businesses.id;
    const score = await eventually(async () => {
      const res = await api.score.GET('/score/business/{businessID}', { params: { path: { businessID }, query: { status: 'SUCCESS' } }, headers });
      return res.response.status === 200 ? (res.data as unknown as Envelope<{ status: string }>) : undefined;
    });
    expect(score.data.status).toBe('SUCCESS');
  });
});
