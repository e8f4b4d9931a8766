import type { AreaMigrations } from '@kyb/db';
import { authBase } from './20261122_0001_auth_base';
import { permissionsAndSubroles } from './20261122_0002_permissions_and_subroles';
import { customerDirectory } from './20261122_0003_customer_directory';
import { acceptedInvitations } from './20261122_0004_accepted_invitations';
import { invitationAcceptances } from './20261122_0005_invitation_acceptances';

/** The auth area's schema and migrations, in order. */
export const authMigrations: AreaMigrations = {
  schema: 'auth',
  migrations: [authBase, permissionsAndSubroles, customerDirectory, acceptedInvitations, invitationAcceptances],
};
