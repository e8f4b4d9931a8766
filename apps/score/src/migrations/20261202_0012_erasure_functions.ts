import type { Knex } from 'knex';
import { dropErasureFunctionSql, erasureFunctionSql, tenantAnswersDeletedSql, type Migration } from '@kyb/db';

const COMPUTING = `status = 'PROCESSING'`;

/**
 * `scores.erase_customer(customer)`: the score area's part of erasing a tenant (docs/adr/0043),
 * called in the erasing area's transaction. Scores keep their figures, states and ids; what could
 * name a business or a person (alert texts, notes, inputs, decision logs) is emptied, and scores
 * still computing end FAILED with the reason.
 */
export const erasureFunctions: Migration = {
  name: '20261202_0012_erasure_functions',
  async up(db: Knex) {
    await db.raw(
      erasureFunctionSql('scores', 'erase_customer', [
        `update scores.alerts set title = '[erased]', summary = '[erased]', before = null, after = null, data = '{}'::jsonb, note = null
          where customer_id = p_customer and (title, summary, before, after, data, note) is distinct from ('[erased]', '[erased]', null::jsonb, null::jsonb, '{}'::jsonb, null)`,
        `update scores.scores set inputs = null, decision_log = null,
            failure_reason = case when ${COMPUTING} then 'The customer was erased.' else failure_reason end,
            completed_at = case when ${COMPUTING} then now() else completed_at end, updated_at = now(),
            status = case when ${COMPUTING} then 'FAILED' else status end
          where customer_id = p_customer and (inputs is not null or decision_log is not null or ${COMPUTING})`,
        tenantAnswersDeletedSql('scores'),
      ]),
    );
  },
  async down(db: Knex) {
    await db.raw(dropErasureFunctionSql('scores', 'erase_customer'));
  },
};
