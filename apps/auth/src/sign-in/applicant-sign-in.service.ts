import { AppError } from '@kyb/envelope';
import { withTransaction, type Knex } from '@kyb/db';
import type { InvitationDirectory, InvitationEntry } from '@kyb/tenants';
import type { PasswordHasher } from '../passwords/password-hasher';
import { assertPasswordPolicy } from '../passwords/password-policy';
import type { UserRow } from '../users/user.types';
import type { UserStore } from '../users/users.store';
import type { SignInLimiter } from './sign-in-limiter';
import { AccountDisabledError, IncorrectCredentialsError } from './sign-in.errors';
import type { SignInResult, SignInService } from './sign-in.service';

/** An invite token that is unknown, for another email, expired or already used. */
export class InvalidInvitationError extends AppError {
  constructor() {
    super({
      message: 'The invitation is not valid, has expired or was already used.',
      httpStatus: 400,
      errorCode: 'INVALID',
      errorName: 'SignInApiError',
    });
  }
}

/** Options of {@link createApplicantSignInService}. */
export interface ApplicantSignInOptions {
  db: Knex;
  users: UserStore;
  invitations: InvitationDirectory;
  hasher: PasswordHasher;
  limiter: SignInLimiter;
  signIn: SignInService;
  clock: () => Date;
}

/**
 * Applicant sign-in: the first use of an invitation creates the applicant's login (role
 * APPLICANT, limited to the invitation's business); later sign-ins need only email and password,
 * and may bring another invitation of the same customer. Each invitation works once, until it expires.
 */
export function createApplicantSignInService(options: ApplicantSignInOptions) {
  const { users } = options;

  async function usableInvitation(token: string, email: string): Promise<InvitationEntry> {
    const invitation = await options.invitations.find(token);
    const fits =
      invitation !== undefined &&
      invitation.applicantEmail.toLowerCase() === email.toLowerCase() &&
      invitation.expiresAt.getTime() > options.clock().getTime();
    if (!fits) throw new InvalidInvitationError();
    return invitation;
  }

  async function accept(trx: Knex, user: Pick<UserRow, 'id' | 'customer_id'>, invitation: InvitationEntry): Promise<void> {
    if (invitation.customerId !== user.customer_id) throw new InvalidInvitationError();
    const fresh = await users.acceptInvitation(trx, {
      invitation_id: invitation.id,
      user_id: user.id,
      customer_id: invitation.customerId,
      business_id: invitation.businessId,
    });
    if (!fresh) throw new InvalidInvitationError();
  }

  return {
    async signIn(email: string, password: string, inviteToken: string | undefined, address: string): Promise<SignInResult> {
      await options.limiter.attempt(email, address);
      const existing = await users.findByEmail('APPLICANT', email);
      if (existing) {
        if (!(await options.hasher.verify(existing.password_hash, password))) throw new IncorrectCredentialsError();
        if (existing.status === 'INACTIVE') throw new AccountDisabledError();
        if (inviteToken !== undefined) {
          const invitation = await usableInvitation(inviteToken, email);
          await withTransaction(options.db, (trx) => accept(trx, existing, invitation));
        }
        await options.limiter.succeeded(email, address);
        return options.signIn.sessionFor(existing);
      }
      if (inviteToken === undefined) {
        await options.hasher.verify(null, password);
        throw new IncorrectCredentialsError();
      }
      const invitation = await usableInvitation(inviteToken, email);
      // The password is checked before the invitation is spent, so a refused password keeps it usable.
      assertPasswordPolicy(password, email);
      const passwordHash = await options.hasher.hash(password);
      const user = await withTransaction(options.db, async (trx) => {
        const created = await users.insert(
          {
            role: 'APPLICANT',
            customer_id: invitation.customerId,
            subrole_id: null,
            first_name: invitation.applicantFirstName,
            last_name: invitation.applicantLastName,
            email,
            mobile: null,
            password_hash: passwordHash,
            status: 'ACTIVE',
            is_email_verified: true,
            is_first_login: false,
          },
          trx,
        );
        await accept(trx, created, invitation);
        return created;
      });
      await options.limiter.succeeded(email, address);
      return options.signIn.sessionFor(user);
    },
  };
}

/** The applicant sign-in service type, for injection. */
export type ApplicantSignInService = ReturnType<typeof createApplicantSignInService>;
