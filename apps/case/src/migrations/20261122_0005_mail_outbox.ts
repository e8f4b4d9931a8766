import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** Mail waiting to be delivered: written in the same transaction as what it announces. */
export const mailOutbox: Migration = {
  name: '20261122_0005_mail_outbox',
  async up(db: Knex) {
    await db.schema.withSchema('cases').createTable('mail_outbox', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.uuid('invitation_id').nullable().references('id').inTable('cases.invitations');
      t.text('to_email').notNullable();
      t.text('subject').notNullable();
      t.text('body').notNullable();
      t.text('status').notNullable().defaultTo('PENDING');
      t.integer('attempts').notNullable().defaultTo(0);
      t.text('last_error').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('sent_at', { useTz: true }).nullable();
    });
  },
  async down(db: Knex) {
    await db.schema.withSchema('cases').dropTableIfExists('mail_outbox');
  },
};
