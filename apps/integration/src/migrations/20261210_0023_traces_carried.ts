import type { Knex } from 'knex';
import { outboxTraceMigration, type Migration } from '@kyb/db';

const outboxTrace = outboxTraceMigration('integration', '20261210_0023_traces_carried');

/**
 * Traces carried through the integration area's hops (issue 47): each outbox event keeps the trace
 * of the change it announces (published by the event feed), and each webhook delivery keeps the
 * trace of the event it delivers (`trace`), so every attempt continues that trace.
 */
export const tracesCarried: Migration = {
  name: '20261210_0023_traces_carried',
  async up(db: Knex) {
    await outboxTrace.up(db);
    await db.raw('alter table integration.webhook_deliveries add column trace jsonb');
  },
  async down(db: Knex) {
    await db.raw('alter table integration.webhook_deliveries drop column trace');
    await outboxTrace.down(db);
  },
};
