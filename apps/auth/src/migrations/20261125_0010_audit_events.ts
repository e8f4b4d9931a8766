import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * The audit log (issue 11): one hash chain per tenant (`customer:<id>`, and `platform` for acts of no
 * tenant), each entry carrying the hash of the one before it. The application's role may insert
 * and read it, never update or delete it (`appendOnlyTables` of the auth area's migrations, applied by `grantAppRole`).
 */
export const auditEvents: Migration = {
  name: '20261125_0010_audit_events',
  async up(db: Knex) {
    await db.schema.withSchema('auth').createTable('audit_events', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.text('chain').notNullable();
      t.bigInteger('seq').notNullable();
      t.uuid('customer_id').nullable();
      t.uuid('actor_id').nullable();
      t.text('actor_role').notNullable();
      t.text('action').notNullable();
      t.text('target_type').notNullable();
      t.text('target_id').nullable();
      t.text('request_id').nullable();
      t.text('client_address').nullable();
      t.jsonb('details').notNullable().defaultTo('{}');
      t.timestamp('occurred_at', { useTz: true }).notNullable();
      t.text('prev_hash').notNullable();
      t.text('hash').notNullable();
      t.unique(['chain', 'seq']);
    });
    await db.raw('create index audit_events_customer_time on auth.audit_events (customer_id, occurred_at desc)');
  },
  async down(db: Knex) {
    await db.raw('drop table if exists auth.audit_events');
  },
};
