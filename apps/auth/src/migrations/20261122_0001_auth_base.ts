import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** Customers (tenants), permissions and subroles, users, refresh tokens, set-up tokens and signing keys. */
export const authBase: Migration = {
  name: '20261122_0001_auth_base',
  async up(db: Knex) {
    await db.schema.withSchema('auth').createTable('customers', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.text('name').notNullable();
      t.integer('monthly_onboarding_limit').nullable();
      t.jsonb('features').notNullable().defaultTo('{}');
      t.uuid('created_by').nullable();
      t.uuid('updated_by').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.schema.withSchema('auth').createTable('permissions', (t) => {
      t.integer('id').primary();
      t.text('code').notNullable().unique();
      t.text('label').notNullable();
    });
    await db.schema.withSchema('auth').createTable('subroles', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.uuid('customer_id').nullable().references('id').inTable('auth.customers').onDelete('CASCADE');
      t.text('code').notNullable();
      t.text('display_name').notNullable();
      t.text('label').notNullable();
      t.text('description').notNullable();
    });
    await db.raw('create unique index subroles_global_code on auth.subroles (code) where customer_id is null');
    await db.raw('create unique index subroles_customer_code on auth.subroles (customer_id, code) where customer_id is not null');
    await db.schema.withSchema('auth').createTable('subrole_permissions', (t) => {
      t.uuid('subrole_id').notNullable().references('id').inTable('auth.subroles').onDelete('CASCADE');
      t.integer('permission_id').notNullable().references('id').inTable('auth.permissions');
      t.primary(['subrole_id', 'permission_id']);
    });
    await db.schema.withSchema('auth').createTable('users', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.text('role').notNullable();
      t.uuid('customer_id').nullable().references('id').inTable('auth.customers');
      t.uuid('subrole_id').nullable().references('id').inTable('auth.subroles');
      t.text('first_name').notNullable();
      t.text('last_name').notNullable();
      t.text('email').notNullable();
      t.text('mobile').nullable();
      t.text('password_hash').nullable();
      t.text('status').notNullable();
      t.boolean('is_email_verified').notNullable().defaultTo(false);
      t.boolean('is_first_login').notNullable().defaultTo(true);
      t.uuid('ext_auth_ref_id').notNullable().defaultTo(db.raw('gen_random_uuid()'));
      t.uuid('created_by').notNullable();
      t.uuid('updated_by').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.raw(`alter table auth.users add constraint users_role_check check (role in ('ADMIN', 'CUSTOMER', 'APPLICANT'))`);
    await db.raw(
      `alter table auth.users add constraint users_status_check check (status in ('INVITED', 'ACTIVE', 'INACTIVE', 'SIGNUP_PENDING'))`,
    );
    await db.raw(`alter table auth.users add constraint users_customer_check check (role = 'ADMIN' or customer_id is not null)`);
    await db.raw('create unique index users_role_email on auth.users (role, lower(email))');
    await db.raw('create index users_customer on auth.users (customer_id, created_at)');

    await db.schema.withSchema('auth').createTable('refresh_tokens', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.uuid('user_id').notNullable().references('id').inTable('auth.users').onDelete('CASCADE');
      t.uuid('family_id').notNullable();
      t.text('token_hash').notNullable().unique();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true }).nullable();
      t.timestamp('revoked_at', { useTz: true }).nullable();
      t.text('revoke_reason').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.index(['family_id']);
      t.index(['user_id']);
    });
    await db.schema.withSchema('auth').createTable('setup_tokens', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.uuid('user_id').notNullable().references('id').inTable('auth.users').onDelete('CASCADE');
      t.text('token_hash').notNullable().unique();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true }).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.schema.withSchema('auth').createTable('signing_keys', (t) => {
      t.text('kid').primary();
      t.text('alg').notNullable();
      t.jsonb('public_jwk').notNullable();
      t.text('private_key_sealed').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('retired_at', { useTz: true }).nullable();
    });
  },
  async down(db: Knex) {
    for (const table of ['signing_keys', 'setup_tokens', 'refresh_tokens', 'users', 'subrole_permissions', 'subroles', 'permissions', 'customers']) {
      await db.schema.withSchema('auth').dropTableIfExists(table);
    }
  },
};
