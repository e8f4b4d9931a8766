import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

const views = (withSources: boolean) => ({
  public_records_directory: `select business_id, business_integration_task_id, platform_id, summary, updated_at${withSources ? ', provider' : ''} from integration.public_records`,
  bjl_record_directory: withSources
    ? `select b.business_id, b.kind, b.filing_date, b.status, b.amount, t.provider, b.provider_record_id as record_id
       from integration.bjl_records b join integration.integration_tasks t on t.id = b.business_integration_task_id`
    : 'select business_id, kind, filing_date, status, amount from integration.bjl_records',
  financial_profile_directory: `select business_id, statements, credit_bureau, updated_at${withSources ? ', provider' : ''} from integration.financial_profiles`,
});

/**
 * Where each published input came from (issue 12, reproducible scores): the directory views add the
 * provider of public records, BJL records (their task's, with the provider's record id) and financial profiles,
 * so a score's snapshot names the provider and the fetch time of every input it used.
 */
export const directorySources: Migration = {
  name: '20261127_0011_directory_sources',
  async up(db: Knex) {
    for (const [view, body] of Object.entries(views(true))) await db.raw(`create or replace view integration.${view} as ${body}`);
  },
  async down(db: Knex) {
    // A view cannot lose columns in place: each is made again as 0003 made it.
    for (const [view, body] of Object.entries(views(false))) {
      await db.raw(`drop view integration.${view}`);
      await db.raw(`create view integration.${view} as ${body}`);
    }
  },
};
