import type { CustomerStore } from '../customers/customers.store';
import type { PasswordHasher } from '../passwords/password-hasher';
import type { UserStore } from '../users/users.store';

/** The demo tenant `npm start` seeds so a newcomer can sign in at once. */
export const DEMO_CUSTOMER_NAME = 'Demo Lending Co';

/**
 * Ensures the demo customer (with business onboarding switched on) and its owner user exist, and
 * that the owner's password is `password`, so the printed credentials always work.
 */
export async function seedDemoCustomer(
  deps: { users: UserStore; customers: CustomerStore; hasher: PasswordHasher },
  email: string,
  password: string,
): Promise<{ customerId: string; userId: string }> {
  const customer =
    (await deps.customers.findByName(DEMO_CUSTOMER_NAME)) ??
    (await deps.customers.insert({
      name: DEMO_CUSTOMER_NAME,
      created_by: null,
      monthly_onboarding_limit: 100,
      features: { PAT_120_ADD_BUSINESS: true },
    }));
  const owner = await deps.users.subroleByCode(customer.id, 'owner');
  const passwordHash = await deps.hasher.hash(password);
  const existing = await deps.users.findCustomerUser(customer.id, email);
  if (existing) {
    await deps.users.update(existing.id, { password_hash: passwordHash, status: 'ACTIVE', updated_by: existing.id });
    return { customerId: existing.customer_id ?? customer.id, userId: existing.id };
  }
  const user = await deps.users.insert({
    role: 'CUSTOMER',
    customer_id: customer.id,
    subrole_id: owner?.id ?? null,
    first_name: 'Demo',
    last_name: 'Owner',
    email,
    mobile: null,
    password_hash: passwordHash,
    status: 'ACTIVE',
    is_email_verified: true,
    is_first_login: false,
  });
  return { customerId: customer.id, userId: user.id };
}
