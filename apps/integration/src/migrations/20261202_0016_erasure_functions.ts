import type { Knex } from 'knex';
import { dropErasureFunctionSql, erasureFunctionSql, tenantAnswersDeletedSql, type Migration } from '@kyb/db';

const ERASED_REASON = `'The customer was erased.'`;
const OWNER_ERASED_REASON = `'An owner''s personal data was erased while the screening ran; screen the business again.'`;
const RUNNING = `status in ('PENDING', 'PROCESSING')`;
/** The businesses of the tenant the integration area knows: each has an enrichment task, a verification or a screening. */
const OF_TENANT = `select business_id from integration.integration_tasks where customer_id = p_customer
  union select business_id from integration.business_verifications where customer_id = p_customer
  union select business_id from integration.screenings where customer_id = p_customer`;
/** The principals of a screening result `s`, the erased owner's names replaced. */
const PRINCIPALS_ERASED = `(select coalesce(jsonb_agg(case when p->>'ownerId' = p_owner::text
    then p || '{"firstName":"[erased]","lastName":"[erased]"}'::jsonb else p end order by i), '[]'::jsonb)
  from jsonb_array_elements(s.result::jsonb->'principals') with ordinality as e(p, i))`;

/** What `integration.erase_customer` ran from this migration on; later migrations that keep more of a tenant add to it. */
export const CUSTOMER_ERASURE_0016: readonly string[] = [
  `delete from integration.public_records where business_id in (${OF_TENANT})`,
  `delete from integration.bjl_records where business_id in (${OF_TENANT})`,
  `delete from integration.financial_profiles where business_id in (${OF_TENANT})`,
  `update integration.business_verifications set checks = '[]'::jsonb where customer_id = p_customer and checks <> '[]'::jsonb`,
  `update integration.business_verification_current set checks = '[]'::jsonb where business_id in (${OF_TENANT}) and checks <> '[]'::jsonb`,
  // The reasons of status changes quote the checks (a registry's name for the business, a provider's message).
  `update integration.business_verification_status_changes set reason = ${ERASED_REASON} where business_id in (${OF_TENANT}) and reason is distinct from ${ERASED_REASON}`,
  `update integration.screenings set result = null, updated_at = now(),
      failure_reason = case when ${RUNNING} then ${ERASED_REASON} else failure_reason end,
      completed_at = case when ${RUNNING} then now() else completed_at end,
      status = case when ${RUNNING} then 'FAILED' else status end
    where customer_id = p_customer and (result is not null or ${RUNNING})`,
  `update integration.integration_tasks set status = 'FAILED', failure_reason = ${ERASED_REASON}, completed_at = now(), updated_at = now()
    where customer_id = p_customer and status in ('PENDING', 'IN_PROGRESS')`,
  'delete from integration.screening_credentials where customer_id = p_customer',
  // Deliveries, their attempts and the secrets go with their endpoint (on delete cascade).
  'delete from integration.webhook_endpoints where customer_id = p_customer',
  'delete from integration.webhook_deliveries where customer_id = p_customer',
  tenantAnswersDeletedSql('integration'),
];

/** What `integration.erase_owner` ran from this migration on; later migrations that keep more of an owner add to it. */
export const OWNER_ERASURE_0016: readonly string[] = [
  `update integration.screenings s set result = jsonb_set(s.result::jsonb, '{principals}', ${PRINCIPALS_ERASED})::json, updated_at = now()
    where s.business_id = p_business and s.customer_id = p_customer and s.result is not null
      and jsonb_typeof(s.result::jsonb->'principals') = 'array'
      and exists (select 1 from jsonb_array_elements(s.result::jsonb->'principals') p
        where p->>'ownerId' = p_owner::text and (p->>'firstName' is distinct from '[erased]' or p->>'lastName' is distinct from '[erased]'))`,
  // A screening in flight read the owner before the erasure: it ends FAILED, so its result (which would name
  // the owner) is never stored (a result is stored only while the screening is in flight).
  `update integration.screenings set status = 'FAILED', failure_reason = ${OWNER_ERASED_REASON}, completed_at = now(), updated_at = now()
    where business_id = p_business and customer_id = p_customer and ${RUNNING}`,
];

/**
 * The integration area's part of erasure (docs/adr/0043), called in the erasing area's transaction:
 * - `integration.erase_owner(customer, business, owner)`: the owner's names in the principals of
 *   the business's screening results read `[erased]` (the screening keeps its match codes); a
 *   screening in flight ends FAILED, so what it read of the owner is never stored;
 * - `integration.erase_customer(customer)`: screening results, provider records, verification
 *   checks, credentials and webhooks (with their deliveries, attempts and secrets) of the tenant are
 *   deleted or emptied, and the reasons of verification status changes replaced; its waiting and
 *   running tasks and screenings end FAILED with the reason.
 */
export const erasureFunctions: Migration = {
  name: '20261202_0016_erasure_functions',
  async up(db: Knex) {
    await db.raw(erasureFunctionSql('integration', 'erase_owner', OWNER_ERASURE_0016));
    await db.raw(erasureFunctionSql('integration', 'erase_customer', CUSTOMER_ERASURE_0016));
  },
  async down(db: Knex) {
    await db.raw(dropErasureFunctionSql('integration', 'erase_owner'));
    await db.raw(dropErasureFunctionSql('integration', 'erase_customer'));
  },
};
