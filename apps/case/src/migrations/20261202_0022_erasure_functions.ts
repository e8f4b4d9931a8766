import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** What a tenant's erased names read as (the owner erasure's `ERASED_NAME`). */
const ERASED = `'[erased]'`;
const OF_TENANT = 'select id from cases.businesses where customer_id = p_customer';

/**
 * `cases.erase_customer(customer)`: the case area's part of erasing a tenant (docs/adr/0043),
 * called by the auth area in the erasure's transaction. Every personal value the case area keeps
 * of the tenant is emptied or deleted; ids, states and counts stay, so the tenant's ids still
 * resolve (and answer 410). Returns the rows it changed.
 */
export const erasureFunctions: Migration = {
  name: '20261202_0022_erasure_functions',
  async up(db: Knex) {
    await db.raw(`create function cases.erase_customer(p_customer uuid) returns integer
      language plpgsql security definer set search_path = pg_catalog, pg_temp as $$
      declare changed integer := 0; n integer;
      begin
        update cases.owners set first_name = ${ERASED}, last_name = ${ERASED}, ssn_sealed = null, ssn_masked = null, email = null,
            mobile = null, date_of_birth = null, apartment = null, line_1 = null, line_2 = null, city = null, state = null,
            postal_code = null, country = null, erased_at = coalesce(erased_at, now())
          where business_id in (${OF_TENANT}) and (erased_at is null or first_name <> ${ERASED});
        get diagnostics n = row_count; changed := changed + n;
        delete from cases.business_names where business_id in (${OF_TENANT});
        get diagnostics n = row_count; changed := changed + n;
        delete from cases.business_addresses where business_id in (${OF_TENANT});
        get diagnostics n = row_count; changed := changed + n;
        update cases.businesses set name = ${ERASED}, tin_sealed = null, tin_lookup = null, tin_masked = null, mobile = null,
            official_website = null, public_website = null, social_account = null, address_apartment = null, address_line_1 = null,
            address_line_2 = null, address_city = null, address_state = null, address_postal_code = null, address_country = null,
            external_id = null, is_monitoring_enabled = false
          where customer_id = p_customer and name <> ${ERASED};
        get diagnostics n = row_count; changed := changed + n;
        update cases.applicants set first_name = ${ERASED}, last_name = ${ERASED}, email = 'erased-' || id || '@erased.invalid', mobile = null
          where customer_id = p_customer and first_name <> ${ERASED};
        get diagnostics n = row_count; changed := changed + n;
        delete from cases.mail_outbox where invitation_id in (select id from cases.invitations where customer_id = p_customer);
        get diagnostics n = row_count; changed := changed + n;
        update cases.invitations set options = '{}'::jsonb where customer_id = p_customer and options <> '{}'::jsonb;
        get diagnostics n = row_count; changed := changed + n;
        update cases.onboarding_runs set rows_sealed = null, failed_rows = null,
            status = case when status = 'PENDING' then 'FAILED' else status end,
            failure_reason = case when status = 'PENDING' then 'The customer was erased.' else failure_reason end,
            finished_at = case when status = 'PENDING' then now() else finished_at end
          where customer_id = p_customer and (rows_sealed is not null or failed_rows is not null or status = 'PENDING');
        get diagnostics n = row_count; changed := changed + n;
        delete from cases.idempotency_keys where lower(scope) = 'customer:' || p_customer::text;
        get diagnostics n = row_count; changed := changed + n;
        return changed;
      end $$`);
  },
  async down(db: Knex) {
    await db.raw('drop function if exists cases.erase_customer(uuid)');
  },
};
