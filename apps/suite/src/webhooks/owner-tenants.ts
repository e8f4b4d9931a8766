import { randomBytes } from 'node:crypto';
import { dataOf, type Call } from '../tenant-matrix/matrix-http';

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
