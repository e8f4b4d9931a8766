import { createProcessGroup, type TestDatabase, type Call } from '@kyb/testing';
import { runRoute } from './matrix-probes';
import { startMatrixSuite } from './matrix-suite';
import type { World } from './matrix-world';
import { routesOfDocument, type MatrixRoute, type OpenApiDocument } from './route-access';
import { ROUTE_SAMPLES } from './route-samples';

/*
 * The tenant matrix (issue 14): every route of every area, read from the areas' OpenAPI documents
 * as the built suite serves them, called as tenant A's owner, A's read-only `user`, tenant B's
 * owner, an APPLICANT invited to A's business and one invited to another, the ADMIN, no token, an
 * expired token and the token of a session that logged out. Each cell's expected answer comes
 * from the route's declared access (security, x-roles, x-permissions) and whether it names a
 * tenant's resources; beside the cells, a malformed id must answer 400 before the tenant is
 * checked, and another tenant's ids must answer exactly as unknown ones.
 */
describe('tenant matrix: every route, every kind of caller', () => {
  const processes = createProcessGroup();
  let database: TestDatabase;
  let call: Call;
  let documents: string[];
  let world: World;

  beforeAll(async () => {
    ({ database, call, documents, world } = await startMatrixSuite(processes));
  }, 90_000);

  afterAll(async () => {
    await processes.stopAll();
    await database?.destroy();
  });

  async function allRoutes(): Promise<MatrixRoute[]> {
    const routes: MatrixRoute[] = [];
    for (const url of documents) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      routes.push(...routesOfDocument((await res.json()) as OpenApiDocument));
    }
    return routes;
  }

  it('reads the routes of every area of the suite', async () => {
    expect(documents.map((url) => new URL(url).pathname)).toEqual(
      expect.arrayContaining(['/auth/api/v1/openapi.json', '/case/api/v1/openapi.json', '/integration/api/v1/openapi.json', '/score/api/v1/openapi.json', '/report/api/v1/openapi.json']),
    );
  });

  it('honours Idempotency-Key on every POST that creates or starts something; the POSTs that do not are named here, with why', async () => {
    const notIdempotent: Record<string, string> = {
      'POST /auth/api/v1/admin/sign-in': 'a sign-in answers fresh tokens; a stored answer would hand them out again',
      'POST /auth/api/v1/customer/sign-in': 'a sign-in answers fresh tokens',
      'POST /auth/api/v1/applicant/sign-in': 'a sign-in answers fresh tokens',
      'POST /auth/api/v1/refresh-token/admin': 'answers fresh tokens; a refresh token is used once',
      'POST /auth/api/v1/refresh-token/customer': 'answers fresh tokens; a refresh token is used once',
      'POST /auth/api/v1/refresh-token/applicant': 'answers fresh tokens; a refresh token is used once',
      'POST /auth/api/v1/customer/logout': 'ends the session; repeating it changes nothing',
      'POST /auth/api/v1/customer/complete-setup': 'sets the password once; a repeat is refused by the account state',
      'POST /report/api/v1/reports/{reportID}/download': 'reads a file; creates nothing',
      'POST /integration/api/v1/admin/watchlists/{list}/versions': "idempotent by its files: their checksum is the key, the same files again answer 200 with the version they made",
      'POST /score/api/v1/score/scores/{scoreID}/recompute': 'computes a stored score again and compares; stores nothing',
      'POST /score/api/v1/score/business/{businessID}/what-if': 'computes a hypothetical score; stores nothing',
      'POST /case/api/v1/customers/{customerID}/case-policy/dry-run': 'tries a draft policy over recent cases; stores nothing',
    };
    const posts = (await allRoutes()).filter((route) => route.method === 'post');
    const idempotent = posts.filter((route) => route.idempotent).map((route) => route.key);
    const others = posts.filter((route) => !route.idempotent).map((route) => route.key);
    expect(others.sort()).toEqual(Object.keys(notIdempotent).sort());
    expect(idempotent.sort()).toEqual(
      [
        'POST /auth/api/v1/customers',
        'POST /auth/api/v1/customers/{customerID}/erase',
        'POST /auth/api/v1/customers/{customerID}/users',
        'POST /case/api/v1/businesses/customers/{customerID}',
        'POST /case/api/v1/businesses/customers/{customerID}/bulk',
        'POST /case/api/v1/businesses/{businessID}/owners/{ownerID}/erase',
        'POST /case/api/v1/cases/{caseID}/comments',
        'POST /case/api/v1/cases/{caseID}/decision',
        'POST /case/api/v1/cases/{caseID}/information-requests',
        'POST /case/api/v1/information-requests/{requestID}/answer',
        'POST /case/api/v1/customers/{customerID}/businesses/invite',
        'POST /integration/api/v1/business/{businessID}/refresh',
        'POST /integration/api/v1/customers/{customerId}/webhooks',
        'POST /integration/api/v1/customers/{customerId}/webhooks/{webhookId}/deliveries/{deliveryId}/retry',
        'POST /integration/api/v1/customers/{customerId}/webhooks/{webhookId}/replay',
        'POST /integration/api/v1/customers/{customerId}/webhooks/{webhookId}/rotate-secret',
        'POST /integration/api/v1/verification/customers/{customerId}/businesses/{businessId}/screening',
        'POST /report/api/v1/reports/customers/{customerID}/businesses/{businessID}',
        'POST /score/api/v1/score/business/{businessID}/generate',
        'POST /score/api/v1/weightage-configs',
      ].sort(),
    );
  });

  it('answers every cell as the route declares, and "not yours" exactly as "does not exist"', async () => {
    const routes = await allRoutes();
    const failures: string[] = [];
    const known = new Set(routes.map((r) => r.key));
    for (const route of routes) if (!ROUTE_SAMPLES[route.key]) failures.push(`${route.key}: no sample request declared in route-samples.ts`);
    for (const key of Object.keys(ROUTE_SAMPLES)) if (!known.has(key)) failures.push(`${key}: a sample for a route no area serves`);
    // Removing the world's resources comes after every other route, logging out (which ends the caller's session) last.
    const rank = (route: MatrixRoute) => (ROUTE_SAMPLES[route.key]?.last ? 2 : ROUTE_SAMPLES[route.key]?.destroys ? 1 : 0);
    const ordered = [...routes].sort((a, b) => rank(a) - rank(b));
    for (const route of ordered) {
      const sample = ROUTE_SAMPLES[route.key];
      if (sample) failures.push(...(await runRoute(call, route, sample, world)));
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
