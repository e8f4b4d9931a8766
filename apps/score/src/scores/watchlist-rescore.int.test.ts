import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createProducer, watchlistHitsChangedQueue, type Producer, type WatchlistHitsChange } from '@kyb/queues';
import { eventually } from '@kyb/testing';
import { scoredBusiness } from '../test-support/score-fixtures';
import { scoreProcessorsOf } from '../test-support/score-processors';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';

/** Issue 44: the score area takes `watchlist-hits-changed` and scores the business again from its current inputs. */
describe('a change of sanctions hits scores the business again', () => {
  let t: ScoreTestApp;
  let p: ReturnType<typeof scoreProcessorsOf>;
  let changes: Producer<{ businessId: string; customerId: string; change: WatchlistHitsChange }>;
  let owner: string;
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startScoreTestApp();
    p = scoreProcessorsOf(t);
    changes = createProducer(watchlistHitsChangedQueue, { connection: t.redis, prefix: t.redisPrefix });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
  });
  afterAll(async () => {
    await changes.close();
    await p.close();
    await t.close();
  });

  /** A monitored business of the customer, scored once after its enrichment; answers its id and that score's id. */
  async function scoredMonitored(): Promise<{ businessId: string; firstId: string }> {
    const businessId = await scoredBusiness(t, customerId);
    await t.db('cases.business_directory').where({ id: businessId }).update({ is_monitoring_enabled: true });
    const taskId = randomUUID();
    await p.processors.afterEnrichment(businessId, taskId);
    const first = await t.db('scores.scores').where({ source_key: `enrichment:${taskId}` }).first('id', 'status');
    expect(first.status).toBe('SUCCESS');
    return { businessId, firstId: first.id };
  }
  /** Sends the integration area's job and waits for the worker to finish it; answers what it returned. */
  async function announce(businessId: string, change: WatchlistHitsChange = 'new_hits'): Promise<unknown> {
    const jobId = `hits-${randomUUID()}`;
    await changes.add({ businessId, customerId, change }, { jobId });
    const job = await eventually(async () => {
      const found = await changes.queue.getJob(jobId);
      return found?.finishedOn ? found : undefined;
    });
    expect(job.failedReason).toBeUndefined();
    return job.returnvalue;
  }
  const get = (path: string) => request(t.app).get(`/score/api/v1${path}`).set('Authorization', `Bearer ${owner}`).expect(200);
  const scoresOf = (businessId: string) => t.db('scores.scores').where({ business_id: businessId }).orderBy('created_at').select('id', 'status', 'trigger', 'source_key');
  const alertsOf = async (businessId: string) => (await get(`/customers/${customerId}/alerts?filter[business_id]=${businessId}&filter[rule]=WATCHLIST_HIT`)).body.data.records;

  it('a confirmed hit: the new score is DECLINE with its reason and a WATCHLIST_HIT alert; the same job again raises nothing more', async () => {
    const { businessId, firstId } = await scoredMonitored();
    const before = (await get(`/score/business/${businessId}?status=SUCCESS`)).body.data;
    expect(before.score_decision).not.toBe('DECLINE');

    const hitId = await t.watchlist.put({ businessId, customerId, status: 'CONFIRMED', subjectRole: 'owner', matchedName: 'Jane Q Owner' });
    expect(await announce(businessId, 'reviewed')).toEqual({ succeeded: 1, failed: 0, queued: 0, skipped: 0 });

    const rows = await scoresOf(businessId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ status: 'SUCCESS', trigger: 'MONITORING' });
    expect(rows[1].source_key).toMatch(new RegExp(`^watchlist:${firstId}:[0-9a-f]{32}$`));
    const after = (await get(`/score/business/${businessId}?status=SUCCESS`)).body.data;
    expect(after.id).toBe(rows[1].id);
    // E10 keeps its fields exactly: the same keys, the hits only in decision_log (our documented extension).
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(after).toMatchObject({ score_decision: 'DECLINE', risk_level: before.risk_level, weighted_score_850: before.weighted_score_850 });
    expect(after.decision_log).toBe(`Watchlist: 1 confirmed hit(s) (${hitId}): decision DECLINE (it was ${before.score_decision})`);
    const explained = (await get(`/score/scores/${after.id}/explain`)).body.data;
    expect(explained.reason_codes[0]).toEqual({
      code: 'R15',
      factor_code: 'WATCHLIST_HIT',
      reason: "Confirmed sanctions hit: an owner's name matches ofac-sdn entry 90001 (NORTHWIND MARITIME TRADING LLC)",
      points_lost_850: 0,
    });

    const alerts = await alertsOf(businessId);
    expect(alerts).toEqual([
      expect.objectContaining({
        rule: 'WATCHLIST_HIT',
        severity: 'HIGH',
        status: 'OPEN',
        score_id: after.id,
        previous_score_id: firstId,
        title: 'Sanctions hit on ofac-sdn (owner name)',
        summary: "An owner's name matches ofac-sdn entry 90001 (NORTHWIND MARITIME TRADING LLC), score 0.97, confirmed.",
        before: null,
        after: { id: hitId, list: 'ofac-sdn', entryId: '90001', entryName: 'NORTHWIND MARITIME TRADING LLC', subjectRole: 'owner', status: 'CONFIRMED', score: 0.97 },
      }),
    ]);
    expect(JSON.stringify(alerts)).not.toContain('Jane Q Owner');
    // Announced as risk.alert like every rule's (the decision's move to DECLINE is its own DECISION_CHANGED alert).
    const events = await t.db('scores.outbox_events').where({ type: 'risk.alert' }).whereRaw("data->>'business_id' = ? and data->>'rule' = 'WATCHLIST_HIT'", [businessId]).select('customer_id', 'data');
    expect(events).toEqual([{ customer_id: customerId, data: expect.objectContaining({ business_id: businessId, alert_id: alerts[0].id, rule: 'WATCHLIST_HIT', severity: 'HIGH' }) }]);

    // Announced again (a retry, or a second change that left the hits as they are): nothing more.
    expect(await announce(businessId)).toEqual({ succeeded: 0, failed: 0, queued: 0, skipped: 1 });
    expect(await scoresOf(businessId)).toHaveLength(2);
    expect(await alertsOf(businessId)).toHaveLength(1);
  });

  it('an open hit: at best FURTHER_REVIEW_NEEDED with R16; the hit dismissed, the next score is back to its decision without an alert', async () => {
    const { businessId } = await scoredMonitored();
    const before = (await get(`/score/business/${businessId}?status=SUCCESS`)).body.data;
    expect(before.score_decision).toBe('APPROVE');
    const hitId = await t.watchlist.put({ businessId, customerId, status: 'OPEN', subjectRole: 'legal_name' });
    await announce(businessId);
    const open = (await get(`/score/business/${businessId}?status=SUCCESS`)).body.data;
    expect(open.score_decision).toBe('FURTHER_REVIEW_NEEDED');
    expect((await get(`/score/scores/${open.id}/explain`)).body.data.reason_codes[0]).toMatchObject({ code: 'R16', factor_code: 'WATCHLIST_HIT' });
    expect(await alertsOf(businessId)).toHaveLength(1);

    await t.watchlist.remove(hitId);
    expect(await announce(businessId, 'reviewed')).toMatchObject({ succeeded: 1 });
    const cleared = (await get(`/score/business/${businessId}?status=SUCCESS`)).body.data;
    expect(cleared).toMatchObject({ score_decision: 'APPROVE', decision_log: null });
    expect(await alertsOf(businessId)).toHaveLength(1);
  });

  it('skips quietly a business never scored, a business deleted since, and a job that names none', async () => {
    const never = await scoredBusiness(t, customerId);
    await t.watchlist.put({ businessId: never, customerId, status: 'CONFIRMED' });
    expect(await announce(never)).toEqual({ succeeded: 0, failed: 0, queued: 0, skipped: 1 });
    expect(await scoresOf(never)).toEqual([]);

    const { businessId: gone } = await scoredMonitored();
    await t.watchlist.put({ businessId: gone, customerId, status: 'CONFIRMED' });
    await t.removeBusiness(gone);
    expect(await announce(gone, 'new_hits')).toEqual({ succeeded: 0, failed: 0, queued: 0, skipped: 1 });
    expect(await scoresOf(gone)).toHaveLength(1);

    expect(await announce('not-a-business')).toEqual({ succeeded: 0, failed: 0, queued: 0, skipped: 1 });
  });
});
