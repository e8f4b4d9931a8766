import { randomUUID } from 'node:crypto';
import { createScoreDirectory } from '@kyb/area-views';
import { createBusinessDirectoryStandIn } from '@kyb/area-views/testing';
import { migrateLatest, type Knex } from '@kyb/db';
import { createTestDatabase, firstQueryOf, type TestDatabase } from '@kyb/testing';
import { DEFAULT_WEIGHTAGE_CONFIG } from '../engine';
import { createPgExplainStore } from '../explain/explain.store';
import { createPgScoreStore } from '../scores/scores.store';
import { NEWEST_SUCCESS_SCORE_INDEX, newestSuccessScoreIndex } from './20261209_0015_newest_success_score_index';
import { scoreMigrations } from './index';

/**
 * The risk level of a business's newest SUCCESS score, in the shape the case area's review queue
 * reads it for each case (`newestScoreAt` in apps/case/src/cases/cases.store.ts, a case's
 * business_id there, a business's id here; a copy: the score area cannot import the case area).
 */
const queueRiskShape = (db: Knex, customerId: string, riskLevel: string) =>
  db('cases.business_directory as c')
    .where('c.customer_id', customerId)
    .whereExists(
      db
        .select(db.raw('1'))
        .fromRaw(
          `(select s.risk_level from scores.score_directory as s where s.business_id = c.id and s.status = 'SUCCESS'
            order by s.created_at desc, s.id desc limit 1) as newest`,
        )
        .where('newest.risk_level', riskLevel),
    )
    .orderBy('c.id')
    .pluck('c.id');

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

/** How the plan of the first statement `run` sends reads scores.scores: each scan of it, as `Node Type` or `Node Type on index`. */
async function scoreScansOf(db: Knex, run: () => Promise<unknown>): Promise<string[]> {
  const first = await firstQueryOf(db, run);
  const { rows } = await db.raw(`explain (format json) ${first.sql.replace(/\$\d+/g, '?')}`, first.bindings as Knex.Value[]);
  const scans: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Relation Name'] === 'scores') scans.push(node['Index Name'] ? `${node['Node Type']} on ${node['Index Name']}` : node['Node Type']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(rows[0]['QUERY PLAN'][0].Plan);
  return scans;
}

/*
 * Migration 0015 (issue 45): which index the planner takes for the reads of a business's newest
 * SUCCESS score. The table holds 2,000 businesses of 5 scores each (a fifth of the volume
 * EXPLAIN ANALYZE was measured on), analyzed, with sequential scans allowed: the planner's own
 * choice at this size, which is what the assertions pin. They prove the index serves each read's
 * filter and order at this volume, not its speed (the commit that added it gives the timings).
 */
describe('the newest SUCCESS score of a business, by index', () => {
  let database: TestDatabase;
  let db: Knex;
  const customerId = randomUUID();
  let business: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await migrateLatest(db, scoreMigrations);
    await createBusinessDirectoryStandIn(db);
    await db.raw(
      `insert into cases.business_directory (id, customer_id, name, is_monitoring_enabled)
       select gen_random_uuid(), ?, 'Business ' || g, false from generate_series(1, 2000) g`,
      [customerId],
    );
    // Five months of scores per business; every tenth FAILED, every tenth after it PROCESSING, the rest SUCCESS.
    await db.raw(
      `insert into scores.scores (business_id, customer_id, source_key, trigger, weightage_config_id, version, status, year, month, risk_level, score_decision, created_at)
       select b.id, b.customer_id, 'seed:' || b.id || ':' || k, 'MONITORING', ?, '2.2',
              case (k + n) % 10 when 0 then 'FAILED' when 1 then 'PROCESSING' else 'SUCCESS' end, 2026, 6 + k,
              (array['HIGH', 'MODERATE', 'LOW'])[1 + (n + k) % 3], 'REVIEW', make_timestamptz(2026, 6 + k, 3, 0, 0, 0) + n * interval '1 second'
       from (select id, customer_id, row_number() over (order by id) as n from cases.business_directory) as b cross join generate_series(1, 5) as k`,
      [DEFAULT_WEIGHTAGE_CONFIG.id],
    );
    await db.raw('analyze scores.scores');
    await db.raw('analyze cases.business_directory');
    business = (await db('cases.business_directory').orderBy('id').first('id')).id;
  });
  afterAll(() => database.destroy());

  const newest = [`Index Scan on ${NEWEST_SUCCESS_SCORE_INDEX}`];

  it("serves the review queue's risk level filter, one index probe per case", async () => {
    expect(await scoreScansOf(db, () => queueRiskShape(db, customerId, 'HIGH'))).toEqual(newest);
  });

  it("serves the other reads of the newest SUCCESS score: the report's, the explanation's, and the sanctions hits a score compares", async () => {
    expect(await scoreScansOf(db, () => createScoreDirectory(db).latestSuccessful(business))).toEqual(newest);
    expect(await scoreScansOf(db, () => createPgExplainStore(db).latestSuccess(business))).toEqual(newest);
    expect(await scoreScansOf(db, () => createPgScoreStore(db).latestSuccessHits(business))).toEqual(newest);
  });

  it("leaves E10's read of one month to the month's index, whatever the status asked for", async () => {
    // E10 names the year and month: scores_business_month finds the month's few scores; the new index is not needed there.
    const store = createPgScoreStore(db);
    expect(await scoreScansOf(db, () => store.latestOfMonth(business, 2026, 9, ['SUCCESS']))).toEqual(['Index Scan on scores_business_month']);
    expect(await scoreScansOf(db, () => store.latestOfMonth(business, 2026, 9, ['PROCESSING', 'SUCCESS', 'FAILED']))).toEqual(['Index Scan on scores_business_month']);
  });

  it('answers what it answered before the index: the newest SUCCESS, a later FAILED or PROCESSING skipped, ties broken by the greater id', async () => {
    const id = (await db('cases.business_directory').orderBy('id', 'desc').first('id')).id;
    const at = new Date('2027-01-05T00:00:00Z');
    const score = (key: string, status: string, riskLevel: string, createdAt: Date, scoreId = randomUUID()) => ({
      id: scoreId, business_id: id, customer_id: customerId, source_key: `tie:${id}:${key}`, trigger: 'ON_DEMAND', weightage_config_id: DEFAULT_WEIGHTAGE_CONFIG.id,
      version: '2.2', status, year: 2027, month: 1, risk_level: riskLevel, score_decision: 'REVIEW', created_at: createdAt,
    });
    await db('scores.scores').insert([
      score('low', 'SUCCESS', 'LOW', at, '00000000-0000-4000-8000-000000000001'),
      score('high', 'SUCCESS', 'HIGH', at, 'ffffffff-ffff-4fff-8fff-ffffffffffff'),
      score('failed', 'FAILED', 'LOW', new Date(at.getTime() + 1000)),
      score('processing', 'PROCESSING', 'LOW', new Date(at.getTime() + 2000)),
    ]);
    const answers = async () => ({
      report: (await createScoreDirectory(db).latestSuccessful(id))?.id,
      queueHigh: (await queueRiskShape(db, customerId, 'HIGH')).includes(id),
      queueLow: (await queueRiskShape(db, customerId, 'LOW')).includes(id),
    });
    const withIndex = await answers();
    expect(withIndex).toEqual({ report: 'ffffffff-ffff-4fff-8fff-ffffffffffff', queueHigh: true, queueLow: false });
    await newestSuccessScoreIndex.down(db);
    try {
      expect(await scoreScansOf(db, () => createScoreDirectory(db).latestSuccessful(id))).not.toContain(newest[0]);
      expect(await answers()).toEqual(withIndex);
    } finally {
      await newestSuccessScoreIndex.up(db);
    }
  });
});
