import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createAlertDirectory, type BjlEntry } from '@kyb/area-views';
import { scoredBusiness, summary } from '../test-support/score-fixtures';
import { scoreProcessorsOf } from '../test-support/score-processors';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';
import type { AlertView } from './alerts.service';

/** The whole loop (issue 12): a monitored business scored, its data worsened, scored again: alerts and their events. */
describe('monitoring alerts raised when a monitored business is scored again', () => {
  let t: ScoreTestApp;
  let p: ReturnType<typeof scoreProcessorsOf>;
  const customerId = randomUUID();
  const attempt = { made: 0, allowed: 5 };
  let owner: string;

  beforeAll(async () => {
    t = await startScoreTestApp({ workers: false });
    p = scoreProcessorsOf(t);
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
  });
  afterAll(async () => {
    await p.close();
    await t.close();
  });

  const lien: BjlEntry = { kind: 'LIEN', filingDate: new Date('2026-03-02T00:00:00Z'), status: 'active', amount: 18_000, recordId: 'lien-77' };
  const lienAsKept = { kind: 'LIEN', filingDate: '2026-03-02T00:00:00.000Z', status: 'active', amount: 18_000, recordId: 'lien-77' };

  /** A business of the customer, verified, with monitoring switched on (or not). */
  async function business(isMonitored = true): Promise<string> {
    const id = await scoredBusiness(t, customerId);
    await t.db('cases.business_directory').where({ id }).update({ is_monitoring_enabled: isMonitored });
    await t.verification.putVerification({ businessId: id, status: 'VERIFIED' });
    return id;
  }
  /** What the integration area publishes once the business gained a lien, was dissolved and failed verification. */
  async function worsen(businessId: string): Promise<void> {
    const dissolved = summary({ corporate_filing_secretary_of_state_status: 'Dissolved', number_of_business_liens: '1', most_recent_business_lien_status: 'active' });
    await t.integration.put(businessId, { publicRecords: { taskId: randomUUID(), platformId: 100, summary: dissolved }, bjl: [lien] });
    await t.verification.putVerification({ businessId, status: 'UNVERIFIED' });
  }
  /** A score generated on demand through the app and computed in its own job (the single path). */
  async function generated(businessId: string): Promise<string> {
    const answer = await request(t.app).post(`/score/api/v1/score/business/${businessId}/generate`).set('Authorization', `Bearer ${owner}`).expect(202);
    await p.processors.compute(answer.body.data.id, attempt);
    return answer.body.data.id;
  }
  /** A score of an enrichment, computed in a batch (the batch path). */
  async function batched(businessId: string): Promise<string> {
    const taskId = randomUUID();
    await p.processors.afterEnrichmentBatch([{ businessId, taskId }]);
    return (await t.db('scores.scores').where({ source_key: `enrichment:${taskId}` }).first('id')).id;
  }
  /** The customer's alerts as the list answers them, by rule (alerts of one score share their creation time). */
  const listed = async (query: string) =>
    ((await request(t.app).get(`/score/api/v1/customers/${customerId}/alerts${query}`).set('Authorization', `Bearer ${owner}`).expect(200)).body.data.records as AlertView[]).sort((a, b) => a.rule.localeCompare(b.rule));
  const alertEvents = (businessId: string) =>
    t.db('scores.outbox_events').where({ type: 'risk.alert' }).whereRaw("data->>'business_id' = ?", [businessId]).orderBy('seq').select('customer_id', 'data');
  /** What an alert says, without its ids and times. */
  const gist = (a: AlertView) => ({
    rule: a.rule,
    severity: a.severity,
    title: a.title,
    summary: a.summary,
    before: a.before,
    after: a.after,
    status: a.status,
  });

  it('scored, worsened and scored again: each change is an alert with its before and after, and one risk.alert event each', async () => {
    const businessId = await business();
    const first = await generated(businessId);
    expect(await listed(`?filter[business_id]=${businessId}`)).toEqual([]);
    await worsen(businessId);
    const second = await generated(businessId);
    const alerts = await listed(`?filter[business_id]=${businessId}&sort[created_at]=asc&items_per_page=100`);
    expect(alerts.map(gist)).toEqual([
      {
        rule: 'FILING_STATUS_CHANGED',
        severity: 'HIGH',
        title: 'Filing status changed',
        summary: "The secretary of state's filing status went from Active to Dissolved.",
        before: 'Active',
        after: 'Dissolved',
        status: 'OPEN',
      },
      {
        rule: 'NEW_LIEN',
        severity: 'HIGH',
        title: 'New lien',
        summary: "A lien filed 2026-03-02 (amount 18000) appeared in the business's public records.",
        before: null,
        after: lienAsKept,
        status: 'OPEN',
      },
      {
        rule: 'VERIFICATION_STATUS_CHANGED',
        severity: 'HIGH',
        title: 'Verification status changed',
        summary: "The business's verification went from VERIFIED to UNVERIFIED.",
        before: 'VERIFIED',
        after: 'UNVERIFIED',
        status: 'OPEN',
      },
    ]);
    for (const alert of alerts) {
      expect(alert).toMatchObject({ customer_id: customerId, business_id: businessId, score_id: second, previous_score_id: first, acknowledged_at: null, resolved_at: null, note: null });
      expect(alert.data).toMatchObject({ score_id: second, previous_score_id: first });
    }
    expect(alerts[1].data).toEqual({ score_id: second, previous_score_id: first, record: lienAsKept });
    const events = await alertEvents(businessId);
    expect(events.sort((a, b) => a.data.rule.localeCompare(b.data.rule))).toEqual(
      alerts.map((a) => ({
        customer_id: customerId,
        data: { customer_id: customerId, business_id: businessId, alert_id: a.id, rule: a.rule, severity: a.severity },
      })),
    );
    // The report area reads them through the alert directory, with the same title and summary.
    const published = await createAlertDirectory(t.db).ofBusiness(businessId, 10);
    expect(published.map((a) => [a.id, a.rule, a.severity, a.status, a.title, a.summary]).sort()).toEqual(alerts.map((a) => [a.id, a.rule, a.severity, a.status, a.title, a.summary]).sort());
  });

  it('an unmonitored business worsened and scored again gets no alert and no risk.alert event', async () => {
    const businessId = await business(false);
    await generated(businessId);
    await worsen(businessId);
    await generated(businessId);
    expect(await listed(`?filter[business_id]=${businessId}`)).toEqual([]);
    expect(await t.db('scores.alerts').where({ business_id: businessId })).toEqual([]);
    expect(await alertEvents(businessId)).toEqual([]);
  });

  it('the batch path raises the same alerts as the single path', async () => {
    const [alone, inBatch] = [await business(), await business()];
    await generated(alone);
    await batched(inBatch);
    await Promise.all([worsen(alone), worsen(inBatch)]);
    await generated(alone);
    await batched(inBatch);
    const of = async (businessId: string) => (await listed(`?filter[business_id]=${businessId}&sort[created_at]=asc`)).map(gist);
    expect(await of(inBatch)).toEqual(await of(alone));
    expect(await of(inBatch)).toHaveLength(3);
    expect(await alertEvents(inBatch)).toHaveLength(3);
  });

  it('a score stored twice, or announced again, raises nothing twice', async () => {
    const businessId = await business();
    await batched(businessId);
    await worsen(businessId);
    const taskId = randomUUID();
    await p.processors.afterEnrichmentBatch([{ businessId, taskId }]);
    const scoreId = (await t.db('scores.scores').where({ source_key: `enrichment:${taskId}` }).first('id')).id;
    await p.processors.afterEnrichmentBatch([{ businessId, taskId }, { businessId, taskId }]);
    await p.processors.compute(scoreId, attempt);
    const rows = await t.db('scores.alerts').where({ business_id: businessId });
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.score_id === scoreId)).toBe(true);
    expect(await alertEvents(businessId)).toHaveLength(3);
  });

  it("the score rule follows the customer's points: with 0, any move of the 850 score is an alert", async () => {
    const strict = randomUUID();
    await t.monitoringSettings.put(strict, { frequency: 'MONTHLY', scoreChangeAlertPoints: 0 });
    const businessId = await scoredBusiness(t, strict);
    await t.db('cases.business_directory').where({ id: businessId }).update({ is_monitoring_enabled: true });
    const first = await batched(businessId);
    await worsen(businessId);
    const second = await batched(businessId);
    const scores = await t.db('scores.scores').whereIn('id', [first, second]).orderBy('created_at').pluck('weighted_score_850');
    const [alert] = await t.db('scores.alerts').where({ business_id: businessId, rule: 'SCORE_CHANGED' });
    expect(alert).toMatchObject({ severity: 'MEDIUM', before: Number(scores[0]), after: Number(scores[1]), data: expect.objectContaining({ threshold_points: 0 }) });
    // The default customer's 50 points: the same move raised no score alert above.
    expect(Math.abs(Number(scores[1]) - Number(scores[0]))).toBeLessThanOrEqual(50);
  });
});
