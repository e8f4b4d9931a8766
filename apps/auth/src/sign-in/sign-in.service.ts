import type { Role } from '@kyb/auth';
import type { PasswordHasher } from '../passwords/password-hasher';
import type { SessionsService } from '../sessions/sessions.service';
import type { UserStore } from '../users/users.store';
import { toUserDetails, type UserDetails, type UserRow } from '../users/user.types';
import type { CustomerStore } from '../customers/customers.store';
import type { SignInLimiter } from './sign-in-limiter';
import { AccountDisabledError, IncorrectCredentialsError, NotOnboardedError, SetupIncompleteError } from './sign-in.errors';

/** What a sign-in answers inside the double envelope (contract 2.10). */
export interface SignInResult {
  user_details: UserDetails;
  access_token: string;
  id_token: string;
  refresh_token: string;
  subrole: { id: string; code: string; label: string } | null;
  permissions: Array<{ id: number; code: string; label: string }>;
  customer_details: { id: string; name: string } | null;
}

/** Options of {@link createSignInService}. */
export interface SignInServiceOptions {
  users: UserStore;
  customers: CustomerStore;
  hasher: PasswordHasher;
  sessions: SessionsService;
  limiter: SignInLimiter;
}

/**
 * Password sign-in for one role. The password is checked before anything about the account is
 * revealed, and an unknown email costs the same argon2 work as a known one: both give the same
 * answer in the same time, so the endpoint does not tell which emails exist.
 */
export function createSignInService(options: SignInServiceOptions) {
  return {
    /** Starts a session for a user whose credentials were checked, and answers the 2.10 result. */
    async sessionFor(user: UserRow): Promise<SignInResult> {
      const [tokens, subrole, permissions, customer] = await Promise.all([
        options.sessions.start(user),
        options.users.subroleById(user.subrole_id),
        options.users.permissionsOf(user.subrole_id),
        user.customer_id ? options.customers.findById(user.customer_id) : Promise.resolve(undefined),
      ]);
      return {
        user_details: toUserDetails(user),
        ...tokens,
        subrole: subrole ? { id: subrole.id, code: subrole.code, label: subrole.label } : null,
        permissions,
        customer_details: customer ? { id: customer.id, name: customer.name } : null,
      };
    },

    /** Checks a role's credentials under the rate limits; answers the user, or throws the sign-in error. */
    async checkCredentials(role: Role, email: string, password: string, address: string): Promise<UserRow> {
      await options.limiter.attempt(email, address);
      const user = await options.users.findByEmail(role, email);
      const matches = await options.hasher.verify(user?.password_hash ?? null, password);
      if (!user || !matches) throw new IncorrectCredentialsError();
      if (user.status === 'INACTIVE') throw new AccountDisabledError();
      if (user.status !== 'ACTIVE') throw new NotOnboardedError();
      if (user.is_first_login || !user.is_email_verified) throw new SetupIncompleteError();
      await options.limiter.succeeded(email, address);
      return user;
    },

    async signIn(role: Role, email: string, password: string, address: string): Promise<SignInResult> {
      return this.sessionFor(await this.checkCredentials(role, email, password, address));
    },
  };
}

/** The sign-in service type, for injection. */
export type SignInService = ReturnType<typeof createSignInService>;
