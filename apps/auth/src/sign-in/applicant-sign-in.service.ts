import { recordEvent, withTransaction, type Knex } from '@kyb/db';
import type { InvitationAcceptances, InvitationDirectory, InvitationEntry } from '@kyb/area-views';
import type { SignedInEntry } from '../audit/audit.service';
import type { CustomerStore } from '../customers/customers.store';
import type { EmailProofService } from '../email-proofs/email-proofs.service';
import type { PasswordHasher } from '../passwords/password-hasher';
import { assertPasswordPolicy } from '../passwords/password-policy';
import type { SessionsService } from '../sessions/sessions.service';
import { AccountDisabledError } from '../shared/account.errors';
import type { UserRow } from '../users/user.types';
import type { UserStore } from '../users/users.store';
import type { SignInLimiter } from './sign-in-limiter';
import { IncorrectCredentialsError, InvalidInvitationError } from './sign-in.errors';
import type { SignInResult, SignInService } from './sign-in.service';

/** Options of {@link createApplicantSignInService}. */
export interface ApplicantSignInOptions {
  db: Knex;
  users: UserStore;
  customers: CustomerStore;
  invitations: InvitationDirectory;
  acceptances: InvitationAcceptances;
  proofs: EmailProofService;
  hasher: PasswordHasher;
  limiter: SignInLimiter;
  signIn: SignInService;
  sessions: SessionsService;
  clock: () => Date;
}

/** What an applicant sign-in sends. */
export interface ApplicantSignInInput {
  email: string;
  password: string;
  inviteToken?: string;
  emailCode?: string;
  address: string;
  /** The audit entry of a success, appended with the session. */
  signedIn: SignedInEntry;
}

/** Signed in, or a code was mailed and the same request must come back with it. */
export type ApplicantSignInOutcome = { signedIn: SignInResult } | { codeSent: { expiresInSeconds: number } };

/**
 * Applicant sign-in (docs/adr/0010). An applicant is one identity per email, bound to no customer:
 * it may act on the businesses of the invitations it accepted, from any number of customers.
 * - A verified identity signs in with email and password; an invitation it brings is accepted.
 * - Anything else with an invitation (no identity, an unproven one, or a password that does not
 *   open it) mails a one-time code to the invitation's email; the same request with `email_code`
 *   then claims the identity with that password and accepts the invitation. Nobody who cannot
 *   read the mailbox can create, take over or block an identity, and the answer is the same
 *   whether the email has an identity or not.
 * - An identity from before email proof proves its email with its password and a code.
 */
export function createApplicantSignInService(options: ApplicantSignInOptions) {
  const { users } = options;

  async function usableInvitation(token: string, email: string): Promise<InvitationEntry> {
    const invitation = await options.invitations.find(token);
    const fits =
      invitation !== undefined &&
      invitation.applicantEmail.toLowerCase() === email.toLowerCase() &&
      invitation.expiresAt.getTime() > options.clock().getTime() &&
      !(await options.acceptances.acceptedAt([invitation.id])).has(invitation.id);
    if (!fits) throw new InvalidInvitationError();
    return invitation;
  }

  /**
   * Records the invitation as used and announces it (`invitation.accepted`) in the caller's
   * transaction: only the first acceptance inserts, so the event is written once per invitation.
   */
  async function accept(trx: Knex, user: Pick<UserRow, 'id'>, invitation: InvitationEntry): Promise<void> {
    const fresh = await users.acceptInvitation(trx, {
      invitation_id: invitation.id,
      user_id: user.id,
      customer_id: invitation.customerId,
      business_id: invitation.businessId,
    });
    if (!fresh) throw new InvalidInvitationError();
    await recordEvent(trx, 'auth', {
      type: 'invitation.accepted',
      customerId: invitation.customerId,
      data: { invitation_id: invitation.id, business_id: invitation.businessId },
    });
  }

  async function sendCode(email: string, invitation: InvitationEntry | null): Promise<ApplicantSignInOutcome> {
    const customer = invitation ? await options.customers.findById(invitation.customerId) : undefined;
    return { codeSent: await options.proofs.send(email, invitation?.id ?? null, { customerName: customer?.name }) };
  }

  /**
   * Claims the identity of `email` with a checked code: creates it, or gives an existing one the new
   * password (and ends its sessions: whoever held it before did not prove the email), then accepts
   * `invitation`. Without an invitation the password already opened the account and stays.
   */
  async function claim(email: string, password: string, invitation: InvitationEntry | null, code: string): Promise<UserRow> {
    const proof = await options.proofs.check(email, invitation?.id ?? null, code);
    const passwordHash = invitation ? await options.hasher.hash(password) : undefined;
    const { user, replaced } = await withTransaction(options.db, async (trx) => {
      // One claim of an email at a time: two codes proven at once must not create two identities.
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`applicant-identity:${email.toLowerCase()}`]);
      const current = await users.findByEmail('APPLICANT', email, trx);
      if (current?.status === 'INACTIVE') throw new AccountDisabledError();
      // Without an invitation only an existing account proves its email (it may have gone meanwhile).
      if (!current && !invitation) throw new IncorrectCredentialsError();
      await options.proofs.consume(trx, proof);
      const claimed = current
        ? await users.update(current.id, { is_email_verified: true, customer_id: null, ...(passwordHash ? { password_hash: passwordHash } : {}) }, trx)
        : await users.insert(
            {
              role: 'APPLICANT',
              customer_id: null,
              subrole_id: null,
              first_name: invitation?.applicantFirstName ?? '',
              last_name: invitation?.applicantLastName ?? '',
              email,
              mobile: null,
              password_hash: passwordHash ?? null,
              status: 'ACTIVE',
              is_email_verified: true,
              is_first_login: false,
            },
            trx,
          );
      if (!claimed) throw new IncorrectCredentialsError();
      if (invitation) await accept(trx, claimed, invitation);
      return { user: claimed, replaced: current !== undefined && passwordHash !== undefined };
    });
    if (replaced) await options.sessions.revokeAll(user.id, 'email-proven');
    return user;
  }

  async function signedIn(user: UserRow, input: ApplicantSignInInput): Promise<ApplicantSignInOutcome> {
    await options.limiter.succeeded(input.email, input.address);
    return { signedIn: await options.signIn.sessionFor(user, input.signedIn) };
  }

  return {
    async signIn(input: ApplicantSignInInput): Promise<ApplicantSignInOutcome> {
      const { email, password, inviteToken, emailCode, address } = input;
      await options.limiter.attempt(email, address);
      const existing = await users.findByEmail('APPLICANT', email);
      const opens = await options.hasher.verify(existing?.password_hash ?? null, password);
      if (existing && opens && existing.status === 'INACTIVE') throw new AccountDisabledError();

      if (existing && opens && existing.is_email_verified) {
        if (inviteToken !== undefined) {
          const invitation = await usableInvitation(inviteToken, email);
          await withTransaction(options.db, (trx) => accept(trx, existing, invitation));
        }
        return signedIn(existing, input);
      }

      if (inviteToken === undefined) {
        // Only an identity from before email proof, opened by its password, may prove it without an invitation.
        if (!existing || !opens) throw new IncorrectCredentialsError();
        if (emailCode === undefined) return sendCode(existing.email, null);
        return signedIn(await claim(email, password, null, emailCode), input);
      }

      const invitation = await usableInvitation(inviteToken, email);
      // Checked before a code is sent or spent, so a refused password costs neither.
      assertPasswordPolicy(password, email);
      if (emailCode === undefined) return sendCode(invitation.applicantEmail, invitation);
      return signedIn(await claim(email, password, invitation, emailCode), input);
    },
  };
}

/** The applicant sign-in service type, for injection. */
export type ApplicantSignInService = ReturnType<typeof createApplicantSignInService>;
