import { randomUUID } from 'node:crypto';
import type { EnrichmentCompletion } from '@kyb/queues';
import { DEFAULT_WEIGHTAGE_CONFIG, VERIFICATION_WEIGHTAGE_CONFIG } from '../engine';
import { scoredBusiness, summary, worsen } from '../test-support/score-fixtures';
import { scoreProcessorsOf, statementsOf } from '../test-support/score-processors';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';
import { scoreJobId } from './scores.service';

/** The batch path's cost, its idempotence, and what it does with what it cannot score. */
describe('scoring a batch of finished enrichments', () => {
  let t: ScoreTestApp;
  let p: ReturnType<typeof scoreProcessorsOf>;
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startScoreTestApp({ workers: false });
    p = scoreProcessorsOf(t);
  });
  afterAll(async () => {
    await p.close();
    await t.close();
  });

  const scoreOf = (c: EnrichmentCompletion) => t.db('scores.scores').where({ source_key: `enrichment:${c.taskId}` }).first();
  const scoresOf = (businessId: string) => t.db('scores.scores').where({ business_id: businessId });
  /** `n` enriched businesses, every fifth without any input; a completion of a new task for each. */
  async function enrichedBatch(n: number): Promise<EnrichmentCompletion[]> {
    const completions = [];
    for (let i = 0; i < n; i += 1) {
      const bare = i % 5 === 0;
      const businessId = await scoredBusiness(t, customerId, bare ? { records: false, profile: false } : { statements: i % 2 ? null : undefined });
      completions.push({ businessId, taskId: randomUUID() });
    }
    return completions;
  }

  it('runs the same statements for 5 and for 40 businesses: a fixed number per batch, not per business', async () => {
    const five = await enrichedBatch(5);
    const forty = await enrichedBatch(40);
    const small = await statementsOf(t.db, () => p.processors.afterEnrichmentBatch(five));
    const large = await statementsOf(t.db, () => p.processors.afterEnrichmentBatch(forty));
    expect(large).toEqual(small);
    // Eleven reads (businesses, which of their customers were erased, the insert and read of scores, attempts, configs, records, BJL, financials,
    // verifications and sanctions hits: the snapshot keeps them), then the successes' transaction: BEGIN, the businesses'
    // locks, the update (which also reads the previous scores and whether each business is monitored:
    // none is here, so neither settings nor alerts are read or written), one insert of every event, COMMIT.
    expect(small).toHaveLength(17);
    expect(small.filter((sql) => sql.startsWith('insert into "scores"."outbox_events"'))).toHaveLength(1);
    const rows = await Promise.all(forty.map(scoreOf));
    expect(rows.filter((r) => r.status === 'SUCCESS')).toHaveLength(32);
    expect(rows.filter((r) => r.status === 'FAILED')).toHaveLength(8);
    // One score.computed per business scored, none for those that failed; first scores change no risk level.
    const events = await t.db('scores.outbox_events').whereRaw("data->>'business_id' = any(?::text[])", [forty.map((c) => c.businessId)]);
    expect(events.map((e) => e.type)).toEqual(Array(32).fill('score.computed'));
    expect(events.map((e) => e.data.score_id).sort()).toEqual(rows.filter((r) => r.status === 'SUCCESS').map((r) => r.id).sort());
    // The same five businesses scored alone (queued, then computed) cost more than four batches.
    const single = await enrichedBatch(5);
    const announced = await statementsOf(t.db, () => Promise.all(single.map((c) => p.processors.requestScore(c.businessId, `enrichment:${c.taskId}`, 'ENRICHMENT'))));
    const ids = await Promise.all(single.map(async (c) => (await scoreOf(c)).id));
    const computed = await statementsOf(t.db, () => Promise.all(ids.map((id) => p.processors.compute(id, { made: 0, allowed: 5 }))));
    expect(announced.length + computed.length).toBeGreaterThan(4 * small.length);
  });

  it('raises the alerts of monitored businesses in one insert beside one insert of every event: the same statements for 5 and for 40', async () => {
    /** `n` monitored businesses scored once, then worsened: a completion of a new task for each. */
    const worsened = async (n: number) => {
      const first = await enrichedBatch(n);
      await t.db('cases.business_directory').whereIn('id', first.map((c) => c.businessId)).update({ is_monitoring_enabled: true });
      await p.processors.afterEnrichmentBatch(first);
      for (const c of first) await worsen(t, c.businessId);
      return first.map((c) => ({ businessId: c.businessId, taskId: randomUUID() }));
    };
    const five = await worsened(5);
    const forty = await worsened(40);
    const small = await statementsOf(t.db, () => p.processors.afterEnrichmentBatch(five));
    const large = await statementsOf(t.db, () => p.processors.afterEnrichmentBatch(forty));
    expect(large).toEqual(small);
    // The eleven reads above, then the successes' transaction: BEGIN, the businesses' locks, the update
    // (with each business's previous score, its snapshot, and whether it is monitored), the monitoring
    // settings of the businesses' customers (one read for all), one insert of every alert, one insert
    // of every event, COMMIT. (No score fails here, so no update of failures.)
    expect(small).toHaveLength(18);
    expect(small.filter((sql) => sql.includes('monitoring_settings_directory'))).toHaveLength(1);
    expect(small.filter((sql) => sql.startsWith('insert into scores.alerts'))).toHaveLength(1);
    const businesses = forty.map((c) => c.businessId);
    const alerts = await t.db('scores.alerts').whereIn('business_id', businesses);
    // Every fifth business had no input at first: its first SUCCESS score is this one, with nothing to compare.
    expect(new Set(alerts.map((a) => a.business_id)).size).toBe(32);
    const events = await t.db('scores.outbox_events').where({ type: 'risk.alert' }).whereRaw("data->>'business_id' = any(?::text[])", [businesses]);
    expect(events.map((e) => e.data.alert_id).sort()).toEqual(alerts.map((a) => a.id).sort());
  });

  it("reads the sanctions hits in one statement for the whole batch, keeps them in each score's snapshot and applies the default watchlist rule", async () => {
    const completions = await enrichedBatch(6);
    const confirmed = await t.watchlist.put({ businessId: completions[2].businessId, status: 'CONFIRMED' });
    await t.watchlist.put({ businessId: completions[4].businessId, status: 'OPEN', subjectRole: 'dba' });
    const statements = await statementsOf(t.db, () => p.processors.afterEnrichmentBatch(completions));
    expect(statements.filter((sql) => sql.includes('watchlist_hit_directory'))).toHaveLength(1);
    const [declined, reviewed, clear] = await Promise.all([scoreOf(completions[2]), scoreOf(completions[4]), scoreOf(completions[1])]);
    expect(declined).toMatchObject({ score_decision: 'DECLINE', inputs: { watchlistHits: [{ id: confirmed, status: 'CONFIRMED', list: 'ofac-sdn' }] } });
    expect(declined.reason_codes[0]).toMatchObject({ code: 'R15', factor_code: 'WATCHLIST_HIT' });
    expect(reviewed.score_decision === 'FURTHER_REVIEW_NEEDED' || reviewed.score_decision === 'DECLINE').toBe(true);
    expect(reviewed.reason_codes[0]).toMatchObject({ code: 'R16' });
    expect(clear.inputs).not.toHaveProperty('watchlistHits');
    expect(clear.decision_log).toBeNull();
  });

  it('reads verifications in one statement for the whole batch (the snapshot keeps them) and applies the rule of a config that has one', async () => {
    const completions = await enrichedBatch(6);
    await t.verification.putVerification({ businessId: completions[1].businessId, status: 'VERIFIED' });
    await t.db.transaction(async (trx) => {
      await trx('scores.weightage_configs').update({ is_active: false });
      await trx('scores.weightage_configs').where({ id: VERIFICATION_WEIGHTAGE_CONFIG.id }).update({ is_active: true });
    });
    try {
      const statements = await statementsOf(t.db, () => p.processors.afterEnrichmentBatch(completions));
      expect(statements).toHaveLength(17);
      expect(statements.filter((sql) => sql.includes('business_verification_directory'))).toHaveLength(1);
      expect((await scoreOf(completions[1])).decision_log).toContain('VERIFIED');
    } finally {
      await t.db.transaction(async (trx) => {
        await trx('scores.weightage_configs').update({ is_active: false });
        await trx('scores.weightage_configs').where({ id: DEFAULT_WEIGHTAGE_CONFIG.id }).update({ is_active: true });
      });
    }
  });

  it('announced twice, a batch changes nothing the second time and computes nothing', async () => {
    const completions = await enrichedBatch(4);
    expect(await p.processors.afterEnrichmentBatch(completions)).toEqual({ succeeded: 3, failed: 1, queued: 0, skipped: 0 });
    const first = await Promise.all(completions.map(scoreOf));
    const again = await statementsOf(t.db, async () => {
      expect(await p.processors.afterEnrichmentBatch([...completions, completions[0]])).toEqual({ succeeded: 0, failed: 0, queued: 0, skipped: 0 });
    });
    expect(again).toHaveLength(4);
    expect(await Promise.all(completions.map(scoreOf))).toEqual(first);
    for (const c of completions) expect(await scoresOf(c.businessId)).toHaveLength(1);
  });

  it('a task scored in its own job and announced in a batch has one score, computed once, whichever came first', async () => {
    const [batchFirst, singleFirst] = await enrichedBatch(3).then((c) => c.slice(1));
    await p.processors.afterEnrichmentBatch([batchFirst]);
    const scored = await scoreOf(batchFirst);
    await p.processors.requestScore(batchFirst.businessId, `enrichment:${batchFirst.taskId}`, 'ENRICHMENT');
    await p.processors.compute(scored.id, { made: 0, allowed: 5 });
    expect(await scoreOf(batchFirst)).toEqual(scored);

    await p.processors.requestScore(singleFirst.businessId, `enrichment:${singleFirst.taskId}`, 'ENRICHMENT');
    const pending = await scoreOf(singleFirst);
    expect(pending.status).toBe('PROCESSING');
    await p.processors.afterEnrichmentBatch([singleFirst]);
    await p.processors.compute(pending.id, { made: 0, allowed: 5 });
    expect(await scoreOf(singleFirst)).toMatchObject({ id: pending.id, status: 'SUCCESS', attempts: 1 });
    for (const c of [batchFirst, singleFirst]) expect(await scoresOf(c.businessId)).toHaveLength(1);
  });

  it('skips and logs a business that is gone and entries that are not completions; scores the rest', async () => {
    const [kept] = await enrichedBatch(2).then((c) => c.slice(1));
    const removed = await scoredBusiness(t, customerId);
    await t.removeBusiness(removed);
    const unknown = randomUUID();
    const announced = [kept, { businessId: removed, taskId: randomUUID() }, { businessId: unknown, taskId: randomUUID() }, { businessId: 'not-a-uuid', taskId: 'x' }];
    const malformed = [null, { businessId: 5, taskId: 'y' }, 'z'] as unknown as EnrichmentCompletion[];
    p.logged.length = 0;
    expect(await p.processors.afterEnrichmentBatch([...announced, ...malformed])).toEqual({ succeeded: 1, failed: 0, queued: 0, skipped: 6 });
    expect(await scoreOf(kept)).toMatchObject({ status: 'SUCCESS' });
    expect(await t.db('scores.scores').whereIn('business_id', [removed, unknown])).toEqual([]);
    expect(p.logged.filter((l) => l.level === 'warn').map((l) => l.obj)).toEqual([
      { malformed: 3 },
      { businessId: removed, trigger: 'ENRICHMENT' },
      { businessId: unknown, trigger: 'ENRICHMENT' },
      { businessId: 'not-a-uuid', trigger: 'ENRICHMENT' },
    ]);
    expect(await p.processors.afterEnrichmentBatch(undefined as unknown as EnrichmentCompletion[])).toEqual({ succeeded: 0, failed: 0, queued: 0, skipped: 1 });
  });

  it('leaves a score that fails unexpectedly PROCESSING and queues its own job, which retries it as today; stores the rest', async () => {
    const completions = await enrichedBatch(3);
    const broken = completions[2];
    const corrupt = summary({ reviews: null as unknown as [] });
    await t.integration.put(broken.businessId, { publicRecords: { taskId: randomUUID(), platformId: 100, summary: corrupt } });
    expect(await p.processors.afterEnrichmentBatch(completions)).toEqual({ succeeded: 1, failed: 1, queued: 1, skipped: 0 });
    const left = await scoreOf(broken);
    expect(left).toMatchObject({ status: 'PROCESSING', attempts: 1, failure_reason: null });
    expect((await scoreOf(completions[1])).status).toBe('SUCCESS');
    const job = await p.scoreJobs.queue.getJob(scoreJobId(left.id));
    expect(job?.data).toEqual({ scoreId: left.id });
    expect(await job?.getState()).toBe('waiting');
    expect(p.logged.filter((l) => l.level === 'error').at(-1)).toMatchObject({ obj: { scoreId: left.id } });

    await t.integration.put(broken.businessId, { publicRecords: { taskId: randomUUID(), platformId: 100, summary: summary() } });
    await p.processors.compute(left.id, { made: 0, allowed: 5 });
    expect(await scoreOf(broken)).toMatchObject({ status: 'SUCCESS', attempts: 2 });
  });

  it('fails the job when a statement fails; the retry computes only the scores still PROCESSING', async () => {
    const done = (await enrichedBatch(2))[1];
    await p.processors.afterEnrichmentBatch([done]);
    const before = await scoreOf(done);
    const fresh = (await enrichedBatch(2))[1];
    await t.db.raw('alter table integration.financial_profile_directory rename to financial_profile_directory_away');
    try {
      await expect(p.processors.afterEnrichmentBatch([done, fresh])).rejects.toThrow(/financial_profile_directory/);
    } finally {
      await t.db.raw('alter table integration.financial_profile_directory_away rename to financial_profile_directory');
    }
    expect(await scoreOf(fresh)).toMatchObject({ status: 'PROCESSING', attempts: 1 });
    expect(await p.processors.afterEnrichmentBatch([done, fresh])).toEqual({ succeeded: 1, failed: 0, queued: 0, skipped: 0 });
    expect(await scoreOf(fresh)).toMatchObject({ status: 'SUCCESS', attempts: 2 });
    expect(await scoreOf(done)).toEqual(before);
  });

  it("skips the businesses of an erased customer (docs/adr/0043): none is scored, another customer's in the same batch is", async () => {
    const erasedCustomer = randomUUID();
    const gone = await scoredBusiness(t, erasedCustomer, {});
    const [kept] = await enrichedBatch(2).then((c) => c.slice(1));
    await t.db('auth.data_keys').insert({ id: randomUUID(), scope: `customer:${erasedCustomer}`, destroyed_at: new Date() });
    expect(await p.processors.afterEnrichmentBatch([{ businessId: gone, taskId: randomUUID() }, kept])).toEqual({ succeeded: 1, failed: 0, queued: 0, skipped: 1 });
    expect(await scoresOf(gone)).toEqual([]);
    expect(await scoreOf(kept)).toMatchObject({ status: 'SUCCESS' });
    // Asked one by one, the same: no score row is made for it.
    await p.processors.requestScore(gone, `on-demand:${randomUUID()}`, 'ON_DEMAND');
    expect(await scoresOf(gone)).toEqual([]);
  });
});
