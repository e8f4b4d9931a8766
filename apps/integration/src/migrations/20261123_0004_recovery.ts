import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * What the recovery sweeps need (issue 16): on tasks and screenings, how often each was recovered
 * and when last; partial indexes so the sweep reads only tasks and screenings not final; and the
 * read module of finished enrichment tasks the score area sweeps for tasks it never scored (see
 * @kyb/tenants), with its index.
 */
export const recovery: Migration = {
  name: '20261123_0004_recovery',
  async up(db: Knex) {
    for (const table of ['integration_tasks', 'screenings']) {
      await db.schema.withSchema('integration').alterTable(table, (t) => {
        t.integer('recoveries').notNullable().defaultTo(0);
        t.timestamp('recovered_at', { useTz: true }).nullable();
      });
    }
    await db.raw(`create index integration_tasks_open on integration.integration_tasks (updated_at) where status in ('PENDING', 'IN_PROGRESS')`);
    await db.raw(`create index integration_tasks_succeeded on integration.integration_tasks (completed_at) where status = 'SUCCEEDED'`);
    await db.raw(`create index screenings_open on integration.screenings (updated_at) where status in ('PENDING', 'PROCESSING')`);
    await db.raw(`create view integration.enrichment_task_directory as
      select id, business_id, status, completed_at from integration.integration_tasks`);
  },
  async down(db: Knex) {
    await db.raw('drop view if exists integration.enrichment_task_directory');
    for (const index of ['screenings_open', 'integration_tasks_succeeded', 'integration_tasks_open']) await db.raw(`drop index if exists integration.${index}`);
    for (const table of ['screenings', 'integration_tasks']) {
      await db.schema.withSchema('integration').alterTable(table, (t) => t.dropColumns('recoveries', 'recovered_at'));
    }
  },
};
