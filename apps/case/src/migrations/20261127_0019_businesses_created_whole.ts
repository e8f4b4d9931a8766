import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * The index of businesses by creation (0009, for the integration area's sweep of recent
 * businesses) over every business, not only those not deleted. As a partial index on
 * `deleted_at is null`, it matched every read of the business directory (whose rows are the
 * businesses not deleted): without statistics a table's rows are all guessed to be deleted but
 * 0.5%, so reading a few businesses by id through it looked as cheap as through the primary key.
 * A connection's generic plan made while the table was small took it, and kept it: once the table
 * had grown, each business a score's batch joined was found by reading every business (100 scores
 * read 220,000 index entries at 2,231 businesses; ADR 0032). The sweep reads a range of creation
 * times and skips deleted businesses as it did.
 */
export const businessesCreatedWhole: Migration = {
  name: '20261127_0019_businesses_created_whole',
  async up(db: Knex) {
    await db.raw('drop index if exists cases.businesses_created');
    await db.raw('create index businesses_created on cases.businesses (created_at)');
  },
  async down(db: Knex) {
    await db.raw('drop index if exists cases.businesses_created');
    await db.raw('create index businesses_created on cases.businesses (created_at) where deleted_at is null');
  },
};
