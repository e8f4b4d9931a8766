import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestDatabase } from '../database';
import { repoRoot } from '../pdf-text';
import { freePort, type createProcessGroup } from '../processes';
import { createCall, dataOf, type Call } from './suite-http';

/** The built suite (`nx run suite:build`), which every journey starts. */
const MAIN = join(repoRoot(), 'dist/apps/suite/main.js');

/**
 * Starts the built suite for a journey, as the webhook and risk journeys run it: on `database`,
 * with a queue prefix and state folder of its own, the platform admin `admin`, a fresh data key,
 * webhooks allowed to the loopback (dispatched every 200 ms, retried after 200 ms twice), and
 * `env` on top. Answers a client of it once it is ready.
 */
export async function startJourneySuite(
  processes: ReturnType<typeof createProcessGroup>,
  database: TestDatabase,
  options: { prefix: string; admin: { email: string; password: string }; env?: Record<string, string> },
): Promise<Call> {
  const port = await freePort();
  const suite = processes.start(MAIN, {
    PORT: String(port),
    METRICS_PORT: String(await freePort()),
    DATABASE_URL: database.url,
    REDIS_URL: process.env.KYB_TEST_REDIS_URL,
    QUEUE_PREFIX: `kyb-${options.prefix}-${randomBytes(4).toString('hex')}`,
    SUITE_STATE_DIR: mkdtempSync(join(tmpdir(), `kyb-${options.prefix}-`)),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: options.admin.email,
    ADMIN_PASSWORD: options.admin.password,
    SCREENING_SANDBOX_DELAY_MS: '100',
    WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_DISPATCH_EVERY_MS: '200',
    WEBHOOK_RETRY_DELAYS_MS: '200,200',
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  await suite.waitFor(/Press Ctrl-C to stop/, 90_000);
  return createCall(`http://127.0.0.1:${port}`);
}

/** A customer with a signed-in owner, as the suite's journeys use one. */
export interface Tenant {
  customerId: string;
  token: string;
}

/** What {@link createOwnerTenants} needs: the platform admin's credentials, a prefix for names and emails, the owners' password. */
export interface OwnerTenantOptions {
  admin: { email: string; password: string };
  /** Starts the customers' names (capitalised) and the owners' emails, e.g. `webhooks`. */
  prefix: string;
  password: string;
}

/**
 * One tenant per label, each with an owner as a customer makes one: the admin creates the customer
 * (E12 switched on, no onboarding limit) and its owner with a temporary password; the owner
 * completes the set-up and signs in.
 */
export async function createOwnerTenants(call: Call, options: OwnerTenantOptions, labels: string[]): Promise<Tenant[]> {
  const { admin, prefix, password } = options;
  const adminToken = dataOf<{ data: { id_token: string } }>(await call('post', '/auth/api/v1/admin/sign-in', { body: admin }), 'admin sign-in').data.id_token;
  const title = `${prefix[0].toUpperCase()}${prefix.slice(1)}`;
  const tenant = async (label: string): Promise<Tenant> => {
    const { id } = dataOf<{ id: string }>(await call('post', '/auth/api/v1/customers', { token: adminToken, body: { name: `${title} ${label} ${randomBytes(3).toString('hex')}` } }), 'customer');
    const settings = { features: { PAT_120_ADD_BUSINESS: true }, monthly_onboarding_limit: null };
    dataOf(await call('patch', `/auth/api/v1/customers/${id}`, { token: adminToken, body: settings }), 'customer settings');
    const email = `${prefix}-${label.toLowerCase()}-${randomBytes(3).toString('hex')}@example.com`;
    const owner = { first_name: 'Owner', last_name: label, email, subrole_code: 'owner', temporary_password: `${prefix} temporary 2026` };
    dataOf(await call('post', `/auth/api/v1/customers/${id}/users`, { token: adminToken, body: owner }), 'owner');
    dataOf(await call('post', '/auth/api/v1/customer/complete-setup', { body: { email, temporary_password: owner.temporary_password, new_password: password } }), 'set-up');
    const session = dataOf<{ data: { id_token: string } }>(await call('post', '/auth/api/v1/customer/sign-in', { body: { email, password } }), 'sign-in');
    return { customerId: id, token: session.data.id_token };
  };
  const tenants: Tenant[] = [];
  for (const label of labels) tenants.push(await tenant(label));
  return tenants;
}
