import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** The read module the auth area uses to let an invited applicant sign up (see @kyb/tenants). */
export const invitationDirectory: Migration = {
  name: '20261122_0006_invitation_directory',
  async up(db: Knex) {
    await db.raw(`create view cases.invitation_directory as
      select i.id, i.customer_id, i.business_id, a.email as applicant_email, a.first_name as applicant_first_name,
             a.last_name as applicant_last_name, i.expires_at
      from cases.invitations i join cases.applicants a on a.id = i.applicant_id`);
  },
  async down(db: Knex) {
    await db.raw('drop view if exists cases.invitation_directory');
  },
};
