import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** The key of a proof that belongs to no invitation (an existing account proving its email). */
const NO_INVITATION = `'00000000-0000-0000-0000-000000000000'::uuid`;

/**
 * An applicant's identity is claimed only with a one-time code mailed to its address
 * (docs/adr/0010): the pending codes, one per (email, invitation), stored as keyed hashes.
 * An APPLICANT belongs to no customer: the (customer, business) pairs it may act on are those of
 * its accepted invitations, so several tenants' invitations never block each other. Applicants
 * who signed up before this proved nothing: they prove their email on their next sign-in.
 */
export const applicantEmailProof: Migration = {
  name: '20261123_0007_applicant_email_proof',
  async up(db: Knex) {
    await db.schema.withSchema('auth').createTable('applicant_email_proofs', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      // Lower-cased. The invitation the code proves the email for; null for an existing account.
      t.text('email').notNullable();
      t.uuid('invitation_id').nullable();
      t.text('code_hash').notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.integer('attempts').notNullable().defaultTo(0);
      // Codes sent since `sends_since`: resending is limited per window.
      t.integer('sends').notNullable().defaultTo(0);
      t.timestamp('sends_since', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true }).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.raw(`create unique index applicant_email_proofs_key on auth.applicant_email_proofs (email, coalesce(invitation_id, ${NO_INVITATION}))`);
    await db.raw('alter table auth.users drop constraint users_customer_check');
    await db.raw(`alter table auth.users add constraint users_customer_check check (role <> 'CUSTOMER' or customer_id is not null)`);
    await db.raw(`update auth.users set customer_id = null, is_email_verified = false where role = 'APPLICANT'`);
  },
  async down(db: Knex) {
    // Back to one customer per applicant: that of its first accepted invitation. Emails stay unproven.
    await db.raw(`update auth.users u set customer_id = (select a.customer_id from auth.accepted_invitations a
      where a.user_id = u.id order by a.accepted_at limit 1) where u.role = 'APPLICANT' and u.customer_id is null`);
    await db.raw('alter table auth.users drop constraint users_customer_check');
    // NOT VALID: an applicant without any accepted invitation keeps its null customer.
    await db.raw(`alter table auth.users add constraint users_customer_check check (role = 'ADMIN' or customer_id is not null) not valid`);
    await db.schema.withSchema('auth').dropTableIfExists('applicant_email_proofs');
  },
};
