import type { Role } from '@kyb/auth';
import type { SignedInEntry } from '../audit/audit.service';
import type { PasswordHasher } from '../passwords/password-hasher';
import type { SessionsService } from '../sessions/sessions.service';
import type { UserStore } from '../users/users.store';
import { toUserDetails, type UserDetails, type UserRow } from '../users/user.types';
import type { SignInLimiter } from './sign-in-limiter';
import { AccountDisabledError } from '../shared/account.errors';
import { IncorrectCredentialsError, NotOnboardedError, SetupIncompleteError } from './sign-in.errors';

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

/**
 * How many CUSTOMER accounts of one email (in as many customers) a sign-in tries, most recently
 * used first: bounded so one email cannot make a sign-in arbitrarily expensive; they are verified
 * at once on the password threads (one per core, up to four).
 */
export const MAX_CUSTOMER_ACCOUNTS_TRIED = 4;

/**
 * Whether an account whose password matched may sign in: none of the account-state rules of contract
 * 7.2 refuses it (status ACTIVE, first login completed, email verified).
 */
function maySignIn(user: UserRow): boolean {
  return user.status === 'ACTIVE' && !user.is_first_login && user.is_email_verified;
}

/** Options of {@link createSignInService}. */
export interface SignInServiceOptions {
  users: UserStore;
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
  /**
   * The account among `candidates` that `password` opens. No candidate costs one decoy verification,
   * as a known email does; several are verified at once (on the password threads), so the
   * time hardly tells how many there are. When the password opens several (docs/adr/0009), one that
   * may sign in wins over one that may not, then the order of `candidates` (most recently used).
   */
  async function accountOpenedBy(candidates: UserRow[], password: string): Promise<UserRow | undefined> {
    if (candidates.length === 0) {
      await options.hasher.verify(null, password);
      return undefined;
    }
    const opened = await Promise.all(candidates.map((c) => options.hasher.verify(c.password_hash, password)));
    const matches = candidates.filter((_c, i) => opened[i]);
    return matches.find(maySignIn) ?? matches[0];
  }

  return {
    /** Starts a session for a user whose credentials were checked (noting the sign-in, `signedIn` its audit entry), and answers the 2.10 result. */
    async sessionFor(user: UserRow, signedIn: SignedInEntry): Promise<SignInResult> {
      // Read with the session's writes, in one statement: the answer shows them, and the session's tokens carry them.
      const { tokens, facts } = await options.sessions.start(user, signedIn);
      const { subrole, permissions, customer } = facts;
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
      const candidates =
        role === 'CUSTOMER'
          ? await options.users.customerAccountsByEmail(email, MAX_CUSTOMER_ACCOUNTS_TRIED)
          : [await options.users.findByEmail(role, email)].filter((row): row is UserRow => row !== undefined);
      const user = await accountOpenedBy(candidates, password);
      if (!user) throw new IncorrectCredentialsError();
      if (user.status === 'INACTIVE') throw new AccountDisabledError();
      if (user.status !== 'ACTIVE') throw new NotOnboardedError();
      if (user.is_first_login || !user.is_email_verified) throw new SetupIncompleteError();
      await options.limiter.succeeded(email, address);
      return user;
    },

    async signIn(role: Role, email: string, password: string, address: string, signedIn: SignedInEntry): Promise<SignInResult> {
      return this.sessionFor(await this.checkCredentials(role, email, password, address), signedIn);
    },
  };
}

/** The sign-in service type, for injection. */
export type SignInService = ReturnType<typeof createSignInService>;
