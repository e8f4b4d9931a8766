import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

const ERASED_REASON = `'The customer was erased.'`;
/** The businesses of the tenant the integration area knows: each has an enrichment task, a verification or a screening. */
const OF_TENANT = `select business_id from integration.integration_tasks where customer_id = p_customer
  union select business_id from integration.business_verifications where customer_id = p_customer
  union select business_id from integration.screenings where customer_id = p_customer`;

/**
 * The integration area's part of erasure (docs/adr/0043), called in the erasing area's transaction:
 * - `integration.erase_owner(customer, business, owner)`: the owner's names in the principals of
 *   the business's screening results read `[erased]` (the screening keeps its match codes);
 * - `integration.erase_customer(customer)`: screening results, provider records, verification
 *   checks, credentials and webhooks (with their deliveries, attempts and secrets) of the tenant are
 *   deleted or emptied; its running tasks and screenings end FAILED with the reason.
 * Each returns the rows it changed.
 */
export const erasureFunctions: Migration = {
  name: '20261202_0016_erasure_functions',
  async up(db: Knex) {
    await db.raw(`create function integration.erase_owner(p_customer uuid, p_business uuid, p_owner uuid) returns integer
      language plpgsql security definer set search_path = pg_catalog, pg_temp as $$
      declare n integer;
      begin
        update integration.screenings s
          set result = jsonb_set(s.result::jsonb, '{principals}', (
              select coalesce(jsonb_agg(case when p->>'ownerId' = p_owner::text
                  then p || '{"firstName":"[erased]","lastName":"[erased]"}'::jsonb else p end order by i), '[]'::jsonb)
                from jsonb_array_elements(s.result::jsonb->'principals') with ordinality as e(p, i)))::json,
            updated_at = now()
          where s.business_id = p_business and s.customer_id = p_customer and s.result is not null
            and jsonb_typeof(s.result::jsonb->'principals') = 'array'
            and exists (select 1 from jsonb_array_elements(s.result::jsonb->'principals') p
              where p->>'ownerId' = p_owner::text and (p->>'firstName' is distinct from '[erased]' or p->>'lastName' is distinct from '[erased]'));
        get diagnostics n = row_count;
        return n;
      end $$`);
    await db.raw(`create function integration.erase_customer(p_customer uuid) returns integer
      language plpgsql security definer set search_path = pg_catalog, pg_temp as $$
      declare changed integer := 0; n integer;
      begin
        delete from integration.public_records where business_id in (${OF_TENANT});
        get diagnostics n = row_count; changed := changed + n;
        delete from integration.bjl_records where business_id in (${OF_TENANT});
        get diagnostics n = row_count; changed := changed + n;
        delete from integration.financial_profiles where business_id in (${OF_TENANT});
        get diagnostics n = row_count; changed := changed + n;
        update integration.business_verifications set checks = '[]'::jsonb where customer_id = p_customer and checks <> '[]'::jsonb;
        get diagnostics n = row_count; changed := changed + n;
        update integration.business_verification_current set checks = '[]'::jsonb where business_id in (${OF_TENANT}) and checks <> '[]'::jsonb;
        get diagnostics n = row_count; changed := changed + n;
        update integration.screenings set result = null,
            status = case when status in ('PENDING', 'PROCESSING') then 'FAILED' else status end,
            failure_reason = case when status in ('PENDING', 'PROCESSING') then ${ERASED_REASON} else failure_reason end,
            completed_at = case when status in ('PENDING', 'PROCESSING') then now() else completed_at end, updated_at = now()
          where customer_id = p_customer and (result is not null or status in ('PENDING', 'PROCESSING'));
        get diagnostics n = row_count; changed := changed + n;
        update integration.integration_tasks set status = 'FAILED', failure_reason = ${ERASED_REASON}, completed_at = now(), updated_at = now()
          where customer_id = p_customer and status in ('PENDING', 'IN_PROGRESS');
        get diagnostics n = row_count; changed := changed + n;
        delete from integration.screening_credentials where customer_id = p_customer;
        get diagnostics n = row_count; changed := changed + n;
        -- Deliveries, their attempts and the secrets go with their endpoint (on delete cascade).
        delete from integration.webhook_endpoints where customer_id = p_customer;
        get diagnostics n = row_count; changed := changed + n;
        delete from integration.webhook_deliveries where customer_id = p_customer;
        get diagnostics n = row_count; changed := changed + n;
        delete from integration.idempotency_keys where lower(scope) = 'customer:' || p_customer::text;
        get diagnostics n = row_count; changed := changed + n;
        return changed;
      end $$`);
  },
  async down(db: Knex) {
    await db.raw('drop function if exists integration.erase_owner(uuid, uuid, uuid)');
    await db.raw('drop function if exists integration.erase_customer(uuid)');
  },
};
