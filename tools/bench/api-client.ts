/*
 * The suite's API as the benchmark uses it: plain fetch calls, every answer checked, so a run that
 * measures errors instead of work fails loudly.
 */

/** A signed-in customer owner. */
export interface Caller {
  base: string;
  token: string;
  customerId: string;
}

async function call(url: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function expectStatus(url: string, init: Parameters<typeof call>[1], ...expected: number[]): Promise<Record<string, unknown>> {
  const { status, body } = await call(url, init);
  if (!expected.includes(status)) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${status}: ${JSON.stringify(body).slice(0, 500)}`);
  return (body as { data?: Record<string, unknown> })?.data ?? {};
}

/** Signs in at `path` (`/customer/sign-in` or `/admin/sign-in`) and answers the id token and the customer. */
export async function signIn(base: string, path: string, email: string, password: string): Promise<Caller> {
  const data = await expectStatus(`${base}/auth/api/v1${path}`, { method: 'POST', json: { email, password } }, 200);
  const session = data.data as { id_token: string; customer_details?: { id: string } | null };
  return { base, token: session.id_token, customerId: session.customer_details?.id ?? '' };
}

/** The body of a sign-in, for loading it. */
export function signInBody(email: string, password: string): string {
  return JSON.stringify({ email, password });
}

/** As the platform admin: lifts a customer's monthly onboarding limit (null: unlimited) so a run never meets it. */
export async function liftOnboardingLimit(admin: Caller, customerId: string): Promise<void> {
  await expectStatus(`${admin.base}/auth/api/v1/customers/${customerId}`, { method: 'PATCH', token: admin.token, json: { monthly_onboarding_limit: null } }, 200);
}

/** An E12 row of a clean business (no sandbox trigger word), unique by `n` and `tag`. */
export function businessRow(tag: string, n: number): Record<string, unknown> {
  return {
    name: `Bench ${tag} Dental ${n}`,
    external_id: `bench-${tag}-${n}`,
    tin: String(100_000_000 + ((n * 7919 + tag.length * 104729) % 899_999_999)),
    mobile: '4155550132',
    address_line_1: '1234 Testing Blvd.',
    address_city: 'Longwood',
    address_state: 'FL',
    address_postal_code: '32850',
    owner1_first_name: 'Ann',
    owner1_last_name: `Lee ${n}`,
    owner1_owner_type: 'CONTROL',
    owner1_ownership_percentage: 100,
  };
}

/** Adds one business (E12) and answers its id. */
export async function addBusiness(caller: Caller, row: Record<string, unknown>): Promise<string> {
  const data = await expectStatus(`${caller.base}/case/api/v1/businesses/customers/${caller.customerId}`, { method: 'POST', token: caller.token, json: row }, 200);
  return (data.result as Record<string, { data_businesses: { id: string } }>)['0'].data_businesses.id;
}

/** Where a customer's bulk adds go. */
const bulkUrl = (caller: Caller) => `${caller.base}/case/api/v1/businesses/customers/${caller.customerId}/bulk`;

/** The businesses' ids of a bulk answer's `data`, in row order. */
function bulkIds(data: Record<string, unknown>, rows: number): string[] {
  const result = data.result as Record<string, { data_businesses: { id: string } }>;
  return Array.from({ length: rows }, (_row, index) => result[String(index)].data_businesses.id);
}

/** Adds rows in one bulk request (all or none) and answers the businesses' ids in row order. */
export async function addBusinesses(caller: Caller, rows: Record<string, unknown>[]): Promise<string[]> {
  const data = await expectStatus(bulkUrl(caller), { method: 'POST', token: caller.token, json: rows }, 200);
  return bulkIds(data, rows.length);
}

/**
 * {@link addBusinesses}, timed: `answerMs` until the answer's last byte arrived (how long the
 * suite took to answer, as the load rows' latencies are taken), `parsedMs` until the client had
 * also parsed it (the client's own work, shown beside it). The ids are read from the parsed answer.
 */
export async function addBusinessesTimed(caller: Caller, rows: Record<string, unknown>[]): Promise<{ ids: string[]; answerMs: number; parsedMs: number }> {
  const url = bulkUrl(caller);
  const body = JSON.stringify(rows);
  const start = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${caller.token}`, 'content-type': 'application/json' }, body });
  const bytes = await res.arrayBuffer();
  const answerMs = performance.now() - start;
  const text = Buffer.from(bytes).toString('utf8');
  if (res.status !== 200) throw new Error(`POST ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  const parsed = JSON.parse(text) as { data?: Record<string, unknown> };
  const parsedMs = performance.now() - start;
  return { ids: bulkIds(parsed.data ?? {}, rows.length), answerMs, parsedMs };
}

/** Invites a customer user (E2's list grows by one). */
export async function inviteUser(caller: Caller, n: number): Promise<void> {
  const json = { first_name: 'Bench', last_name: `User ${n}`, email: `bench.user.${n}@example.com`, subrole_code: 'user' };
  await expectStatus(`${caller.base}/auth/api/v1/customers/${caller.customerId}/users`, { method: 'POST', token: caller.token, json }, 200, 201);
}

/** Invites an applicant to onboard a new business (E5). */
export async function inviteApplicant(caller: Caller, email: string, n: number): Promise<void> {
  const json = { business: { name: `Bench Invited Books ${n}`, mobile: '6078379283' }, applicants: [{ first_name: 'Jim', last_name: `Tester ${n}`, email }] };
  await expectStatus(`${caller.base}/case/api/v1/customers/${caller.customerId}/businesses/invite`, { method: 'POST', token: caller.token, json }, 200, 201);
}

/** Asks for a 360 report (E7) and answers its id. */
export async function requestReport(caller: Caller, businessId: string): Promise<string> {
  const data = await expectStatus(`${caller.base}/report/api/v1/reports/customers/${caller.customerId}/businesses/${businessId}`, { method: 'POST', token: caller.token }, 200, 201, 202);
  return String(data.report_id);
}

/** Whether a business's public records (E1) are there (200; 202 while they are fetched). */
export async function hasPublicRecords(caller: Caller, businessId: string): Promise<boolean> {
  return (await call(`${caller.base}/integration/api/v1/business/${businessId}/public-records`, { token: caller.token })).status === 200;
}

/** The status of a business's newest score this month (E10), or undefined while it has none. */
export async function scoreStatus(caller: Caller, businessId: string): Promise<string | undefined> {
  const { status, body } = await call(`${caller.base}/score/api/v1/score/business/${businessId}`, { token: caller.token });
  return status === 200 ? (body as { data: { status: string } }).data.status : undefined;
}

/** The status of a report (E6). */
export async function reportStatus(caller: Caller, reportId: string): Promise<string> {
  const data = await expectStatus(`${caller.base}/report/api/v1/reports/${reportId}`, { token: caller.token }, 200);
  return String(data.status);
}

/** Polls `check` every `everyMs` until it answers true; fails after `timeoutMs` saying what it waited for. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 5): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
