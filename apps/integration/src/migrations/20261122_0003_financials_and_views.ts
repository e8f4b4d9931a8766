import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * Financial statements and the credit bureau report fetched with the public records, and the
 * read modules the score and report areas use (see @kyb/tenants): public records, BJL records
 * and financial profiles, newest per business.
 */
export const financialsAndViews: Migration = {
  name: '20261122_0003_financials_and_views',
  async up(db: Knex) {
    await db.schema.withSchema('integration').createTable('financial_profiles', (t) => {
      t.uuid('business_id').primary();
      t.uuid('business_integration_task_id').notNullable().references('id').inTable('integration.integration_tasks');
      t.text('provider').notNullable();
      // Null when the provider knows none: the score says which input is missing.
      t.json('statements').nullable();
      t.json('credit_bureau').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.raw(`create view integration.public_records_directory as
      select business_id, business_integration_task_id, platform_id, summary, updated_at from integration.public_records`);
    await db.raw(`create view integration.bjl_record_directory as
      select business_id, kind, filing_date, status, amount from integration.bjl_records`);
    await db.raw(`create view integration.financial_profile_directory as
      select business_id, statements, credit_bureau, updated_at from integration.financial_profiles`);
  },
  async down(db: Knex) {
    for (const view of ['financial_profile_directory', 'bjl_record_directory', 'public_records_directory']) {
      await db.raw(`drop view if exists integration.${view}`);
    }
    await db.schema.withSchema('integration').dropTableIfExists('financial_profiles');
  },
};
