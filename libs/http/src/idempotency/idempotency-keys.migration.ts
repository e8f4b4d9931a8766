import type { Knex, Migration } from '@kyb/db';

/**
 * The table an area keeps its `Idempotency-Key` answers in (`<schema>.idempotency_keys`): one row
 * per caller scope and key, claimed RUNNING by the first request, then holding its answer for a day.
 * `name` keeps each area's list of migrations in order (a date and number of that area's own).
 */
export function idempotencyKeysMigration(schema: string, name: string): Migration {
  return {
    name,
    async up(db: Knex) {
      await db.schema.withSchema(schema).createTable('idempotency_keys', (t) => {
        t.text('scope').notNullable();
        t.text('key').notNullable();
        t.text('fingerprint').notNullable();
        t.text('status').notNullable();
        // Which request holds a RUNNING key: only it stores the answer or frees the key.
        t.uuid('claim_id').notNullable();
        t.smallint('response_status').nullable();
        t.text('response_body').nullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('locked_until', { useTz: true }).notNullable();
        t.timestamp('expires_at', { useTz: true }).notNullable();
        t.primary(['scope', 'key']);
      });
      await db.raw(`alter table ${schema}.idempotency_keys add constraint idempotency_keys_status check (status in ('RUNNING', 'DONE'))`);
      await db.raw(`create index idempotency_keys_expiry on ${schema}.idempotency_keys (expires_at)`);
    },
    async down(db: Knex) {
      await db.raw(`drop table if exists ${schema}.idempotency_keys`);
    },
  };
}
