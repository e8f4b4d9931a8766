import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import type { Knex } from '@kyb/db';
import type { AuthArea } from '../area';
import { createPasswordHasher } from '../passwords/password-hasher';
import type { UserRow } from '../users/user.types';
import { signIn } from './api-sign-in';

/** A password every fixture user gets unless a test says otherwise. */
export const FIXTURE_PASSWORD = 'correct-horse-battery-staple';

/** Columns a test may set on a fixture user. */
export type FixtureUser = Partial<Pick<UserRow, 'status' | 'is_first_login' | 'is_email_verified' | 'first_name' | 'last_name' | 'mobile'>> & {
  customerId: string;
  email?: string;
  password?: string | null;
  subrole?: string;
};

const hasher = createPasswordHasher();
let precomputed: Promise<string> | undefined;

/** Data set-up straight through SQL, so each test states only what matters to it. */
export function createAuthFixtures(db: Knex, app: Express, area: AuthArea) {
  const ADMIN_EMAIL = 'admin@platform.test';

  async function passwordHash(password: string): Promise<string> {
    if (password !== FIXTURE_PASSWORD) return hasher.hash(password);
    precomputed ??= hasher.hash(FIXTURE_PASSWORD);
    return precomputed;
  }

  return {
    async customer(name = `Customer ${randomUUID().slice(0, 8)}`): Promise<string> {
      const [row] = await db('auth.customers').insert({ name }).returning('id');
      return (row as { id: string }).id;
    },

    async user(input: FixtureUser): Promise<UserRow> {
      const subrole = await db('auth.subroles').where({ code: input.subrole ?? 'owner' }).whereNull('customer_id').first();
      const id = randomUUID();
      const password = input.password === undefined ? FIXTURE_PASSWORD : input.password;
      const [row] = await db('auth.users')
        .insert({
          id,
          role: 'CUSTOMER',
          customer_id: input.customerId,
          subrole_id: subrole.id,
          first_name: input.first_name ?? 'Test',
          last_name: input.last_name ?? 'User',
          email: input.email ?? `user-${id.slice(0, 8)}@example.com`,
          mobile: input.mobile ?? null,
          password_hash: password === null ? null : await passwordHash(password),
          status: input.status ?? 'ACTIVE',
          is_email_verified: input.is_email_verified ?? true,
          is_first_login: input.is_first_login ?? false,
          created_by: id,
          updated_by: id,
        })
        .returning('*');
      return row as UserRow;
    },

    /** Bootstraps the platform admin (once) and returns its id_token. */
    async adminToken(): Promise<string> {
      await area.bootstrapAdmin(ADMIN_EMAIL, FIXTURE_PASSWORD);
      return (await signIn(app, ADMIN_EMAIL, FIXTURE_PASSWORD, '/auth/api/v1/admin/sign-in')).id_token;
    },

    /** A new customer with an owner user, signed in. */
    async ownerSession(): Promise<{ customerId: string; user: UserRow; token: string; refreshToken: string }> {
      const customerId = await this.customer();
      const user = await this.user({ customerId });
      const session = await signIn(app, user.email, FIXTURE_PASSWORD);
      return { customerId, user, token: session.id_token, refreshToken: session.refresh_token };
    },
  };
}

/** The fixtures type. */
export type AuthFixtures = ReturnType<typeof createAuthFixtures>;
