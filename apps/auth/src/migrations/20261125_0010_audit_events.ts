import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * The audit log (issue 11): one hash chain per tenant (`customer:<id>`, and `platform` for acts of no
 * tenant), each entry carrying the hash of the one before it. The application's role may insert
 * and read it, never update or delete it (`appendOnlyTables` of the auth area's migrations, applied by `grantAppRole`).
 */
export const auditEvents: Migration = {
  name: '20261125_0010_audit_events',
  async up(db: Knex) {
    await db.schema.withSchema('auth').createTable('audit_events', (t) => {
      t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
      t.text('chain').notNullable();
      t.bigInteger('seq').notNullable();
      t.uuid('customer_id').nullable();
      t.uuid('actor_id').nullable();
      t.text('actor_role').notNullable();
      t.text('action').notNullable();
      t.text('target_type').notNullable();
      t.text('target_id').nullable();
      t.text('request_id').nullable();
      t.text('client_address').nullable();
      t.jsonb('details').notNullable().defaultTo('{}');
      t.timestamp('occurred_at', { useTz: true }).notNullable();
      t.text('prev_hash').notNullable();
      t.text('hash').notNullable();
      t.unique(['chain', 'seq']);
    });
    await db.raw('create index audit_events_customer_time on auth.audit_events (customer_id, occurred_at desc)');
    // One round trip per entry: the chain's lock, its last entry and the insert, each statement of
    // the function with a fresh snapshot (read committed), so the last entry read is the latest.
    // The entry's hash links its place to its content: sha256(prev_hash || ':' || seq || ':' || content_hash).
    await db.raw(`create function auth.append_audit_event(
        p_chain text, p_customer_id uuid, p_actor_id uuid, p_actor_role text, p_action text, p_target_type text,
        p_target_id text, p_request_id text, p_client_address text, p_details jsonb, p_occurred_at timestamptz, p_content_hash text)
      returns void language plpgsql as $$
      declare
        last_seq bigint;
        last_hash text;
      begin
        perform pg_advisory_xact_lock(hashtextextended('audit:' || p_chain, 0));
        select seq, hash into last_seq, last_hash from auth.audit_events where chain = p_chain order by seq desc limit 1;
        last_seq := coalesce(last_seq, 0) + 1;
        last_hash := coalesce(last_hash, repeat('0', 64));
        insert into auth.audit_events (chain, seq, customer_id, actor_id, actor_role, action, target_type, target_id,
            request_id, client_address, details, occurred_at, prev_hash, hash)
          values (p_chain, last_seq, p_customer_id, p_actor_id, p_actor_role, p_action, p_target_type, p_target_id,
            p_request_id, p_client_address, p_details, p_occurred_at, last_hash,
            encode(sha256(convert_to(last_hash || ':' || last_seq || ':' || p_content_hash, 'UTF8')), 'hex'));
      end $$`);
  },
  async down(db: Knex) {
    await db.raw('drop function if exists auth.append_audit_event');
    await db.raw('drop table if exists auth.audit_events');
  },
};
