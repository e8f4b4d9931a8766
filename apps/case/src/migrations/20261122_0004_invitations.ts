import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** Applicants of a customer, onboarding cases and the invitations that bring applicants in. */
export const invitations: Migration = {
  name: '20261122_0004_invitations',
  async up(db: Knex) {
    const timestamps = (t: Knex.CreateTableBuilder) => {
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    };
    await db.schema.withSchema('cases').createTable('applicants', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.uuid('customer_id').notNullable();
      t.text('first_name').notNullable();
      t.text('last_name').notNullable();
      t.text('email').notNullable();
      t.text('mobile').nullable();
      t.uuid('created_by').notNullable();
      timestamps(t);
    });
    await db.raw('create unique index applicants_customer_email on cases.applicants (customer_id, lower(email))');
    await db.schema.withSchema('cases').createTable('cases', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.uuid('customer_id').notNullable();
      t.uuid('business_id').notNullable().references('id').inTable('cases.businesses');
      t.uuid('applicant_id').nullable().references('id').inTable('cases.applicants');
      t.text('status').notNullable();
      t.boolean('customer_initiated').notNullable().defaultTo(true);
      t.uuid('created_by').notNullable();
      t.uuid('updated_by').notNullable();
      timestamps(t);
      t.index(['customer_id', 'created_at']);
    });
    await db.schema.withSchema('cases').createTable('invitations', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.uuid('customer_id').notNullable();
      t.uuid('case_id').notNullable().references('id').inTable('cases.cases');
      t.uuid('business_id').notNullable().references('id').inTable('cases.businesses');
      t.uuid('applicant_id').notNullable().references('id').inTable('cases.applicants');
      t.text('status').notNullable();
      t.jsonb('options').notNullable().defaultTo('{}');
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true }).nullable();
      t.uuid('created_by').notNullable();
      timestamps(t);
    });
  },
  async down(db: Knex) {
    for (const table of ['invitations', 'cases', 'applicants']) await db.schema.withSchema('cases').dropTableIfExists(table);
  },
};
