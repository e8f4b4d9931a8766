import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * The read modules other areas use to find a business, its tenant and what a data provider needs
 * to look it up (see @kyb/tenants). No TIN or SSN: not even sealed values leave the case area.
 */
export const businessDirectory: Migration = {
  name: '20261122_0007_business_directory',
  async up(db: Knex) {
    await db.raw(`create view cases.business_directory as
      select b.id, b.customer_id, b.name, b.official_website, b.mobile, b.address_line_1, b.address_line_2, b.address_city,
             b.address_state, b.address_postal_code, b.address_country, b.tin_masked, b.status, b.is_monitoring_enabled,
             b.external_id, b.created_at
      from cases.businesses b where b.deleted_at is null`);
    await db.raw(`create view cases.business_owner_directory as
      select o.id, o.business_id, o.position, o.first_name, o.last_name, o.line_1, o.line_2, o.city, o.state, o.postal_code,
             o.country, o.ssn_masked, o.owner_type, o.ownership_percentage
      from cases.owners o join cases.businesses b on b.id = o.business_id where b.deleted_at is null`);
  },
  async down(db: Knex) {
    await db.raw('drop view if exists cases.business_owner_directory');
    await db.raw('drop view if exists cases.business_directory');
  },
};
