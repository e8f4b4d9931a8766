import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * `scores.erase_customer(customer)`: the score area's part of erasing a tenant (docs/adr/0043),
 * called in the erasing area's transaction. Scores keep their figures, states and ids; what could
 * name a business or a person (alert texts, notes, inputs, decision logs) is emptied, and scores
 * still computing end FAILED with the reason. Returns the rows it changed.
 */
export const erasureFunctions: Migration = {
  name: '20261202_0012_erasure_functions',
  async up(db: Knex) {
    await db.raw(`create function scores.erase_customer(p_customer uuid) returns integer
      language plpgsql security definer set search_path = pg_catalog, pg_temp as $$
      declare changed integer := 0; n integer;
      begin
        update scores.alerts set title = '[erased]', summary = '[erased]', before = null, after = null, data = '{}'::jsonb, note = null
          where customer_id = p_customer and title <> '[erased]';
        get diagnostics n = row_count; changed := changed + n;
        update scores.scores set inputs = null, decision_log = null,
            status = case when status = 'PROCESSING' then 'FAILED' else status end,
            failure_reason = case when status = 'PROCESSING' then 'The customer was erased.' else failure_reason end,
            completed_at = case when status = 'PROCESSING' then now() else completed_at end, updated_at = now()
          where customer_id = p_customer and (inputs is not null or decision_log is not null or status = 'PROCESSING');
        get diagnostics n = row_count; changed := changed + n;
        delete from scores.idempotency_keys where lower(scope) = 'customer:' || p_customer::text;
        get diagnostics n = row_count; changed := changed + n;
        return changed;
      end $$`);
  },
  async down(db: Knex) {
    await db.raw('drop function if exists scores.erase_customer(uuid)');
  },
};
