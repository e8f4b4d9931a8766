import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createCall, dataOf } from '@kyb/testing';

const AUTH = '/auth/api/v1';
const PASSWORD = 'fault owner passphrase 2026';

/** The tenant whose owner drives the traffic. */
export interface FaultTenant {
  customerId: string;
  /** The owner's bearer token (valid an hour: longer than the test). */
  token: string;
}

interface SignedIn {
  data: { id_token: string };
}

/**
 * Before any fault: the admin creates a customer with adding businesses switched on and no
 * monthly limit, and its owner (set up with a temporary password, signed in), whose token
 * stores the customer's screening credentials.
 */
export async function setUpFaultTenant(base: string, admin: { email: string; password: string }): Promise<FaultTenant> {
  const call = createCall(base);
  const adminToken = dataOf<SignedIn>(await call('post', `${AUTH}/admin/sign-in`, { body: admin }), 'admin sign-in').data.id_token;
  const { id: customerId } = dataOf<{ id: string }>(await call('post', `${AUTH}/customers`, { token: adminToken, body: { name: 'Fault Lending Co' } }), 'create customer');
  const settings = { features: { PAT_120_ADD_BUSINESS: true }, monthly_onboarding_limit: null };
  dataOf(await call('patch', `${AUTH}/customers/${customerId}`, { token: adminToken, body: settings }), 'customer settings');

  const email = `fault.owner.${randomBytes(3).toString('hex')}@example.com`;
  const temporary = 'fault temporary 2026';
  const person = { first_name: 'Fault', last_name: 'Owner', email, subrole_code: 'owner', temporary_password: temporary };
  dataOf(await call('post', `${AUTH}/customers/${customerId}/users`, { token: adminToken, body: person }), 'create owner');
  dataOf(await call('post', `${AUTH}/customer/complete-setup`, { body: { email, temporary_password: temporary, new_password: PASSWORD } }), 'owner set-up');
  const token = dataOf<SignedIn>(await call('post', `${AUTH}/customer/sign-in`, { body: { email, password: PASSWORD } }), 'owner sign-in').data.id_token;

  const credentials = {
    consumer_key: 'fault-consumer-key',
    private_key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }),
    certificate_expiry: '2099-01-01T00:00:00Z',
    icas: ['1996'],
  };
  dataOf(await call('put', `/integration/api/v1/screening/${customerId}/credentials`, { token, body: credentials }), 'screening credentials');
  return { customerId, token };
}
