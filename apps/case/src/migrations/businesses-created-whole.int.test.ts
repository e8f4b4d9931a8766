import { randomUUID } from 'node:crypto';
import { migrateLatest, type Knex } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { businessesCreatedWhole } from './20261127_0019_businesses_created_whole';
import { insertBusiness } from '../test-support/case-test-app';
import { caseMigrations } from './index';

/** The plan PostgreSQL keeps for a prepared read when its table is small and was never analyzed (a connection's generic plan). */
async function genericPlanOf(db: Knex, sql: string, types: string, values: string): Promise<string> {
  return db.transaction(async (trx) => {
    await trx.raw('set local plan_cache_mode = force_generic_plan');
    await trx.raw(`prepare kyb_plan_probe(${types}) as ${sql}`);
    try {
      return ((await trx.raw(`explain execute kyb_plan_probe(${values})`)).rows as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await trx.raw('deallocate kyb_plan_probe');
    }
  });
}

/* Migration 0019: the index of businesses by creation covers every business (ADR 0032). */
describe('the index of businesses by creation', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateLatest(database.db, caseMigrations);
    // A small table, never analyzed: what a connection sees when it first plans the directory's reads.
    for (const n of [1, 2]) await insertBusiness(database.db, { customerId: randomUUID(), externalId: `small-${n}` });
  });
  afterAll(() => database.destroy());

  const indexDefinition = async () => (await database.db('pg_indexes').where({ schemaname: 'cases', indexname: 'businesses_created' }).first('indexdef'))?.indexdef as string;

  it('is never how a generic plan finds directory businesses by id, alone or joined', async () => {
    const byId = await genericPlanOf(database.db, 'select * from cases.business_directory where id = $1', 'uuid', `'${randomUUID()}'`);
    const joined = await genericPlanOf(
      database.db,
      'select d.id, d.name from unnest($1::uuid[]) as w(id) left join cases.business_directory d on d.id = w.id',
      'uuid[]',
      `array['${randomUUID()}']::uuid[]`,
    );
    expect(byId).toContain('Index Scan using businesses_pkey');
    for (const plan of [byId, joined]) expect(plan).not.toContain('businesses_created');
  });

  it("still serves the sweep's range of creation times", async () => {
    const plan = await database.db.transaction(async (trx) => {
      await trx.raw('set local enable_seqscan = off');
      const { rows } = await trx.raw(`explain select id from cases.business_directory where created_at >= now() - interval '1 hour' and created_at < now()`);
      return (rows as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('businesses_created');
    expect(plan).toMatch(/Index Cond: \(\(created_at >= /);
  });

  it('covers every business going up and only those not deleted going down', async () => {
    expect(await indexDefinition()).not.toContain('WHERE');
    await businessesCreatedWhole.down(database.db);
    expect(await indexDefinition()).toContain('WHERE (deleted_at IS NULL)');
    await businessesCreatedWhole.up(database.db);
    expect(await indexDefinition()).toBe('CREATE INDEX businesses_created ON cases.businesses USING btree (created_at)');
  });
});
