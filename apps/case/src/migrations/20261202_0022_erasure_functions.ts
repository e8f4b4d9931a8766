import type { Knex } from 'knex';
import { dropErasureFunctionSql, erasureFunctionSql, tenantAnswersDeletedSql, type Migration } from '@kyb/db';

/** What a tenant's erased names read as (the owner erasure's `ERASED_NAME`). */
const ERASED = `'[erased]'`;
const OF_TENANT = 'select id from cases.businesses where customer_id = p_customer';
/*
 * Each update changes only a row that still holds something (every erased column compared, so a
 * value that merely looks erased, a business named "[erased]", is no way out): the late-write round
 * runs it again for half an hour and rewrites nothing already erased.
 */
/** A run still waiting ends so. */
const WAITING = `status = 'PENDING'`;

/**
 * `cases.erase_customer(customer)`: the case area's part of erasing a tenant (docs/adr/0043),
 * called by the auth area in the erasure's transaction. Every personal value the case area keeps
 * of the tenant is emptied or deleted (owners, business names and addresses, applicants, mail,
 * invitation options, run rows and row errors, kept answers); ids, states and counts stay, so the
 * tenant's ids still resolve (and answer 410); monitoring is switched off and waiting runs end FAILED.
 */
export const CUSTOMER_ERASURE_0022: readonly string[] = [
  `update cases.owners set first_name = ${ERASED}, last_name = ${ERASED}, ssn_sealed = null, ssn_masked = null, email = null,
      mobile = null, date_of_birth = null, apartment = null, line_1 = null, line_2 = null, city = null, state = null,
      postal_code = null, country = null, erased_at = coalesce(erased_at, now())
    where business_id in (${OF_TENANT})
      and (first_name, last_name, ssn_sealed, ssn_masked, email, mobile, date_of_birth, apartment, line_1, line_2, city, state, postal_code, country)
        is distinct from (${ERASED}, ${ERASED}, null, null, null, null, null::date, null, null, null, null, null, null, null)`,
  `delete from cases.business_names where business_id in (${OF_TENANT})`,
  `delete from cases.business_addresses where business_id in (${OF_TENANT})`,
  `update cases.businesses set name = ${ERASED}, tin_sealed = null, tin_lookup = null, tin_masked = null, mobile = null,
      official_website = null, public_website = null, social_account = null, address_apartment = null, address_line_1 = null,
      address_line_2 = null, address_city = null, address_state = null, address_postal_code = null, address_country = null,
      external_id = null, is_monitoring_enabled = false
    where customer_id = p_customer
      and (name, tin_sealed, tin_lookup, tin_masked, mobile, official_website, public_website, social_account, address_apartment, address_line_1,
          address_line_2, address_city, address_state, address_postal_code, address_country, external_id, is_monitoring_enabled)
        is distinct from (${ERASED}, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, false)`,
  `update cases.applicants set first_name = ${ERASED}, last_name = ${ERASED}, email = 'erased-' || id || '@erased.invalid', mobile = null
    where customer_id = p_customer and (first_name, last_name, email, mobile) is distinct from (${ERASED}, ${ERASED}, 'erased-' || id || '@erased.invalid', null)`,
  'delete from cases.mail_outbox where invitation_id in (select id from cases.invitations where customer_id = p_customer)',
  `update cases.invitations set options = '{}'::jsonb where customer_id = p_customer and options <> '{}'::jsonb`,
  `update cases.onboarding_runs set rows_sealed = null, failed_rows = null,
      failure_reason = case when ${WAITING} then 'The customer was erased.' else failure_reason end,
      finished_at = case when ${WAITING} then now() else finished_at end,
      status = case when ${WAITING} then 'FAILED' else status end
    where customer_id = p_customer and (rows_sealed is not null or failed_rows is not null or ${WAITING})`,
  tenantAnswersDeletedSql('cases'),
];

export const erasureFunctions: Migration = {
  name: '20261202_0022_erasure_functions',
  async up(db: Knex) {
    await db.raw(erasureFunctionSql('cases', 'erase_customer', CUSTOMER_ERASURE_0022));
  },
  async down(db: Knex) {
    await db.raw(dropErasureFunctionSql('cases', 'erase_customer'));
  },
};
