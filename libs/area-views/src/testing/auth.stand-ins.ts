import type { Knex } from '@kyb/db';
import { CUSTOMER_DIRECTORY_VIEW } from '../auth/customer-directory';
import { INVITATION_ACCEPTANCES_VIEW } from '../auth/invitation-acceptances';

/**
 * For tests of areas that read the directory: a table with the view's contract (name and
 * columns), so they run without the auth area's migrations. The auth area's own tests check
 * that its real view has this shape.
 */
export async function createCustomerDirectoryStandIn(db: Knex): Promise<{
  put(customer: { id: string; name?: string; monthly_onboarding_limit?: number | null; features?: Record<string, boolean> }): Promise<void>;
}> {
  await db.raw('create schema if not exists auth');
  await db.raw(
    `create table if not exists ${CUSTOMER_DIRECTORY_VIEW} (id uuid primary key, name text not null, monthly_onboarding_limit integer, features jsonb not null)`,
  );
  return {
    async put(customer) {
      const row = {
        id: customer.id,
        name: customer.name ?? 'Test Customer',
        monthly_onboarding_limit: customer.monthly_onboarding_limit ?? null,
        features: JSON.stringify(customer.features ?? {}),
      };
      await db(CUSTOMER_DIRECTORY_VIEW).insert(row).onConflict('id').merge();
    },
  };
}

/** For tests of areas that read it: a table with the view's contract. */
export async function createInvitationAcceptancesStandIn(db: Knex) {
  await db.raw('create schema if not exists auth');
  await db.raw(`create table if not exists ${INVITATION_ACCEPTANCES_VIEW} (invitation_id uuid primary key, accepted_at timestamptz not null)`);
  return {
    async put(invitationId: string, acceptedAt: Date): Promise<void> {
      await db(INVITATION_ACCEPTANCES_VIEW).insert({ invitation_id: invitationId, accepted_at: acceptedAt });
    },
  };
}
