import type { Knex } from '@kyb/db';
import { dataOf, type Call } from '@kyb/testing';
import { buildWorld, type World } from '../tenant-matrix/matrix-world';
import type { CallerName } from './fuzz-request';
import type { FuzzRoute } from './fuzz-routes';
import { ROUTE_SAMPLES } from '../tenant-matrix/route-samples';

const AUTH = '/auth/api/v1';
const PASSWORD = 'fuzz passphrase 2026';

/** The tenant matrix's world, plus what the fuzzer needs so that its requests do not break it. */
export interface FuzzWorld {
  world: World;
  /** The path ids of real resources for `route`, by lower-cased parameter name. */
  idsFor(route: FuzzRoute): Record<string, string>;
  /** The token `caller` sends on `route`: a fresh session where the route ends the caller's sessions. */
  tokenFor(route: FuzzRoute, caller: CallerName): Promise<string | undefined>;
  /** Whether `route` ends the caller's sessions, so it must run after every other route. */
  endsSessions(route: FuzzRoute): boolean;
}

/** Logging out without a refresh token ends every session of the caller (sessions.service). */
const LOGOUT = 'POST /auth/api/v1/customer/logout';
/** A customer's settings: status DISABLED would end tenant A's sessions, features off would close E12. */
const CUSTOMER_SETTINGS = 'PATCH /auth/api/v1/customers/{customerID}';

/**
 * Builds the matrix's world (tenants A and B, their users, A's businesses, invitation, report,
 * score, screening and run), then a customer of its own for the settings route to change at will,
 * and an owner of tenant A who signs in anew for each logout.
 */
export async function buildFuzzWorld(call: Call, db: Knex, secrets: { adminEmail: string; adminPassword: string; dataEncryptionKey: Buffer }): Promise<FuzzWorld> {
  const world = await buildWorld(call, db, secrets);
  const admin = world.callers.admin.token;
  const tenantA = world.ids.customerid;
  const spare = dataOf<{ id: string }>(await call('post', `${AUTH}/customers`, { token: admin, body: { name: `Fuzz spare ${world.unique()}` } }), 'spare customer').id;

  const leavingEmail = `fuzz-leaving-${world.unique()}@example.com`;
  const person = { first_name: 'Fuzz', last_name: 'Leaving', email: leavingEmail, subrole_code: 'owner', temporary_password: 'fuzz temporary 2026' };
  dataOf(await call('post', `${AUTH}/customers/${tenantA}/users`, { token: admin, body: person }), 'leaving user');
  dataOf(await call('post', `${AUTH}/customer/complete-setup`, { body: { email: leavingEmail, temporary_password: person.temporary_password, new_password: PASSWORD } }), 'leaving set-up');

  const signIn = async (path: string, email: string, password: string) =>
    dataOf<{ data: { id_token: string } }>(await call('post', `${AUTH}/${path}`, { body: { email, password } }), `${path} of ${email}`).data.id_token;

  return {
    world,
    // A route's own ids and its path values that are not ids (a capability) as the matrix fills them.
    idsFor: (route) => ({
      ...(route.key === CUSTOMER_SETTINGS ? { ...world.ids, customerid: spare } : world.ids),
      ...ROUTE_SAMPLES[route.key]?.ids?.(world),
      ...ROUTE_SAMPLES[route.key]?.fixed,
    }),
    async tokenFor(route, caller) {
      if (caller === 'anonymous') return undefined;
      if (caller === 'applicant') return world.callers.applicantInvited.token;
      if (route.key !== LOGOUT) return world.callers[caller].token;
      return caller === 'admin' ? signIn('admin/sign-in', secrets.adminEmail, secrets.adminPassword) : signIn('customer/sign-in', leavingEmail, PASSWORD);
    },
    endsSessions: (route) => route.key === LOGOUT,
  };
}
