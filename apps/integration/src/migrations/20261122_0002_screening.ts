import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** Merchant screening: a customer's sealed credentials, and every screening run with its result. */
export const screening: Migration = {
  name: '20261122_0002_screening',
  async up(db: Knex) {
    await db.schema.withSchema('integration').createTable('screening_credentials', (t) => {
      t.uuid('customer_id').primary();
      // consumer key, private key and certificate, sealed together (AES-256-GCM); never returned.
      t.text('sealed').notNullable();
      t.timestamp('certificate_expiry', { useTz: true }).notNullable();
      t.boolean('has_certificate').notNullable();
      t.jsonb('icas').notNullable().defaultTo('[]');
      t.text('acquirer_id').nullable();
      t.uuid('updated_by').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });

    await db.schema.withSchema('integration').createTable('screenings', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.uuid('customer_id').notNullable();
      t.uuid('business_id').notNullable();
      t.text('status').notNullable().defaultTo('PENDING');
      t.jsonb('icas').notNullable();
      t.text('provider').notNullable();
      t.text('match_result').nullable();
      t.json('result').nullable();
      t.text('failure_reason').nullable();
      t.integer('attempts').notNullable().defaultTo(0);
      t.uuid('requested_by').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('completed_at', { useTz: true }).nullable();
    });
    await db.raw(
      `alter table integration.screenings add constraint screenings_status_check check (status in ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'))`,
    );
    await db.raw(
      `alter table integration.screenings add constraint screenings_match_check check (match_result is null or match_result in ('No Match', 'Possible Match', 'Match'))`,
    );
    await db.raw('create index screenings_business on integration.screenings (business_id, created_at desc)');
  },
  async down(db: Knex) {
    for (const table of ['screenings', 'screening_credentials']) await db.schema.withSchema('integration').dropTableIfExists(table);
  },
};
