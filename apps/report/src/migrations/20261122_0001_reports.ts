import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * Report types, reports with the lease a worker holds while rendering one, and the rendered
 * files (kept in PostgreSQL, so every report pod reads what any other rendered).
 */
export const reports: Migration = {
  name: '20261122_0001_reports',
  async up(db: Knex) {
    await db.schema.withSchema('reports').createTable('report_types', (t) => {
      t.integer('id').primary();
      t.text('code').notNullable().unique();
      t.text('label').notNullable();
    });
    await db('reports.report_types').insert({ id: 1, code: 'business_report', label: 'Business Report' });

    await db.schema.withSchema('reports').createTable('reports', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.integer('report_type_id').notNullable().references('id').inTable('reports.report_types');
      t.uuid('customer_id').notNullable();
      t.uuid('business_id').notNullable();
      t.text('status').notNullable().defaultTo('REQUESTED');
      t.text('log').nullable();
      t.uuid('created_by').notNullable();
      t.text('triggered_by').notNullable();
      t.uuid('triggered_id').notNullable();
      t.text('file_path').nullable();
      t.integer('attempts').notNullable().defaultTo(0);
      // The worker rendering the report, until when; another may take over only after it lapsed.
      t.text('lease_owner').nullable();
      t.timestamp('lease_expires_at', { useTz: true }).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('completed_at', { useTz: true }).nullable();
    });
    await db.raw(
      `alter table reports.reports add constraint reports_status_check check (status in ('REQUESTED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'))`,
    );
    await db.raw('create index reports_business on reports.reports (business_id, created_at desc)');

    await db.schema.withSchema('reports').createTable('report_files', (t) => {
      t.text('path').primary();
      t.binary('content').notNullable();
      t.text('content_type').notNullable();
      t.integer('byte_size').notNullable();
      t.text('sha256').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
  },
  async down(db: Knex) {
    for (const table of ['report_files', 'reports', 'report_types']) await db.schema.withSchema('reports').dropTableIfExists(table);
  },
};
