import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventually } from '@kyb/testing';
import { DEFAULT_WEIGHTAGE_CONFIG } from '../engine';
import { scoredBusiness, worsen } from '../test-support/score-fixtures';
import { scoreProcessorsOf } from '../test-support/score-processors';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';

interface OutboxRow {
  customer_id: string;
  type: string;
  data: Record<string, string | null>;
}

/** score.computed and score.risk_level_changed (issue 11): written with the score's SUCCESS, on every path. */
describe('score events', () => {
  let t: ScoreTestApp;
  let p: ReturnType<typeof scoreProcessorsOf>;
  const customerId = randomUUID();
  const attempt = { made: 0, allowed: 5 };

  beforeAll(async () => {
    t = await startScoreTestApp({ workers: false });
    p = scoreProcessorsOf(t);
  });
  afterAll(async () => {
    await p.close();
    await t.close();
  });

  /** The business's events, in the order they were written. */
  const eventsOf = async (businessId: string): Promise<OutboxRow[]> =>
    t.db('scores.outbox_events').whereRaw("data->>'business_id' = ?", [businessId]).orderBy('seq').select('customer_id', 'type', 'data');
  const scoreRow = (id: string) => t.db('scores.scores').where({ id }).first();
  /** A score of the business asked for after an enrichment, left PROCESSING. */
  async function requested(businessId: string): Promise<string> {
    const sourceKey = `enrichment:${randomUUID()}`;
    await p.processors.requestScore(businessId, sourceKey, 'ENRICHMENT');
    return (await t.db('scores.scores').where({ source_key: sourceKey }).first('id')).id;
  }
  /** A score of the business computed in its own job (the single path). */
  async function scoredAlone(businessId: string) {
    const id = await requested(businessId);
    await p.processors.compute(id, attempt);
    return scoreRow(id);
  }
  /** For each event of the scores: whether it was written by the transaction that stored the score SUCCESS (the row's xmin). */
  const writtenWithTheirScore = async (scoreIds: string[]): Promise<boolean[]> =>
    (
      await t.db.raw(
        `select s.xmin = xid(e.tx) as same from scores.outbox_events e join scores.scores s on s.id::text = e.data->>'score_id'
         where s.id = any(?::uuid[]) order by e.seq`,
        [scoreIds],
      )
    ).rows.map((r: { same: boolean }) => r.same);
  const computed = (businessId: string, scoreId: string, riskLevel: string) => ({
    customer_id: customerId,
    type: 'score.computed',
    data: { customer_id: customerId, business_id: businessId, score_id: scoreId, risk_level: riskLevel },
  });
  const changed = (businessId: string, scoreId: string, riskLevel: string, previous: string) => ({
    customer_id: customerId,
    type: 'score.risk_level_changed',
    data: { customer_id: customerId, business_id: businessId, score_id: scoreId, risk_level: riskLevel, previous_risk_level: previous },
  });

  it("a business's first score, computed in its own job, announces score.computed with ids and risk level only, and no change", async () => {
    const businessId = await scoredBusiness(t, customerId);
    const score = await scoredAlone(businessId);
    expect(score).toMatchObject({ status: 'SUCCESS', risk_level: 'LOW' });
    const events = await eventsOf(businessId);
    expect(events).toEqual([computed(businessId, score.id, 'LOW')]);
    expect(Object.keys(events[0].data).sort()).toEqual(['business_id', 'customer_id', 'risk_level', 'score_id']);
    expect(await writtenWithTheirScore([score.id])).toEqual([true]);
  });

  it('a score generated on demand announces a change only when its risk level differs from the previous score', async () => {
    const businessId = await scoredBusiness(t, customerId);
    const token = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
    const generated = async () => {
      const res = await request(t.app).post(`/score/api/v1/score/business/${businessId}/generate`).set('Authorization', `Bearer ${token}`).expect(202);
      await p.processors.compute(res.body.data.id, attempt);
      return scoreRow(res.body.data.id);
    };
    const first = await generated();
    const same = await generated();
    await worsen(t, businessId);
    const worse = await generated();
    const stillWorse = await generated();
    expect([first, same, worse, stillWorse].map((s) => s.risk_level)).toEqual(['LOW', 'LOW', 'HIGH', 'HIGH']);
    const events = await eventsOf(businessId);
    expect(events).toEqual([
      computed(businessId, first.id, 'LOW'),
      computed(businessId, same.id, 'LOW'),
      computed(businessId, worse.id, 'HIGH'),
      changed(businessId, worse.id, 'HIGH', 'LOW'),
      computed(businessId, stillWorse.id, 'HIGH'),
    ]);
    expect(Object.keys(events[3].data).sort()).toEqual(['business_id', 'customer_id', 'previous_risk_level', 'risk_level', 'score_id']);
  });

  it('the batch path announces one score.computed per business scored, and the change of a business whose level moved', async () => {
    const [steady, moving, fresh, bare] = [
      await scoredBusiness(t, customerId),
      await scoredBusiness(t, customerId),
      await scoredBusiness(t, customerId),
      await scoredBusiness(t, customerId, { records: false, profile: false }),
    ];
    const before = { steady: await scoredAlone(steady), moving: await scoredAlone(moving) };
    await worsen(t, moving);
    const completions = [steady, moving, fresh, bare].map((businessId) => ({ businessId, taskId: randomUUID() }));
    expect(await p.processors.afterEnrichmentBatch(completions)).toEqual({ succeeded: 3, failed: 1, queued: 0, skipped: 0 });
    const [s, m, f, b] = await Promise.all(completions.map((c) => t.db('scores.scores').where({ source_key: `enrichment:${c.taskId}` }).first()));
    expect(b.status).toBe('FAILED');
    expect(await eventsOf(steady)).toEqual([computed(steady, before.steady.id, 'LOW'), computed(steady, s.id, 'LOW')]);
    expect(await eventsOf(moving)).toEqual([computed(moving, before.moving.id, 'LOW'), computed(moving, m.id, 'HIGH'), changed(moving, m.id, 'HIGH', 'LOW')]);
    expect(await eventsOf(fresh)).toEqual([computed(fresh, f.id, 'LOW')]);
    expect(await eventsOf(bare)).toEqual([]);
    expect(await writtenWithTheirScore([s.id, m.id, f.id])).toEqual([true, true, true, true]);
  });

  it('a score that fails (no inputs, or on its last attempt) announces nothing', async () => {
    const bare = await scoredBusiness(t, customerId, { records: false, profile: false });
    expect(await scoredAlone(bare)).toMatchObject({ status: 'FAILED' });
    const broken = await scoredBusiness(t, customerId);
    const id = await requested(broken);
    // A config without cut-offs cannot give a risk level: the computation throws on its last attempt.
    const unusable = randomUUID();
    await t.db('scores.weightage_configs').insert({ id: unusable, version: 'no-cutoffs', config: JSON.stringify({ ...DEFAULT_WEIGHTAGE_CONFIG, cutoffs: [] }) });
    await t.db('scores.scores').where({ id }).update({ weightage_config_id: unusable });
    await expect(p.processors.compute(id, { made: 4, allowed: 5 })).rejects.toThrow();
    expect(await scoreRow(id)).toMatchObject({ status: 'FAILED' });
    expect(await eventsOf(bare)).toEqual([]);
    expect(await eventsOf(broken)).toEqual([]);
  });

  it('a score computed again, alone or in a batch, announces nothing more', async () => {
    const businessId = await scoredBusiness(t, customerId);
    const taskId = randomUUID();
    await p.processors.afterEnrichmentBatch([{ businessId, taskId }]);
    const { id } = await t.db('scores.scores').where({ source_key: `enrichment:${taskId}` }).first('id');
    await p.processors.afterEnrichmentBatch([{ businessId, taskId }]);
    await p.processors.compute(id, attempt);
    expect(await eventsOf(businessId)).toEqual([computed(businessId, id, 'LOW')]);
  });

  it('a score that completes after a newer one does not replace it: score.computed, but no change; the next score compares with the newer', async () => {
    const businessId = await scoredBusiness(t, customerId);
    t.clock.set(new Date('2026-11-20T10:00:00Z'));
    const older = await requested(businessId);
    t.clock.set(new Date('2026-11-20T10:05:00Z'));
    const newer = await scoredAlone(businessId);
    await worsen(t, businessId);
    await p.processors.compute(older, attempt);
    t.clock.set(new Date('2026-11-20T10:10:00Z'));
    const next = await scoredAlone(businessId);
    t.clock.set(undefined);
    expect(await eventsOf(businessId)).toEqual([
      computed(businessId, newer.id, 'LOW'),
      computed(businessId, older, 'HIGH'),
      computed(businessId, next.id, 'HIGH'),
      changed(businessId, next.id, 'HIGH', 'LOW'),
    ]);
  });

  it("two scores of a business succeeding at once are compared one after the other: the changes announced lead to its newest score's level", async () => {
    // Scores made under this config are HIGH whatever their inputs; under the active one these businesses are LOW.
    const allHigh = randomUUID();
    const config = { ...DEFAULT_WEIGHTAGE_CONFIG, id: allHigh, version: 'all-high', cutoffs: [{ minScore850: 300, riskLevel: 'HIGH', decision: 'DECLINE' }] };
    await t.db('scores.weightage_configs').insert({ id: allHigh, version: config.version, config: JSON.stringify(config) });
    const businesses = await Promise.all(Array.from({ length: 3 }, () => scoredBusiness(t, customerId)));
    const pairs: string[][] = [];
    // Created in this order: a first score (LOW), then one HIGH, then the newest, LOW.
    for (const businessId of businesses) {
      t.clock.set(new Date('2026-11-21T10:00:00Z'));
      await scoredAlone(businessId);
      t.clock.set(new Date('2026-11-21T10:01:00Z'));
      const high = await requested(businessId);
      await t.db('scores.scores').where({ id: high }).update({ weightage_config_id: allHigh });
      t.clock.set(new Date('2026-11-21T10:02:00Z'));
      pairs.push([high, await requested(businessId)]);
    }
    t.clock.set(undefined);
    // Every success stalls at its events until all six are under way, so the two of a business overlap.
    const blocker = await t.db.transaction();
    await blocker.raw('lock table scores.outbox_events in exclusive mode');
    const running = Promise.all(pairs.flat().map((id) => p.processors.compute(id, attempt)));
    try {
      await eventually(async () => {
        const [{ waiting }] = (await t.db.raw(`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rows;
        return waiting >= 6 ? true : undefined;
      });
    } finally {
      await blocker.commit();
    }
    await running;
    for (const [index, businessId] of businesses.entries()) {
      const [high, low] = await Promise.all(pairs[index].map(scoreRow));
      expect([high.risk_level, low.risk_level]).toEqual(['HIGH', 'LOW']);
      let level = 'LOW';
      for (const event of (await eventsOf(businessId)).filter((e) => e.type === 'score.risk_level_changed')) {
        expect(event.data.previous_risk_level).toBe(level);
        level = event.data.risk_level as string;
      }
      expect(level).toBe('LOW');
    }
  });

  it('writes the events in the transaction of the SUCCESS: when they cannot be written, the score stays PROCESSING on both paths', async () => {
    const alone = await scoredBusiness(t, customerId);
    const batched = await scoredBusiness(t, customerId);
    const id = await requested(alone);
    const taskId = randomUUID();
    await t.db.raw('alter table scores.outbox_events rename to outbox_events_away');
    try {
      await expect(p.processors.compute(id, attempt)).rejects.toThrow(/outbox_events/);
      await expect(p.processors.afterEnrichmentBatch([{ businessId: batched, taskId }])).rejects.toThrow(/outbox_events/);
    } finally {
      await t.db.raw('alter table scores.outbox_events_away rename to outbox_events');
    }
    const left = await t.db('scores.scores').whereIn('business_id', [alone, batched]);
    expect(left.map((r) => [r.status, r.risk_level])).toEqual([['PROCESSING', null], ['PROCESSING', null]]);
    await p.processors.compute(id, attempt);
    await p.processors.afterEnrichmentBatch([{ businessId: batched, taskId }]);
    expect((await eventsOf(alone)).map((e) => e.type)).toEqual(['score.computed']);
    expect((await eventsOf(batched)).map((e) => e.type)).toEqual(['score.computed']);
  });
});
