import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * A customer (tenant) can be disabled by a platform admin: its users' sessions end at once and
 * none of them gets a token again until it is enabled. Existing customers stay ACTIVE.
 */
export const customerStatus: Migration = {
  name: '20261123_0006_customer_status',
  async up(db: Knex) {
    await db.raw(`alter table auth.customers add column status text not null default 'ACTIVE'`);
    await db.raw(`alter table auth.customers add constraint customers_status_check check (status in ('ACTIVE', 'DISABLED'))`);
    // Ending a user's live sessions reads its families created within a token's lifetime.
    await db.raw('create index refresh_tokens_user_created on auth.refresh_tokens (user_id, created_at)');
  },
  async down(db: Knex) {
    await db.raw('drop index if exists auth.refresh_tokens_user_created');
    await db.raw('alter table auth.customers drop constraint if exists customers_status_check');
    await db.raw('alter table auth.customers drop column if exists status');
  },
};
