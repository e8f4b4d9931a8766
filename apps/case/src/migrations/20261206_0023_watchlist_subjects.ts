import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

const OWNER_COLUMNS = `o.id, o.business_id, o.position, o.first_name, o.last_name, o.line_1, o.line_2, o.city, o.state, o.postal_code,
  o.country, o.ssn_masked, o.owner_type, o.ownership_percentage`;

/**
 * What sanctions screening (issue 44) reads of a business besides its legal name: its other names
 * (the DBAs, `cases.business_name_directory`), and each owner's date of birth, supporting evidence
 * for a name that matches a listed person (added to `cases.business_owner_directory`). Still no
 * TIN or SSN.
 */
export const watchlistSubjects: Migration = {
  name: '20261206_0023_watchlist_subjects',
  async up(db: Knex) {
    await db.raw(`create or replace view cases.business_owner_directory as
      select ${OWNER_COLUMNS}, o.date_of_birth
      from cases.owners o join cases.businesses b on b.id = o.business_id where b.deleted_at is null`);
    await db.raw(`create view cases.business_name_directory as
      select n.business_id, n.position, n.name, n.is_primary
      from cases.business_names n join cases.businesses b on b.id = n.business_id where b.deleted_at is null`);
  },
  async down(db: Knex) {
    await db.raw('drop view if exists cases.business_name_directory');
    await db.raw('drop view cases.business_owner_directory');
    await db.raw(`create view cases.business_owner_directory as
      select ${OWNER_COLUMNS}
      from cases.owners o join cases.businesses b on b.id = o.business_id where b.deleted_at is null`);
  },
};
