import type { PasswordHasher } from '../passwords/password-hasher';
import { assertPasswordPolicy } from '../passwords/password-policy';
import type { UserStore } from '../users/users.store';

/**
 * Creates the platform ADMIN from configuration when none exists yet. Several pods may start at
 * once: the unique email index makes the second insert fail harmlessly.
 */
export async function bootstrapAdmin(deps: { users: UserStore; hasher: PasswordHasher }, email: string, password: string): Promise<boolean> {
  if ((await deps.users.countAdmins()) > 0) return false;
  assertPasswordPolicy(password, email);
  try {
    await deps.users.insert({
      role: 'ADMIN',
      customer_id: null,
      subrole_id: null,
      first_name: 'Platform',
      last_name: 'Admin',
      email,
      mobile: null,
      password_hash: await deps.hasher.hash(password),
      status: 'ACTIVE',
      is_email_verified: true,
      is_first_login: false,
    });
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') return false;
    throw err;
  }
}
