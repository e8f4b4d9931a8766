import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * `auth.erase_customer(customer)`: the auth area's part of erasing a tenant (docs/adr/0043), run
 * in the erasure's transaction beside the other areas' functions. The tenant's name and its users'
 * names, emails and phone numbers are overwritten, their passwords and set-up tokens removed
 * (their sessions end after the commit), and the email proofs of its invitations deleted. The audit chain stays as it is (its
 * hashes cover what it holds, which is ids, actions and the callers' addresses). Returns the rows it changed.
 */
export const erasureFunctions: Migration = {
  name: '20261202_0015_erasure_functions',
  async up(db: Knex) {
    await db.raw(`create function auth.erase_customer(p_customer uuid) returns integer
      language plpgsql security definer set search_path = pg_catalog, pg_temp as $$
      declare changed integer := 0; n integer; erased_users uuid[];
      begin
        update auth.customers set name = '[erased]' where id = p_customer and name <> '[erased]';
        get diagnostics n = row_count; changed := changed + n;
        -- The tenant's users, and the applicants who signed up for its invitations only (an applicant
        -- of another tenant too keeps the login that is also theirs there).
        select coalesce(array_agg(id), '{}') into erased_users from (select id from auth.users where customer_id = p_customer
          union select a.user_id from auth.accepted_invitations a where a.customer_id = p_customer
            and not exists (select 1 from auth.accepted_invitations o where o.user_id = a.user_id and o.customer_id <> p_customer)) u;
        -- Email proofs of these people (by their email, before it is overwritten; and by the tenant's invitations below).
        delete from auth.applicant_email_proofs where lower(email) in (select lower(email) from auth.users where id = any(erased_users));
        get diagnostics n = row_count; changed := changed + n;
        -- Refresh tokens stay (hashes and times only): ending the users' sessions after the commit revokes them.
        delete from auth.setup_tokens where user_id = any(erased_users);
        get diagnostics n = row_count; changed := changed + n;
        update auth.users set first_name = '[erased]', last_name = '[erased]', email = 'erased-' || id || '@erased.invalid', mobile = null,
            password_hash = null, status = 'INACTIVE'
          where id = any(erased_users)
            and (first_name, last_name, email, mobile, password_hash, status) is distinct from ('[erased]', '[erased]', 'erased-' || id || '@erased.invalid', null, null, 'INACTIVE');
        get diagnostics n = row_count; changed := changed + n;
        delete from auth.applicant_email_proofs where invitation_id in (select invitation_id from auth.accepted_invitations where customer_id = p_customer);
        get diagnostics n = row_count; changed := changed + n;
        -- Proofs of invitations not accepted yet: the case area's directory knows their tenant (when it is deployed here).
        if to_regclass('cases.invitation_directory') is not null then
          execute 'delete from auth.applicant_email_proofs where invitation_id in (select id from cases.invitation_directory where customer_id = $1)' using p_customer;
          get diagnostics n = row_count; changed := changed + n;
        end if;
        delete from auth.idempotency_keys where lower(scope) = 'customer:' || p_customer::text;
        get diagnostics n = row_count; changed := changed + n;
        return changed;
      end $$`);
  },
  async down(db: Knex) {
    await db.raw('drop function if exists auth.erase_customer(uuid)');
  },
};
