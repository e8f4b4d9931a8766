import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/** The areas whose event feeds the webhook dispatcher reads (as `@kyb/area-views` names them). */
const FEED_SOURCES = ['auth', 'cases', 'integration', 'reports', 'scores'];

/**
 * Webhooks (issue 11): a customer's endpoints and their signing secrets (sealed), the deliveries
 * of events to them with every attempt, and where the dispatcher stands in each area's event feed.
 */
export const webhooks: Migration = {
  name: '20261126_0009_webhooks',
  async up(db: Knex) {
    await db.raw(`create table integration.webhook_endpoints (
      id uuid primary key,
      customer_id uuid not null,
      url text not null,
      description text,
      events text[] not null,
      enabled boolean not null,
      disabled_reason text,
      failing_since timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    await db.raw('create index webhook_endpoints_customer on integration.webhook_endpoints (customer_id, created_at)');
    // The newest secret of an endpoint has no expiry; a rotated one signs until expires_at.
    await db.raw(`create table integration.webhook_secrets (
      id uuid primary key,
      webhook_id uuid not null references integration.webhook_endpoints (id) on delete cascade,
      sealed_secret text not null,
      created_at timestamptz not null,
      expires_at timestamptz)`);
    await db.raw('create index webhook_secrets_endpoint on integration.webhook_secrets (webhook_id, created_at)');
    await db.raw(`create table integration.webhook_deliveries (
      id uuid primary key,
      webhook_id uuid not null references integration.webhook_endpoints (id) on delete cascade,
      customer_id uuid not null,
      event_id uuid not null,
      event_type text not null,
      occurred_at timestamptz not null,
      origin text not null check (origin in ('event', 'replay')),
      body text not null,
      status text not null check (status in ('PENDING', 'SUCCEEDED', 'FAILED')),
      attempts integer not null default 0,
      max_attempts integer not null,
      next_attempt_at timestamptz,
      leased_until timestamptz,
      last_response_status integer,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      delivered_at timestamptz)`);
    // An event reaches an endpoint once from the feed; replays and retries add to that, never repeat it.
    await db.raw(`create unique index webhook_deliveries_once on integration.webhook_deliveries (webhook_id, event_id) where origin = 'event'`);
    await db.raw('create index webhook_deliveries_list on integration.webhook_deliveries (webhook_id, created_at desc, id desc)');
    await db.raw(`create index webhook_deliveries_due on integration.webhook_deliveries (next_attempt_at) where status = 'PENDING'`);
    await db.raw('create index webhook_deliveries_age on integration.webhook_deliveries (created_at)');
    await db.raw(`create table integration.webhook_delivery_attempts (
      delivery_id uuid not null references integration.webhook_deliveries (id) on delete cascade,
      number integer not null,
      started_at timestamptz not null,
      duration_ms integer not null,
      response_status integer,
      response_excerpt text,
      error text,
      succeeded boolean not null,
      primary key (delivery_id, number))`);
    await db.raw(`create table integration.webhook_feed_cursors (
      source text primary key,
      tx xid8 not null,
      seq bigint not null,
      pruned_at timestamptz)`);
    for (const source of FEED_SOURCES) await db.raw(`insert into integration.webhook_feed_cursors (source, tx, seq) values (?, '0', 0)`, [source]);
  },
  async down(db: Knex) {
    for (const table of ['webhook_feed_cursors', 'webhook_delivery_attempts', 'webhook_deliveries', 'webhook_secrets', 'webhook_endpoints']) {
      await db.raw(`drop table if exists integration.${table}`);
    }
  },
};
