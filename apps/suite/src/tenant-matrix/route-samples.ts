import { randomUUID } from 'node:crypto';
import type { World } from './matrix-world';

/**
 * A request for one route, as its owner (tenant A's owner) would send it. The path parameters
 * come from the world by name; who may call and what others get is derived from the route's
 * OpenAPI operation (`security`, `x-roles`, `x-permissions`), not declared here.
 */
export interface RouteSample {
  /** What a caller the route lets through gets; for a public route, what every caller gets. */
  ok: number[];
  body?: (world: World) => unknown;
  query?: string;
  /** Ends the caller's session (logout): runs after every other route. */
  last?: boolean;
  /** Removes the world's resource (a DELETE): runs after every other route but those that end sessions. */
  destroys?: boolean;
  /** Path parameter values of this route instead of the world's (by lower-cased name): a resource of its own. */
  ids?: (world: World) => Record<string, string>;
  /** Path parameter values that are not ids (a capability's name): the same in every probe, never swapped for an unknown id. */
  fixed?: Record<string, string>;
}

/** The smallest weighting config that passes the engine's checks: one category, one factor, one cut-off. */
const tinyWeightageConfig = (world: World) => ({
  version: `m-${world.unique()}`,
  categories: [
    {
      id: 1,
      code: 'REVIEWS',
      label: 'Reviews',
      weight: 1,
      factors: [{ id: 1, factorId: 1, code: 'RATING', label: 'Rating', weight: 1, parentFactorId: null, input: 'AVERAGE_REVIEW_RATING', curve: [[0, 0], [5, 100]], unit: 'stars' }],
    },
  ],
  cutoffs: [{ minScore850: 300, riskLevel: 'HIGH', decision: 'DECLINE' }],
});

const person = (world: World, subrole: string) => ({ first_name: 'Cell', last_name: 'Caller', email: `cell-${world.unique()}@example.com`, subrole_code: subrole });
const wrongPassword = () => ({ email: 'nobody@example.com', password: 'not the password' });

/**
 * Every route of every area, by `METHOD /<area prefix><path>`. A route without a sample fails the
 * matrix, so a new route cannot be forgotten; a sample without a route fails it too.
 */
export const ROUTE_SAMPLES: Record<string, RouteSample> = {
  // auth: public
  'POST /auth/api/v1/customer/sign-in': { ok: [400], body: wrongPassword },
  'POST /auth/api/v1/admin/sign-in': { ok: [400], body: wrongPassword },
  'POST /auth/api/v1/applicant/sign-in': { ok: [400], body: wrongPassword },
  'POST /auth/api/v1/refresh-token/customer': { ok: [401], body: () => ({ refresh_token: 'not-a-refresh-token' }) },
  'POST /auth/api/v1/refresh-token/admin': { ok: [401], body: () => ({ refresh_token: 'not-a-refresh-token' }) },
  'POST /auth/api/v1/refresh-token/applicant': { ok: [401], body: () => ({ refresh_token: 'not-a-refresh-token' }) },
  'GET /auth/api/v1/.well-known/jwks.json': { ok: [200] },
  'POST /auth/api/v1/customer/complete-setup': {
    ok: [400],
    body: () => ({ email: 'nobody@example.com', temporary_password: 'not the password', new_password: 'a long enough passphrase' }),
  },
  'GET /auth/api/v1/openapi.json': { ok: [200] },
  // auth: customers and users
  'POST /auth/api/v1/customer/logout': { ok: [200], body: () => ({}), last: true },
  'POST /auth/api/v1/customers': { ok: [200], body: (w) => ({ name: `Matrix extra ${w.unique()}` }) },
  'GET /auth/api/v1/customers/{customerID}': { ok: [200] },
  'PATCH /auth/api/v1/customers/{customerID}': { ok: [200], body: (w) => ({ name: `Matrix A ${w.unique()}` }) },
  // Erases a tenant of its own (no caller belongs to it); an ADMIN asked twice at once gets the same answer.
  'POST /auth/api/v1/customers/{customerID}/erase': {
    ok: [200],
    ids: (w) => ({ customerid: w.erasableCustomerId }),
    body: (w) => ({ confirm_customer_id: w.erasableCustomerId }),
  },
  'GET /auth/api/v1/customers/{customerID}/users': { ok: [200] },
  'POST /auth/api/v1/customers/{customerID}/users': { ok: [200], body: (w) => person(w, 'user') },
  'PATCH /auth/api/v1/customers/{customerID}/users/{userID}': { ok: [200], body: () => ({ first_name: 'Renamed' }) },
  'GET /auth/api/v1/customers/{customerID}/audit-events': { ok: [200] },
  'GET /auth/api/v1/customers/{customerID}/audit-events/verify': { ok: [200] },
  // case
  'GET /case/api/v1/openapi.json': { ok: [200] },
  'POST /case/api/v1/businesses/customers/{customerID}': { ok: [200], body: (w) => ({ name: `Cell Co ${w.unique()}` }) },
  'POST /case/api/v1/businesses/customers/{customerID}/bulk': { ok: [200], body: (w) => [{ name: `Bulk Co ${w.unique()}` }] },
  'GET /case/api/v1/runs/{runID}': { ok: [200] },
  'GET /case/api/v1/businesses/{businessID}': { ok: [200] },
  'POST /case/api/v1/businesses/{businessID}/owners/{ownerID}/erase': { ok: [200] },
  'GET /case/api/v1/customers/{customerID}/businesses': { ok: [200] },
  'GET /case/api/v1/customers/{customerID}/onboarding-limit': { ok: [200] },
  'PATCH /case/api/v1/customers/{customerID}/businesses/{businessID}/monitoring': { ok: [200], body: () => ({ enabled: true }) },
  'GET /case/api/v1/customers/{customerID}/monitoring-settings': { ok: [200] },
  'PUT /case/api/v1/customers/{customerID}/monitoring-settings': { ok: [200], body: () => ({ frequency: 'WEEKLY', score_change_alert_points: 40 }) },
  'GET /case/api/v1/customers/{customerID}/case-policy': { ok: [200] },
  'PUT /case/api/v1/customers/{customerID}/case-policy': {
    ok: [200],
    body: () => ({ rules: [{ id: 'ALERT_OPEN', when: { fact: 'alerts.open', op: 'gt', value: 0 }, decision: 'review', reason: 'An alert is open.' }] }),
  },
  'GET /case/api/v1/customers/{customerID}/case-policy/versions': { ok: [200] },
  'POST /case/api/v1/customers/{customerID}/case-policy/dry-run': {
    ok: [200],
    body: () => ({ rules: [{ id: 'ALERT_OPEN', when: { fact: 'alerts.open', op: 'gt', value: 0 }, decision: 'review', reason: 'An alert is open.' }] }),
  },
  'POST /case/api/v1/customers/{customerID}/businesses/invite': {
    ok: [200],
    body: (w) => ({ business: { name: `Invited Co ${w.unique()}` }, applicants: [{ first_name: 'Ivy', last_name: 'Nvited', email: `ivy-${w.unique()}@example.org` }] }),
  },
  'GET /case/api/v1/customers/{customerID}/cases': { ok: [200] },
  'GET /case/api/v1/cases/{caseID}': { ok: [200] },
  // The first caller let through decides the case; a later one finds it decided (409).
  'POST /case/api/v1/cases/{caseID}/decision': { ok: [200, 409], body: () => ({ decision: 'approve', reason_code: 'VERIFIED_BY_REVIEWER', note: 'Matrix probe.' }) },
  // Unassigning always holds until a caller before it decided the case (409 once final).
  'PATCH /case/api/v1/cases/{caseID}': { ok: [200, 409], body: () => ({ assignee_id: null }) },
  'POST /case/api/v1/cases/{caseID}/comments': { ok: [200], body: () => ({ text: 'Matrix probe.' }) },
  'GET /case/api/v1/cases/{caseID}/comments': { ok: [200] },
  // The world's case may have nobody invited on it, wait already, or be decided by a caller before: 409.
  'POST /case/api/v1/cases/{caseID}/information-requests': { ok: [200, 409], body: () => ({ message: 'Matrix probe.' }) },
  'GET /case/api/v1/cases/{caseID}/information-requests': { ok: [200] },
  'GET /case/api/v1/applicant/information-requests': { ok: [200] },
  // The first applicant let through answers; later ones find it answered (409).
  'POST /case/api/v1/information-requests/{requestID}/answer': { ok: [200, 409], body: () => ({ answer: 'Matrix answer.' }) },
  'GET /case/api/v1/invitations/{invitationID}': { ok: [200] },
  // integration
  'GET /integration/api/v1/openapi.json': { ok: [200] },
  'GET /integration/api/v1/business/{businessID}/public-records': { ok: [200, 202] },
  'GET /integration/api/v1/facts/business/{businessId}/bjl': { ok: [200, 202] },
  'POST /integration/api/v1/business/{businessID}/refresh': { ok: [202] },
  'GET /integration/api/v1/business/{businessID}/integration-tasks': { ok: [200] },
  'GET /integration/api/v1/business/{businessID}/verification': { ok: [200] },
  'PUT /integration/api/v1/screening/{customerId}/credentials': { ok: [200], body: (w) => w.screeningCredentials() },
  'GET /integration/api/v1/screening/{customerId}/check-connection-status': { ok: [200] },
  'POST /integration/api/v1/verification/customers/{customerId}/businesses/{businessId}/screening': { ok: [200], body: () => ({}) },
  'GET /integration/api/v1/verification/businesses/{businessId}/screening': { ok: [200, 202] },
  'GET /integration/api/v1/verification/businesses/{businessId}/screenings': { ok: [200] },
  'GET /integration/api/v1/verification/businesses/{businessId}/screenings/{screeningId}': { ok: [200, 202] },
  'POST /integration/api/v1/customers/{customerId}/webhooks': { ok: [200], body: (w) => ({ url: w.webhookUrl, description: `cell ${w.unique()}` }) },
  'GET /integration/api/v1/customers/{customerId}/webhooks': { ok: [200] },
  'GET /integration/api/v1/customers/{customerID}/providers/{capability}': { ok: [200], fixed: { capability: 'address' } },
  'PUT /integration/api/v1/customers/{customerID}/providers/{capability}': { ok: [200], fixed: { capability: 'address' }, body: () => ({ adapter: 'sandbox' }) },
  'GET /integration/api/v1/customers/{customerID}/provider-usage': { ok: [200] },
  'GET /integration/api/v1/admin/provider-circuits': { ok: [200] },
  // The matrix sends JSON: the platform admin passes every check before the body's (multipart/form-data) and gets 415 for it.
  'POST /integration/api/v1/admin/watchlists/{list}/versions': { ok: [415], fixed: { list: 'ofac-sdn' } },
  'GET /integration/api/v1/admin/watchlists/{list}/versions': { ok: [200], fixed: { list: 'ofac-sdn' } },
  // The world loads no list: the platform admin meets an unknown version.
  'GET /integration/api/v1/admin/watchlists/{list}/versions/{versionID}': { ok: [404], fixed: { list: 'ofac-sdn' }, ids: () => ({ versionid: randomUUID() }) },
  'GET /integration/api/v1/business/{businessID}/watchlist': { ok: [200] },
  'GET /integration/api/v1/customers/{customerID}/watchlist-hits': { ok: [200], query: '?filter[status]=OPEN' },
  // The world's business has no hit: a caller the route lets through meets an unknown hit (403 to a CUSTOMER, as any id it cannot see; 404 to the ADMIN).
  'PATCH /integration/api/v1/customers/{customerID}/watchlist-hits/{hitID}': { ok: [403, 404], ids: () => ({ hitid: randomUUID() }), body: () => ({ status: 'DISMISSED', note: 'Not the listed party.' }) },
  'GET /integration/api/v1/customers/{customerID}/watchlist-settings': { ok: [200] },
  'PUT /integration/api/v1/customers/{customerID}/watchlist-settings': { ok: [200], body: () => ({ threshold: 0.9 }) },
  'GET /integration/api/v1/customers/{customerId}/webhooks/{webhookId}': { ok: [200] },
  'PATCH /integration/api/v1/customers/{customerId}/webhooks/{webhookId}': { ok: [200], body: (w) => ({ description: `renamed ${w.unique()}` }) },
  // The owner's and the ADMIN's calls race: one removes the endpoint, the other finds it gone.
  // The owner and the ADMIN remove it at once: one removes it (200), the other meets an unknown webhook then
  // (404 to the ADMIN; to a CUSTOMER the tenant refusal, 403, as for any id it cannot see).
  'DELETE /integration/api/v1/customers/{customerId}/webhooks/{webhookId}': { ok: [200, 403, 404], destroys: true },
  'POST /integration/api/v1/customers/{customerId}/webhooks/{webhookId}/rotate-secret': { ok: [200] },
  'GET /integration/api/v1/customers/{customerId}/webhooks/{webhookId}/deliveries': { ok: [200] },
  'GET /integration/api/v1/customers/{customerId}/webhooks/{webhookId}/deliveries/{deliveryId}': { ok: [200] },
  // Two callers retry at once: the second may find the attempt running.
  'POST /integration/api/v1/customers/{customerId}/webhooks/{webhookId}/deliveries/{deliveryId}/retry': { ok: [200, 409] },
  // Callers replay at once: one replay runs per endpoint, the others meet it running (409) while its deliveries are pending.
  'POST /integration/api/v1/customers/{customerId}/webhooks/{webhookId}/replay': {
    ok: [200, 409],
    body: () => ({ from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date().toISOString() }),
  },
  // score
  'GET /score/api/v1/openapi.json': { ok: [200] },
  'GET /score/api/v1/score/business/{businessID}': { ok: [200] },
  'POST /score/api/v1/score/business/{businessID}/generate': { ok: [202] },
  'GET /score/api/v1/score/scores/{scoreID}': { ok: [200] },
  'POST /score/api/v1/score/scores/{scoreID}/recompute': { ok: [200] },
  'GET /score/api/v1/weightage-configs': { ok: [200] },
  'POST /score/api/v1/weightage-configs': { ok: [200], body: tinyWeightageConfig },
  'GET /score/api/v1/weightage-configs/{configID}': { ok: [200] },
  'GET /score/api/v1/customers/{customerID}/weightage-config': { ok: [200] },
  'PUT /score/api/v1/customers/{customerID}/weightage-config': { ok: [200], body: (w) => ({ weightage_config_id: w.ids.configid }) },
  'GET /score/api/v1/score/scores/{scoreID}/explain': { ok: [200] },
  'GET /score/api/v1/score/business/{businessID}/diff': { ok: [200], query: `?from=${new Date().toISOString().slice(0, 7)}&to=${new Date().toISOString().slice(0, 7)}` },
  'POST /score/api/v1/score/business/{businessID}/what-if': { ok: [200], body: () => ({ release_all_liens: true }) },
  'GET /score/api/v1/customers/{customerID}/alerts': { ok: [200] },
  'GET /score/api/v1/customers/{customerID}/alerts/{alertID}': { ok: [200] },
  // Acknowledged once, an alert cannot be acknowledged again: the second caller let through meets its state (409).
  'PATCH /score/api/v1/customers/{customerID}/alerts/{alertID}': { ok: [200, 409], body: () => ({ status: 'ACKNOWLEDGED' }) },
  // report
  'GET /report/api/v1/openapi.json': { ok: [200] },
  'POST /report/api/v1/reports/customers/{customerID}/businesses/{businessID}': { ok: [200] },
  'GET /report/api/v1/reports/{reportID}': { ok: [200] },
  'POST /report/api/v1/reports/{reportID}/download': { ok: [200] },
  'GET /report/api/v1/reports/businesses/{businessID}/status': { ok: [200] },
  // The signature is the credential: a made-up one is refused alike for every caller.
  'GET /report/api/v1/reports/{reportID}/file': { ok: [403], query: '?expires=4102444800&signature=not-the-signature' },
};
