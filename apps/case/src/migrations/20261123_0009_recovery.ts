import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * What the recovery sweep needs (issue 16): on onboarding runs and outbox mail, how often each
 * was recovered and when last, and the lease a worker holds while storing a run or sending a mail
 * (SENDING), so only one worker does it; partial indexes so the sweep reads only records not final; and an
 * index on businesses by creation, so the integration area's sweep finds recent businesses that
 * never got an enrichment task without reading them all.
 */
export const recovery: Migration = {
  name: '20261123_0009_recovery',
  async up(db: Knex) {
    for (const table of ['onboarding_runs', 'mail_outbox']) {
      await db.schema.withSchema('cases').alterTable(table, (t) => {
        t.integer('recoveries').notNullable().defaultTo(0);
        t.timestamp('recovered_at', { useTz: true }).nullable();
      });
    }
    for (const table of ['onboarding_runs', 'mail_outbox']) {
      await db.schema.withSchema('cases').alterTable(table, (t) => {
        t.text('lease_owner').nullable();
        t.timestamp('lease_expires_at', { useTz: true }).nullable();
      });
    }
    await db.raw(`create index onboarding_runs_pending on cases.onboarding_runs (created_at) where status = 'PENDING'`);
    await db.raw(`create index mail_outbox_unsent on cases.mail_outbox (created_at) where status in ('PENDING', 'SENDING')`);
    await db.raw('create index businesses_created on cases.businesses (created_at) where deleted_at is null');
  },
  async down(db: Knex) {
    for (const index of ['businesses_created', 'mail_outbox_unsent', 'onboarding_runs_pending']) await db.raw(`drop index if exists cases.${index}`);
    for (const table of ['mail_outbox', 'onboarding_runs']) {
      await db.schema.withSchema('cases').alterTable(table, (t) => t.dropColumns('lease_owner', 'lease_expires_at', 'recoveries', 'recovered_at'));
    }
  },
};
