import type { Knex } from '@kyb/db';
import { CUSTOMER_DIRECTORY_VIEW } from '../auth/customer-directory';
import { INVITATION_ACCEPTANCES_VIEW } from '../auth/invitation-acceptances';
import { REVIEWER_DIRECTORY_VIEW } from '../auth/reviewer-directory';

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

/** For tests of areas that assign cases: a table with the reviewer directory's contract. */
export async function createReviewerDirectoryStandIn(db: Knex) {
  await db.raw('create schema if not exists auth');
  await db.raw(`create table if not exists ${REVIEWER_DIRECTORY_VIEW} (id uuid primary key, customer_id uuid not null, active boolean not null)`);
  return {
    async put(reviewer: { id: string; customerId: string; active?: boolean }): Promise<void> {
      await db(REVIEWER_DIRECTORY_VIEW).insert({ id: reviewer.id, customer_id: reviewer.customerId, active: reviewer.active ?? true }).onConflict('id').merge();
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

/**
 * For tests of areas that audit their acts: `auth.append_audit_event` and `auth.append_audit_events`
 * (what the relay calls) with the real functions' signatures, keeping each entry's arguments in the
 * order appended (the chain itself is the auth area's, tested there). `entries()` reads what was
 * appended, oldest first.
 */
export async function createAuditLogStandIn(db: Knex) {
  await db.raw('create schema if not exists auth');
  await db.raw(`create table if not exists auth.audit_log_stand_in (
    seq bigint generated always as identity, chain text, customer_id uuid, actor_id uuid, actor_role text, action text, target_type text,
    target_id text, request_id text, client_address text, details jsonb, occurred_at timestamptz, content_hash text)`);
  await db.raw(`create or replace function auth.append_audit_event(
      p_chain text, p_customer_id uuid, p_actor_id uuid, p_actor_role text, p_action text, p_target_type text,
      p_target_id text, p_request_id text, p_client_address text, p_details jsonb, p_occurred_at timestamptz, p_content_hash text)
    returns void language sql as $$
      insert into auth.audit_log_stand_in (chain, customer_id, actor_id, actor_role, action, target_type, target_id, request_id, client_address, details, occurred_at, content_hash)
      values (p_chain, p_customer_id, p_actor_id, p_actor_role, p_action, p_target_type, p_target_id, p_request_id, p_client_address, p_details, p_occurred_at, p_content_hash)
    $$`);
  await db.raw(`create or replace function auth.append_audit_events(
      p_chains text[], p_customer_ids uuid[], p_actor_ids uuid[], p_actor_roles text[], p_actions text[], p_target_types text[],
      p_target_ids text[], p_request_ids text[], p_client_addresses text[], p_details jsonb[], p_occurred_ats timestamptz[], p_content_hashes text[])
    returns integer language sql as $$
      with appended as (
        insert into auth.audit_log_stand_in (chain, customer_id, actor_id, actor_role, action, target_type, target_id, request_id, client_address, details, occurred_at, content_hash)
        select chain, customer_id, actor_id, actor_role, action, target_type, target_id, request_id, client_address, details, occurred_at, content_hash
          from unnest(p_chains, p_customer_ids, p_actor_ids, p_actor_roles, p_actions, p_target_types, p_target_ids, p_request_ids,
            p_client_addresses, p_details, p_occurred_ats, p_content_hashes) with ordinality
            as e(chain, customer_id, actor_id, actor_role, action, target_type, target_id, request_id, client_address, details, occurred_at, content_hash, position)
          order by position
        returning 1)
      select count(*)::integer from appended
    $$`);
  return {
    entries: () => db('auth.audit_log_stand_in').orderBy('seq'),
  };
}

/**
 * For tests of areas that seal with data keys: the auth area's data keys as its migration makes
 * them (`auth.data_keys`, the view `auth.data_key_directory`, `auth.ensure_data_key`), so they run
 * without its migrations. `destroy` erases a scope's key as a tenant erasure does.
 */
export async function createDataKeyStandIn(db: Knex) {
  await db.raw('create schema if not exists auth');
  await db.raw(`create table if not exists auth.data_keys (
    id uuid primary key, scope text not null unique, wrapped text, master_id text,
    created_at timestamptz not null default now(), rewrapped_at timestamptz, destroyed_at timestamptz)`);
  await db.raw('create or replace view auth.data_key_directory as select id, scope, wrapped, master_id, destroyed_at from auth.data_keys');
  await db.raw(`create or replace function auth.ensure_data_key(p_id uuid, p_scope text, p_wrapped text, p_master_id text)
    returns table (id uuid, wrapped text, master_id text, destroyed_at timestamptz) language plpgsql as $$
    begin
      insert into auth.data_keys (id, scope, wrapped, master_id) values (p_id, p_scope, p_wrapped, p_master_id) on conflict (scope) do nothing;
      return query select k.id, k.wrapped, k.master_id, k.destroyed_at from auth.data_keys k where k.scope = p_scope;
    end $$`);
  return {
    destroy: (scope: string) => db('auth.data_keys').where({ scope }).update({ wrapped: null, master_id: null, destroyed_at: new Date() }),
  };
}
