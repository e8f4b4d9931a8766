import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** Invitations an applicant has used: each at most once; they decide which businesses the applicant may act on. */
export const acceptedInvitations: Migration = {
  name: '20261122_0004_accepted_invitations',
  async up(db: Knex) {
    await db.schema.withSchema('auth').createTable('accepted_invitations', (t) => {
      t.uuid('invitation_id').primary();
      t.uuid('user_id').notNullable().references('id').inTable('auth.users').onDelete('CASCADE');
      t.uuid('customer_id').notNullable();
      t.uuid('business_id').notNullable();
      t.timestamp('accepted_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.index(['user_id']);
    });
  },
  async down(db: Knex) {
    await db.schema.withSchema('auth').dropTableIfExists('accepted_invitations');
  },
};
