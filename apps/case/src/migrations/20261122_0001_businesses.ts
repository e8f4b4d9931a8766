import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

const OWNER_TITLES = ['Owner', 'Chief Executive Officer', 'Chief Financial Officer', 'President', 'Vice President', 'Partner',
  'Director', 'Managing Member', 'Secretary', 'Treasurer'];

/** Businesses with their names, addresses and owners; TIN and SSN only sealed, masked and hashed. */
export const businesses: Migration = {
  name: '20261122_0001_businesses',
  async up(db: Knex) {
    const timestamps = (t: Knex.CreateTableBuilder) => {
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    };
    await db.schema.withSchema('cases').createTable('businesses', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.uuid('customer_id').notNullable();
      t.text('name').notNullable();
      t.text('tin_sealed').nullable();
      t.text('tin_lookup').nullable();
      t.text('tin_masked').nullable();
      t.text('mobile').nullable();
      t.text('official_website').nullable();
      t.text('public_website').nullable();
      t.text('social_account').nullable();
      for (const column of ['apartment', 'line_1', 'line_2', 'city', 'state', 'postal_code', 'country']) t.text(`address_${column}`).nullable();
      t.text('status').notNullable().defaultTo('UNVERIFIED');
      t.text('naics_code').nullable();
      t.text('naics_title').nullable();
      t.text('mcc_code').nullable();
      t.text('mcc_title').nullable();
      t.text('external_id').nullable();
      t.boolean('is_monitoring_enabled').notNullable().defaultTo(false);
      t.text('subscription_status').nullable();
      t.timestamp('subscription_created_at', { useTz: true }).nullable();
      t.timestamp('subscription_updated_at', { useTz: true }).nullable();
      t.uuid('created_by').notNullable();
      t.uuid('updated_by').notNullable();
      t.uuid('deleted_by').nullable();
      t.timestamp('deleted_at', { useTz: true }).nullable();
      timestamps(t);
    });
    await db.raw(`alter table cases.businesses add constraint businesses_status_check check (status in ('VERIFIED', 'UNVERIFIED'))`);
    await db.raw('create index businesses_customer on cases.businesses (customer_id, created_at)');
    await db.raw(
      'create unique index businesses_customer_external_id on cases.businesses (customer_id, external_id) where external_id is not null and deleted_at is null',
    );
    await db.raw('create index businesses_tin_lookup on cases.businesses (customer_id, tin_lookup) where tin_lookup is not null');

    await db.schema.withSchema('cases').createTable('business_names', (t) => {
      t.uuid('business_id').notNullable().references('id').inTable('cases.businesses').onDelete('CASCADE');
      t.smallint('position').notNullable();
      t.text('name').notNullable();
      t.boolean('is_primary').notNullable();
      t.primary(['business_id', 'position']);
    });
    await db.schema.withSchema('cases').createTable('business_addresses', (t) => {
      t.uuid('business_id').notNullable().references('id').inTable('cases.businesses').onDelete('CASCADE');
      t.smallint('position').notNullable();
      for (const column of ['line_1', 'apartment', 'city', 'state', 'country', 'postal_code', 'mobile']) t.text(column).nullable();
      t.boolean('is_primary').notNullable();
      t.primary(['business_id', 'position']);
    });
    await db.schema.withSchema('cases').createTable('owner_titles', (t) => {
      t.integer('id').primary();
      t.text('title').notNullable().unique();
    });
    await db('cases.owner_titles').insert(OWNER_TITLES.map((title, i) => ({ id: i + 1, title })));
    await db.schema.withSchema('cases').createTable('owners', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.uuid('business_id').notNullable().references('id').inTable('cases.businesses').onDelete('CASCADE');
      t.smallint('position').notNullable();
      t.integer('title_id').nullable().references('id').inTable('cases.owner_titles');
      t.text('first_name').notNullable();
      t.text('last_name').notNullable();
      t.text('ssn_sealed').nullable();
      t.text('ssn_masked').nullable();
      t.text('email').nullable();
      t.text('mobile').nullable();
      t.date('date_of_birth').nullable();
      for (const column of ['apartment', 'line_1', 'line_2', 'city', 'state', 'postal_code', 'country']) t.text(column).nullable();
      t.decimal('ownership_percentage', 5, 2).nullable();
      t.text('owner_type').notNullable();
      t.uuid('created_by').notNullable();
      t.uuid('updated_by').notNullable();
      timestamps(t);
      t.unique(['business_id', 'position']);
    });
    await db.raw(`alter table cases.owners add constraint owners_type_check check (owner_type in ('CONTROL', 'BENEFICIARY'))`);
  },
  async down(db: Knex) {
    for (const table of ['owners', 'owner_titles', 'business_addresses', 'business_names', 'businesses']) {
      await db.schema.withSchema('cases').dropTableIfExists(table);
    }
  },
};
