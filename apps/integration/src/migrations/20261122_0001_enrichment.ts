import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * Enrichment: one integration task per request for a business's public records, the latest
 * public records of each business, and the bankruptcy, judgement and lien records behind its facts.
 */
export const enrichment: Migration = {
  name: '20261122_0001_enrichment',
  async up(db: Knex) {
    await db.schema.withSchema('integration').createTable('integration_tasks', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.uuid('business_id').notNullable();
      t.uuid('customer_id').notNullable();
      // The queue job that runs the task: a redelivered job finds its task instead of adding one.
      t.text('job_id').notNullable().unique();
      t.text('kind').notNullable().defaultTo('PUBLIC_RECORDS');
      t.text('status').notNullable().defaultTo('PENDING');
      t.text('provider').notNullable();
      t.integer('attempts').notNullable().defaultTo(0);
      t.text('failure_reason').nullable();
      t.uuid('requested_by').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('started_at', { useTz: true }).nullable();
      t.timestamp('completed_at', { useTz: true }).nullable();
    });
    await db.raw(
      `alter table integration.integration_tasks add constraint integration_tasks_status_check check (status in ('PENDING', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED'))`,
    );
    await db.raw('create index integration_tasks_business on integration.integration_tasks (business_id, created_at desc)');

    await db.schema.withSchema('integration').createTable('public_records', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.uuid('business_id').notNullable().unique();
      t.uuid('business_integration_task_id').notNullable().references('id').inTable('integration.integration_tasks');
      t.text('provider').notNullable();
      t.integer('platform_id').notNullable();
      // The fields of contract 2.2 (besides ids and timestamps), derived once when the records arrive;
      // json, not jsonb, so they keep the contract's key order.
      t.json('summary').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });

    await db.schema.withSchema('integration').createTable('bjl_records', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.uuid('business_id').notNullable();
      t.uuid('business_integration_task_id').notNullable().references('id').inTable('integration.integration_tasks');
      t.text('kind').notNullable();
      t.text('provider_record_id').notNullable();
      t.timestamp('filing_date', { useTz: true }).notNullable();
      t.text('status').notNullable();
      t.decimal('amount', 14, 2).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.unique(['business_id', 'kind', 'provider_record_id']);
    });
    await db.raw(`alter table integration.bjl_records add constraint bjl_records_kind_check check (kind in ('BANKRUPTCY', 'LIEN', 'JUDGEMENT'))`);
  },
  async down(db: Knex) {
    for (const table of ['bjl_records', 'public_records', 'integration_tasks']) await db.schema.withSchema('integration').dropTableIfExists(table);
  },
};
