import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** When an owner's personal data was erased on request (issue 11); null while it is kept. */
export const ownerErasure: Migration = {
  name: '20261126_0014_owner_erasure',
  async up(db: Knex) {
    await db.raw('alter table cases.owners add column erased_at timestamptz');
  },
  async down(db: Knex) {
    await db.raw('alter table cases.owners drop column if exists erased_at');
  },
};
