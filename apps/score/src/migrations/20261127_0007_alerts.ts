import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * Monitoring alerts (issue 12): what the alert rules found between a monitored business's previous
 * SUCCESS score and its new one, raised once (unique by score, rule and subject: the record a record
 * rule is about, '' for the others) and followed by the customer OPEN -> ACKNOWLEDGED -> RESOLVED.
 * `severity_rank` orders HIGH before MEDIUM before LOW for the list's sort; the indexes serve the
 * list's filters (business, status, severity, rule) within a customer, newest first.
 */
export const alerts: Migration = {
  name: '20261127_0007_alerts',
  async up(db: Knex) {
    await db.raw(`create table scores.alerts (
      id uuid primary key default gen_random_uuid(),
      customer_id uuid not null,
      business_id uuid not null,
      score_id uuid not null references scores.scores(id),
      previous_score_id uuid not null references scores.scores(id),
      rule text not null,
      subject text not null default '',
      severity text not null check (severity in ('HIGH', 'MEDIUM', 'LOW')),
      severity_rank smallint generated always as (case severity when 'HIGH' then 3 when 'MEDIUM' then 2 else 1 end) stored,
      status text not null default 'OPEN' check (status in ('OPEN', 'ACKNOWLEDGED', 'RESOLVED')),
      title text not null,
      summary text not null,
      before jsonb,
      after jsonb,
      data jsonb not null,
      created_at timestamptz not null,
      acknowledged_at timestamptz,
      acknowledged_by uuid,
      resolved_at timestamptz,
      resolved_by uuid,
      note text,
      updated_at timestamptz not null,
      constraint alerts_raised_once unique (score_id, rule, subject))`);
    await db.raw('create index alerts_customer_created on scores.alerts (customer_id, created_at desc, id desc)');
    await db.raw('create index alerts_customer_severity on scores.alerts (customer_id, severity_rank desc, created_at desc, id desc)');
    await db.raw('create index alerts_customer_business on scores.alerts (customer_id, business_id, created_at desc)');
    await db.raw('create index alerts_customer_status on scores.alerts (customer_id, status, created_at desc)');
    await db.raw('create index alerts_customer_rule on scores.alerts (customer_id, rule, created_at desc)');
  },
  async down(db: Knex) {
    await db.raw('drop table if exists scores.alerts');
  },
};
