import { randomUUID } from 'node:crypto';
import type { BjlEntry } from '@kyb/area-views';
import { DEFAULT_WEIGHTAGE_CONFIG, VERIFICATION_WEIGHTAGE_CONFIG } from '../engine';
import { scoredBusiness, statement, summary } from '../test-support/score-fixtures';
import { scoreProcessorsOf } from '../test-support/score-processors';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';

/** Everything a score stores but what differs by nature between two scores: ids, source keys and timestamps. */
const IGNORED = ['id', 'source_key', 'created_at', 'updated_at', 'completed_at'];

const bjl: BjlEntry[] = [
  { kind: 'BANKRUPTCY', filingDate: new Date('2019-04-02T00:00:00Z'), status: 'discharged', amount: null },
  { kind: 'LIEN', filingDate: new Date('2024-02-10T00:00:00Z'), status: 'active', amount: 25_000 },
  { kind: 'LIEN', filingDate: new Date('2023-07-01T00:00:00Z'), status: 'active', amount: null },
  { kind: 'JUDGEMENT', filingDate: new Date('2022-01-15T00:00:00Z'), status: 'satisfied', amount: 4_000 },
];

/** The queued path (`requestScore`, then `compute`) and the batch path score the same businesses the same. */
describe('a batch of finished enrichments stores the scores the single path stores', () => {
  let t: ScoreTestApp;
  let p: ReturnType<typeof scoreProcessorsOf>;
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startScoreTestApp({ workers: false });
    p = scoreProcessorsOf(t);
    t.clock.set(new Date('2026-11-20T10:00:00Z'));
  });
  afterAll(async () => {
    await p.close();
    await t.close();
  });

  const activate = (id: string) =>
    t.db.transaction(async (trx) => {
      await trx('scores.weightage_configs').update({ is_active: false });
      await trx('scores.weightage_configs').where({ id }).update({ is_active: true });
    });
  /** The stored score of `sourceKey` without what differs by nature, its distribution also as the JSON text stored. */
  async function stored(sourceKey: string): Promise<Record<string, unknown>> {
    const row = await t.db('scores.scores').where({ source_key: sourceKey }).first('*', t.db.raw('score_distribution::text as distribution_text'));
    return Object.fromEntries(Object.entries(row).filter(([column]) => !IGNORED.includes(column)));
  }
  /** Scores each business alone, then all in one batch; both stores, business by business. */
  async function bothPaths(ids: string[]) {
    const single = [];
    for (const id of ids) {
      const taskId = randomUUID();
      await p.processors.requestScore(id, `enrichment:${taskId}`, 'ENRICHMENT');
      const { id: scoreId } = await t.db('scores.scores').where({ source_key: `enrichment:${taskId}` }).first('id');
      await p.processors.compute(scoreId, { made: 0, allowed: 5 });
      single.push(await stored(`enrichment:${taskId}`));
    }
    const completions = ids.map((businessId) => ({ businessId, taskId: randomUUID() }));
    await p.processors.afterEnrichmentBatch(completions);
    const batch = await Promise.all(completions.map((c) => stored(`enrichment:${c.taskId}`)));
    return { single, batch };
  }

  it('under 2.2: every mix of public records, BJL and financials, and a business without any input (FAILED)', async () => {
    const ids = [
      await scoredBusiness(t, customerId),
      await scoredBusiness(t, customerId, { bjl }),
      await scoredBusiness(t, customerId, { records: false, bjl }),
      await scoredBusiness(t, customerId, { statements: null }),
      await scoredBusiness(t, customerId, { bureau: null, statements: [statement(2025, 400_000)] }),
      await scoredBusiness(t, customerId, { profile: false, bjl: bjl.slice(1) }),
      await scoredBusiness(t, customerId, { records: false, statements: [statement(2023), statement(2024, 700_000), statement(2025, 650_000)] }),
      await scoredBusiness(t, customerId, { records: false, statements: null, bureau: null }),
      await scoredBusiness(t, customerId, { records: false, profile: false }),
    ];
    await t.integration.put(ids[3], { publicRecords: { taskId: randomUUID(), platformId: 100, summary: summary({ average_rating: '2.10', reviews: [] }) } });

    const { single, batch } = await bothPaths(ids);

    expect(batch).toEqual(single);
    expect(single.map((s) => s.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'FAILED', 'FAILED']);
    expect(batch.at(-1)).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      weighted_score_100: null,
      failure_reason: 'No factor has an input: neither public records nor financials have been fetched for this business.',
    });
    expect(batch[0]).toMatchObject({ trigger: 'ENRICHMENT', version: '2.2', weightage_config_id: DEFAULT_WEIGHTAGE_CONFIG.id, attempts: 1, decision_log: null });
    // The mixes score differently: equal lists are not equal by being alike.
    expect(new Set(batch.map((s) => s.weighted_score_100)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(batch.map((s) => s.risk_level)).size).toBeGreaterThan(1);
  });

  it('under 2.3 (a verification rule): VERIFIED, UNVERIFIED and never verified businesses get the same decisions and logs', async () => {
    const [verified, unverified, never, bare] = [
      await scoredBusiness(t, customerId),
      await scoredBusiness(t, customerId, { bjl }),
      await scoredBusiness(t, customerId, { statements: null }),
      await scoredBusiness(t, customerId, { records: false, profile: false }),
    ];
    await t.verification.putVerification({ businessId: verified, status: 'VERIFIED', verifiedAt: new Date('2026-11-19T08:00:00Z') });
    await t.verification.putVerification({ businessId: unverified, status: 'UNVERIFIED', verifiedAt: new Date('2026-11-18T08:00:00Z') });
    await activate(VERIFICATION_WEIGHTAGE_CONFIG.id);
    try {
      const { single, batch } = await bothPaths([verified, unverified, never, bare]);
      expect(batch).toEqual(single);
      expect(batch.map((s) => [s.version, s.status, s.score_decision])).toEqual([
        ['2.3', 'SUCCESS', 'APPROVE'],
        ['2.3', 'SUCCESS', 'FURTHER_REVIEW_NEEDED'],
        ['2.3', 'SUCCESS', 'FURTHER_REVIEW_NEEDED'],
        ['2.3', 'FAILED', null],
      ]);
      expect(batch[0].decision_log).toBe('Verification: VERIFIED on 2026-11-19T08:00:00.000Z; decision APPROVE from the score');
      expect(batch[2].decision_log).toContain('never verified');
    } finally {
      await activate(DEFAULT_WEIGHTAGE_CONFIG.id);
    }
  });

  it('a score created PROCESSING under another config is computed in the batch with its own config', async () => {
    const [early, late] = [await scoredBusiness(t, customerId), await scoredBusiness(t, customerId)];
    await t.verification.putVerification({ businessId: early, status: 'UNVERIFIED' });
    const earlyTask = randomUUID();
    await activate(VERIFICATION_WEIGHTAGE_CONFIG.id);
    try {
      await p.processors.requestScore(early, `enrichment:${earlyTask}`, 'ENRICHMENT');
    } finally {
      await activate(DEFAULT_WEIGHTAGE_CONFIG.id);
    }
    const lateTask = randomUUID();
    await p.processors.afterEnrichmentBatch([
      { businessId: early, taskId: earlyTask },
      { businessId: late, taskId: lateTask },
    ]);
    expect(await stored(`enrichment:${earlyTask}`)).toMatchObject({
      version: '2.3',
      status: 'SUCCESS',
      attempts: 1,
      score_decision: 'FURTHER_REVIEW_NEEDED',
      decision_log: expect.stringContaining('Verification: UNVERIFIED'),
    });
    expect(await stored(`enrichment:${lateTask}`)).toMatchObject({ version: '2.2', status: 'SUCCESS', score_decision: 'APPROVE', decision_log: null });
  });
});
