import { ValidationError } from '@kyb/envelope';
import { withTransaction, type Knex } from '@kyb/db';
import { hashToken } from '@kyb/secrets';
import type { PasswordHasher } from '../passwords/password-hasher';
import { assertPasswordPolicy } from '../passwords/password-policy';
import { PasswordPolicyError } from '../passwords/passwords.errors';
import { AccountDisabledError } from '../shared/account.errors';
import type { SignInLimiter } from '../sign-in/sign-in-limiter';
import { MAX_CUSTOMER_ACCOUNTS_TRIED } from '../sign-in/sign-in.service';
import type { SetupTokenStore } from '../users/setup-tokens.store';
import type { UserStore } from '../users/users.store';
import { toUserDetails, type UserRow } from '../users/user.types';
import { InvalidSetupCredentialsError } from './account-setup.errors';

/** Input of the account set-up: one of the two credentials, and the new password. */
export interface CompleteSetupInput {
  email: string;
  temporary_password?: string;
  invitation_token?: string;
  new_password: string;
}

/** Options of {@link createAccountSetupService}. */
export interface AccountSetupServiceOptions {
  db: Knex;
  users: UserStore;
  setupTokens: SetupTokenStore;
  hasher: PasswordHasher;
  limiter: SignInLimiter;
  clock: () => Date;
}

/**
 * Completes a customer user's account: proves the temporary password or the one-time invitation
 * token, sets the new password, verifies the email, ends the first login and activates the user.
 */
export function createAccountSetupService(options: AccountSetupServiceOptions) {
  /** The account still in its first login that the temporary password opens (tried as sign-in tries them). */
  async function accountOfTemporaryPassword(email: string, temporaryPassword: string): Promise<UserRow | undefined> {
    const candidates = await options.users.customerAccountsByEmail(email, MAX_CUSTOMER_ACCOUNTS_TRIED);
    if (candidates.length === 0) await options.hasher.verify(null, temporaryPassword);
    const opened = await Promise.all(candidates.map((c) => options.hasher.verify(c.password_hash, temporaryPassword)));
    return candidates.find((c, i) => opened[i] && c.is_first_login);
  }

  /** The CUSTOMER account the invitation token was issued to, if it has this email. */
  async function accountOfInvitation(email: string, token: string): Promise<UserRow | undefined> {
    const userId = await options.setupTokens.userOf(hashToken(token));
    const user = userId ? await options.users.findById(userId) : undefined;
    return user && user.role === 'CUSTOMER' && user.email.toLowerCase() === email.toLowerCase() ? user : undefined;
  }

  return {
    async complete(input: CompleteSetupInput, address: string) {
      if ((input.temporary_password === undefined) === (input.invitation_token === undefined)) {
        throw new ValidationError('body must have exactly one of temporary_password and invitation_token');
      }
      await options.limiter.attempt(input.email, address);
      assertPasswordPolicy(input.new_password, input.email);
      // One email may have accounts in several customers (docs/adr/0009): the credential says which.
      const user =
        input.temporary_password !== undefined
          ? await accountOfTemporaryPassword(input.email, input.temporary_password)
          : await accountOfInvitation(input.email, input.invitation_token as string);
      if (!user) throw new InvalidSetupCredentialsError();
      if (input.temporary_password !== undefined && input.temporary_password === input.new_password) {
        throw new PasswordPolicyError('The new password must differ from the temporary password.');
      }
      if (user.status === 'INACTIVE') throw new AccountDisabledError();
      const passwordHash = await options.hasher.hash(input.new_password);
      const updated = await withTransaction(options.db, async (trx) => {
        if (input.invitation_token !== undefined) {
          const used = await options.setupTokens.consume(user.id, hashToken(input.invitation_token), options.clock(), trx);
          if (!used) throw new InvalidSetupCredentialsError();
        }
        return options.users.update(
          user.id,
          { password_hash: passwordHash, status: 'ACTIVE', is_email_verified: true, is_first_login: false, updated_by: user.id },
          trx,
        );
      });
      await options.limiter.succeeded(input.email, address);
      return { user_details: toUserDetails(updated ?? user) };
    },
  };
}

/** The account set-up service type, for injection. */
export type AccountSetupService = ReturnType<typeof createAccountSetupService>;
