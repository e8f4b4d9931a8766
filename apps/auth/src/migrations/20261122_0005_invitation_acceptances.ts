import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** The read module the case area uses to show which invitations were used (see @kyb/tenants). */
export const invitationAcceptances: Migration = {
  name: '20261122_0005_invitation_acceptances',
  async up(db: Knex) {
    await db.raw('create view auth.invitation_acceptances as select invitation_id, accepted_at from auth.accepted_invitations');
  },
  async down(db: Knex) {
    await db.raw('drop view if exists auth.invitation_acceptances');
  },
};
