import type { Knex } from 'knex';
import { outboxTraceMigration, type Migration } from '@kyb/db';

const outboxTrace = outboxTraceMigration('cases', '20261210_0031_traces_carried');

/**
 * Traces carried through the case area's hops (issue 47): each outbox event keeps the trace of the
 * change it announces (published by the event feed), and a case marked for evaluation by an event
 * keeps that event's trace (`evaluation_trace`) until the decision round evaluates it, so the
 * evaluation, and what it announces, continue the trace of the fact that arrived.
 */
export const tracesCarried: Migration = {
  name: '20261210_0031_traces_carried',
  async up(db: Knex) {
    await outboxTrace.up(db);
    await db.raw('alter table cases.cases add column evaluation_trace jsonb');
  },
  async down(db: Knex) {
    await db.raw('alter table cases.cases drop column evaluation_trace');
    await outboxTrace.down(db);
  },
};
