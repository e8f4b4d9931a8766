import { randomUUID } from 'node:crypto';
import { startAreaHarness, type AreaHarness } from '@kyb/area-testing';
import { createBusinessDirectory, createErasedCustomers, createIntegrationDirectory, createVerificationDirectory, createWatchlistHitDirectory } from '@kyb/area-views';
import { createBusinessDirectoryStandIn, createDataKeyStandIn, createEnrichmentTaskDirectoryStandIn, createIntegrationDirectoryStandIn, createVerificationDirectoryStandIn, createWatchlistHitDirectoryStandIn } from '@kyb/area-views/testing';
import { createProducer, scoreQueue } from '@kyb/queues';
import { eventually, queryPlanOf } from '@kyb/testing';
import { createScoreArea, type ScoreArea } from '../area';
import { scoreMigrations } from '../migrations';
import { createPgScoreBatchStore } from '../scores/score-batch.store';
import { createScoreProcessors } from '../scores/scores.processor';
import { createPgScoreStore } from '../scores/scores.store';
import { statement, summary } from '../test-support/score-fixtures';
import { createPgScoreRecoveryStore } from './score-recovery.store';

const longAgo = () => new Date(Date.now() - 10 * 60_000);

describe('the score recovery sweep (Redis came back empty; PostgreSQL still knows the work)', () => {
  let h: AreaHarness;
  let area: ScoreArea;
  let tasks: Awaited<ReturnType<typeof createEnrichmentTaskDirectoryStandIn>>;
  let businesses: Awaited<ReturnType<typeof createBusinessDirectoryStandIn>>;
  let integration: Awaited<ReturnType<typeof createIntegrationDirectoryStandIn>>;
  const customerId = randomUUID();

  beforeAll(async () => {
    h = await startAreaHarness([scoreMigrations], 'score-recovery');
    businesses = await createBusinessDirectoryStandIn(h.db);
    integration = await createIntegrationDirectoryStandIn(h.db);
    tasks = await createEnrichmentTaskDirectoryStandIn(h.db);
    await createVerificationDirectoryStandIn(h.db);
    await createWatchlistHitDirectoryStandIn(h.db);
    await createDataKeyStandIn(h.db);
    area = createScoreArea({
      db: h.db,
      redis: h.redis,
      redisPrefix: h.redisPrefix,
      logger: h.logger,
      tokens: h.tokens,
      clock: h.clock.now,
      recovery: { sweepEveryMs: 3_600_000, stuckAfterMs: 60_000, maxRecoveries: 2 },
    });
    await area.startWorkers(h.workerConnection);
  });
  afterAll(() => h.close(() => area.stop()));

  /** A business whose public records and financials the integration area published. */
  async function enrichedBusiness(): Promise<string> {
    const id = randomUUID();
    await businesses.put({ id, customerId, name: 'Longwood Dental' });
    await integration.put(id, {
      publicRecords: { taskId: randomUUID(), platformId: 100, summary: summary() },
      bjl: [],
      financials: { statements: [statement(2024), statement(2025)], creditBureau: { score: 82, delinquentAccounts: 0 } },
    });
    return id;
  }
  async function processingScore(businessId: string, recoveries = 0): Promise<string> {
    const config = await h.db('scores.weightage_configs').where({ is_active: true }).first();
    const [{ id }] = await h.db('scores.scores')
      .insert({
        source_key: `on-demand:${randomUUID()}`, trigger: 'ON_DEMAND', business_id: businessId, customer_id: customerId, weightage_config_id: config.id,
        version: config.version, year: 2026, month: 11, recoveries, created_at: longAgo(), updated_at: longAgo(),
      })
      .returning('id');
    return id;
  }
  const settled = (where: object) =>
    eventually(async () => {
      const row = await h.db('scores.scores').where(where).first();
      return row && row.status !== 'PROCESSING' ? row : undefined;
    });

  it('reads stuck scores through their partial index', async () => {
    const store = createPgScoreRecoveryStore(h.db);
    expect(await queryPlanOf(h.db, () => store.stuckScores({ cutoff: new Date(), afterId: null, limit: 500 }))).toContain('scores_processing');
  });

  it('scores a finished enrichment whose announcement Redis lost, once, however often it sweeps', async () => {
    const businessId = await enrichedBusiness();
    const taskId = await tasks.put({ businessId, status: 'SUCCEEDED', completedAt: longAgo() });
    expect(await area.recovery.sweep()).toMatchObject({ unscoredTasks: 1 });
    expect(await settled({ source_key: `enrichment:${taskId}` })).toMatchObject({ status: 'SUCCESS', trigger: 'ENRICHMENT', business_id: businessId });
    expect(await area.recovery.sweep()).toMatchObject({ unscoredTasks: 0, scores: { requeued: 0 } });
    expect(await h.db('scores.scores').where({ business_id: businessId })).toHaveLength(1);
  });

  it('leaves tasks that are not finished, finished just now, or of a deleted business', async () => {
    const businessId = await enrichedBusiness();
    await tasks.put({ businessId, status: 'IN_PROGRESS' });
    await tasks.put({ businessId, status: 'SUCCEEDED', completedAt: new Date() });
    await tasks.put({ businessId: randomUUID(), status: 'SUCCEEDED', completedAt: longAgo() });
    expect(await area.recovery.sweep()).toMatchObject({ unscoredTasks: 0 });
  });

  it('computes a score left PROCESSING with no job, and fails one recovered too often with the reason', async () => {
    const stuck = await processingScore(await enrichedBusiness());
    const given = await processingScore(await enrichedBusiness(), 2);
    expect(await area.recovery.sweep()).toMatchObject({ scores: { requeued: 1, failed: 1 } });
    expect(await settled({ id: stuck })).toMatchObject({ status: 'SUCCESS', recoveries: 1, attempts: 1 });
    expect(await h.db('scores.scores').where({ id: given }).first()).toMatchObject({
      status: 'FAILED',
      failure_reason: 'Gave up after 2 recoveries: its job was lost, or its worker stopped, each time.',
    });
  });

  it('processed twice, a score and an enrichment announcement change nothing the second time', async () => {
    const businessId = await enrichedBusiness();
    // A queue of its own (no worker takes its jobs), to count what the two runs queued.
    const queued = createProducer(scoreQueue, { connection: h.redis, prefix: `${h.redisPrefix}-twice` });
    const processors = createScoreProcessors({
      store: createPgScoreStore(h.db),
      batches: createPgScoreBatchStore(h.db),
      businesses: createBusinessDirectory(h.db),
      integration: createIntegrationDirectory(h.db),
      verification: createVerificationDirectory(h.db),
      watchlist: createWatchlistHitDirectory(h.db),
      erased: createErasedCustomers(h.db),
      scores: queued,
      clock: () => new Date(),
      logger: h.logger,
    });
    // An announcement is scored at once: the second finds its score done and queues nothing.
    const announced = randomUUID();
    await processors.afterEnrichment(businessId, announced);
    const scored = await h.db('scores.scores').where({ source_key: `enrichment:${announced}` });
    expect(scored).toMatchObject([{ status: 'SUCCESS', attempts: 1 }]);
    await processors.afterEnrichment(businessId, announced);
    expect(await h.db('scores.scores').where({ source_key: `enrichment:${announced}` })).toEqual(scored);
    expect(await queued.queue.getJobCountByTypes('waiting')).toBe(0);

    // A score queued twice is created and queued once; computed twice, it changes nothing the second time.
    const taskId = randomUUID();
    await processors.requestScore(businessId, `enrichment:${taskId}`, 'ENRICHMENT');
    await processors.requestScore(businessId, `enrichment:${taskId}`, 'ENRICHMENT');
    const rows = await h.db('scores.scores').where({ source_key: `enrichment:${taskId}` });
    expect(rows).toHaveLength(1);
    expect(await queued.queue.getJobCountByTypes('waiting')).toBe(1);
    await queued.queue.obliterate({ force: true });
    await queued.close();
    await processors.compute(rows[0].id, { made: 0, allowed: 5 });
    const first = await h.db('scores.scores').where({ id: rows[0].id }).first();
    await processors.compute(rows[0].id, { made: 0, allowed: 5 });
    expect(await h.db('scores.scores').where({ id: rows[0].id }).first()).toEqual(first);
    expect(first).toMatchObject({ status: 'SUCCESS', attempts: 1 });
  });
});
