import { unseen, type AuthContext } from '@kyb/auth';
import { DuplicateError, NotFoundError } from '@kyb/envelope';
import { withTransaction, type Knex } from '@kyb/db';
import { hashToken, randomToken } from '@kyb/secrets';
import { CustomerNotFoundError } from '@kyb/area-views';
import { listPage } from '@kyb/validation';
import type { PasswordHasher } from '../passwords/password-hasher';
import { assertPasswordPolicy } from '../passwords/password-policy';
import type { CustomerStore } from '../customers/customers.store';
import { normaliseMobile } from './mobile';
import type { SetupTokenStore } from './setup-tokens.store';
import { toCustomerUserRecord, type CustomerUserRecord, type UserStatus } from './user.types';
import { UnknownSubroleError } from './users.errors';
import type { UserListQuery } from './users.schemas';
import type { UserStore } from './users.store';

/** Input of {@link UsersService.create}. */
export interface CreateUserInput {
  first_name: string;
  last_name: string;
  email: string;
  mobile?: string;
  subrole_code: string;
  temporary_password?: string;
}

/** Input of {@link UsersService.update}. */
export interface UpdateUserInput {
  status?: UserStatus;
  first_name?: string;
  last_name?: string;
  mobile?: string | null;
  subrole_code?: string;
}

/**
 * Ends every session of a user (the sessions service). Declared here rather than imported, so that
 * users does not depend on sessions, which reads users.
 */
export interface UserSessionEnder {
  revokeAll(userId: string, reason: string): Promise<void>;
}

/** Options of {@link createUsersService}. */
export interface UsersServiceOptions {
  db: Knex;
  users: UserStore;
  customers: CustomerStore;
  setupTokens: SetupTokenStore;
  hasher: PasswordHasher;
  sessions: UserSessionEnder;
  publicAppUrl: string;
  setupLinkTtlSeconds: number;
  clock: () => Date;
}

/** A customer's users: listing (E2), creation with a temporary password or an invitation link, changes. */
export function createUsersService(options: UsersServiceOptions) {
  const { users, customers } = options;

  async function requireCustomer(customerId: string): Promise<void> {
    if (!(await customers.findById(customerId))) throw new CustomerNotFoundError();
  }

  async function subroleId(customerId: string, code: string): Promise<string> {
    const subrole = await users.subroleByCode(customerId, code);
    if (!subrole) throw new UnknownSubroleError(code);
    return subrole.id;
  }

  return {
    async list(query: UserListQuery): Promise<{ records: CustomerUserRecord[]; total_pages: number; total_items: string }> {
      // The customer's existence is read with the page, in the same statement.
      const { rows, total, customerFound } = await users.list(query);
      if (!customerFound) throw new CustomerNotFoundError();
      return listPage(rows.map((row) => toCustomerUserRecord(row, row.subrole)), total, query);
    },

    async create(customerId: string, input: CreateUserInput, actorId: string): Promise<CustomerUserRecord & { invitation_url?: string }> {
      await requireCustomer(customerId);
      const mobile = input.mobile === undefined ? null : normaliseMobile(input.mobile);
      if (input.temporary_password !== undefined) assertPasswordPolicy(input.temporary_password, input.email);
      const subrole = await subroleId(customerId, input.subrole_code);
      // Only this customer's own users count: another tenant's email is answered as a fresh one (docs/adr/0009).
      if (await users.findCustomerUser(customerId, input.email)) throw new DuplicateError('A user with this email already exists.', 'UserApiError');
      const passwordHash = input.temporary_password === undefined ? null : await options.hasher.hash(input.temporary_password);
      const token = randomToken();
      const row = await withTransaction(options.db, async (trx) => {
        const created = await users
          .insert(
            {
              role: 'CUSTOMER',
              customer_id: customerId,
              subrole_id: subrole,
              first_name: input.first_name.trim(),
              last_name: input.last_name.trim(),
              email: input.email,
              mobile,
              password_hash: passwordHash,
              status: passwordHash ? 'ACTIVE' : 'INVITED',
              is_email_verified: false,
              is_first_login: true,
              created_by: actorId,
              updated_by: actorId,
            },
            trx,
          )
          .catch((err: { code?: string }) => {
            if (err.code === '23505') throw new DuplicateError('A user with this email already exists.', 'UserApiError');
            throw err;
          });
        if (!passwordHash) {
          const expiresAt = new Date(options.clock().getTime() + options.setupLinkTtlSeconds * 1000);
          await options.setupTokens.insert({ user_id: created.id, token_hash: hashToken(token), expires_at: expiresAt }, trx);
        }
        return created;
      });
      const record = toCustomerUserRecord(row, await users.subroleById(row.subrole_id));
      if (passwordHash) return record;
      const url = new URL('/account-setup', options.publicAppUrl);
      url.searchParams.set('email', row.email);
      url.searchParams.set('invitation_token', token);
      return { ...record, invitation_url: url.toString() };
    },

    async update(caller: AuthContext, customerId: string, userId: string, input: UpdateUserInput): Promise<CustomerUserRecord> {
      const actorId = caller.userId;
      const existing = await users.findById(userId);
      // Another customer's user and an unknown id answer alike to all but an ADMIN (issue 14).
      if (!existing || existing.customer_id !== customerId || existing.role !== 'CUSTOMER') {
        throw unseen(caller, new NotFoundError('User not found', 'UserApiError'));
      }
      const { subrole_code, mobile, ...rest } = input;
      const changes = {
        ...rest,
        ...(rest.first_name ? { first_name: rest.first_name.trim() } : {}),
        ...(rest.last_name ? { last_name: rest.last_name.trim() } : {}),
        ...(mobile !== undefined ? { mobile: mobile === null ? null : normaliseMobile(mobile) } : {}),
        ...(subrole_code ? { subrole_id: await subroleId(customerId, subrole_code) } : {}),
        updated_by: actorId,
      };
      const row = await users.update(userId, changes);
      if (!row) throw new NotFoundError('User not found', 'UserApiError');
      // Tokens carry the status and permissions they were issued with: end them where those changed.
      if (input.status === 'INACTIVE') await options.sessions.revokeAll(userId, 'user-inactive');
      else if (row.subrole_id !== existing.subrole_id) await options.sessions.revokeAll(userId, 'subrole-changed');
      return toCustomerUserRecord(row, await users.subroleById(row.subrole_id));
    },
  };
}

/** The users service type, for injection. */
export type UsersService = ReturnType<typeof createUsersService>;
