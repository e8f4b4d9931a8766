import { randomBytes, randomInt } from 'node:crypto';
import { createProcessGroup, createTestDatabase, eventually, type TestDatabase, dataOf, type Call, createOwnerTenants, startJourneySuite, type Tenant } from '@kyb/testing';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../webhooks/webhook-receiver';

/*
 * The risk-intelligence loop of issue 12 end to end, through the built suite and its public API
 * only: a customer's owner sets its monitoring settings, adds a monitored business the sandbox
 * makes worse on every enrichment (`deteriorating`: one more active lien each time), re-enriches
 * it as the schedule would (the refresh route takes the same enrichment path), and gets the alerts
 * the rules give between the two scores, in the API and as signed `risk.alert` webhooks; works them
 * (acknowledged, resolved), and explains the new score (explain, what-if, diff, recompute). A
 * business beside it, not monitored, deteriorates the same way and raises nothing.
 *
 * The monitoring schedule is switched off here (MONITORING_TICK_MINUTES=0): the refresh route
 * stands in for it (the schedule itself is tested in the integration area). Step 4 checks each
 * business had exactly the enrichments the journey asked for.
 */
const ADMIN = { email: 'risk.admin@example.com', password: 'risk admin passphrase' };
const PASSWORD = 'risk passphrase 2026';
/** Workers and the other engineer's tests share two cores: be patient. */
const WAIT = 60_000;
const STEP = 120_000;
const THRESHOLD = 10;
/** The default config's liens factor and its input's reason code. */
const LIENS_FACTOR = 'JUDGEMENTS_AND_LIENS_AI_PLACEHOLDER';
const LIENS_REASON = 'R01';

interface Business {
  id: string;
  name: string;
  tin: string;
}
interface Score {
  id: string;
  business_id: string;
  status: string;
  created_at: string;
  weighted_score_850: string;
  risk_level: string | null;
  score_decision: string | null;
}
interface LienRecord {
  kind: string;
  recordId?: string;
  status: string;
  filingDate: string;
  amount: number | null;
}
/** The rule of an alert about a contested case decision (issue 45), not one of monitoring's. */
const CONTESTED = 'CASE_DECISION_CONTESTED';

interface Alert {
  id: string;
  customer_id: string;
  business_id: string;
  score_id: string;
  previous_score_id: string;
  rule: string;
  severity: string;
  status: string;
  title: string;
  summary: string;
  before: unknown;
  after: unknown;
  data: { score_id: string; previous_score_id: string; record?: LienRecord; threshold_points?: number; difference_points?: number };
  created_at: string;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  resolved_at: string | null;
  resolved_by: string | null;
  note: string | null;
}
interface Factor {
  code: string;
  input: string;
  status: string;
  value: number | null;
  score_100: number | null;
  points_lost_850: number;
  rank: number | null;
  reason_code: string | null;
}
interface Explanation {
  score_id: string;
  business_id: string;
  weighted_score_850: number;
  risk_level: string;
  score_decision: string;
  factors: Factor[];
  reason_codes: Array<{ code: string; factor_code: string; reason: string; points_lost_850: number }>;
}
interface NumberChange {
  before: number | null;
  after: number | null;
  change: number | null;
}
interface Diff {
  overall: { weighted_score_850: NumberChange; weighted_score_100: NumberChange; risk_level: { changed: boolean }; score_decision: { changed: boolean } };
  factors: Array<{ code: string; before: { score_100: number | null } | null; after: { score_100: number | null } | null; change: { score_100: number | null; weighted_score_850: number } }>;
}

describe('risk monitoring through the built suite: a deteriorating business raises alerts, signed webhooks and explanations', () => {
  const processes = createProcessGroup();
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let call: Call;
  let owner: Tenant;
  let secret: string;
  let monitored: Business;
  let unmonitored: Business;
  /** Each business's SUCCESS scores, oldest first. */
  const scores = new Map<string, Score[]>();

  const as = (method: string, path: string, body?: unknown) => call(method, path, { token: owner.token, body });
  const alertsPath = () => `/score/api/v1/customers/${owner.customerId}/alerts`;
  const alerts = async (query: string) => dataOf<{ records: Alert[]; total_items: string }>(await as('get', `${alertsPath()}${query}`), 'alerts');

  /** The business's newest SUCCESS score once it is not one of `seen`. */
  const nextScore = (business: Business, seen: Score[]) =>
    eventually(async () => {
      const answer = await as('get', `/score/api/v1/score/business/${business.id}?status=SUCCESS`);
      if (answer.status === 404) return undefined;
      const score = dataOf<Score>(answer, 'E10');
      return seen.some((s) => s.id === score.id) ? undefined : score;
    }, WAIT);

  /** The webhook requests of `type` the receiver answered 2xx about `businessId`. */
  const received = (type: string, businessId: string) => receiver.received.filter((r) => r.answered < 300 && r.event?.type === type && r.event.data?.business_id === businessId);

  /** Signed with the endpoint's secret, `{type, timestamp, data}` of ids and states only: no name or TIN. */
  const expectSignedIdsOnly = (request: ReceivedWebhook) => {
    expect(request.verifiedWith).toEqual([secret]);
    expect(Object.keys(request.event ?? {}).sort()).toEqual(['data', 'timestamp', 'type']);
    expect(request.event?.data?.customer_id).toBe(owner.customerId);
    for (const business of [monitored, unmonitored]) {
      expect(request.body).not.toContain(business.tin);
      expect(request.body.toLowerCase()).not.toContain(business.name.toLowerCase());
    }
  };

  /**
   * Adds a business as the owner (E12) with a TIN and an address. `deteriorating` gives it one more
   * active lien per enrichment; `thriving` healthy financials, so the liens are what cost the score most.
   */
  const addBusiness = async (kind: string, monitoring: boolean): Promise<Business> => {
    const name = `Deteriorating Thriving ${kind} ${randomBytes(3).toString('hex')}`;
    const tin = `9${String(randomInt(10_000_000, 99_999_999))}`;
    const body = { name, tin, address_line_1: '1234 Testing Blvd.', address_city: 'Longwood', address_state: 'FL', address_postal_code: '32850', is_monitoring_enabled: monitoring };
    const added = dataOf<{ result: Record<string, { data_businesses: { id: string; is_monitoring_enabled: boolean } }> }>(
      await as('post', `/case/api/v1/businesses/customers/${owner.customerId}`, body),
      'E12',
    );
    expect(added.result['0'].data_businesses.is_monitoring_enabled).toBe(monitoring);
    return { id: added.result['0'].data_businesses.id, name, tin };
  };

  /**
   * Checks the business's alerts are exactly what the rules give between its scores `before` and
   * `after`, the sandbox having added its `lien`-th lien: NEW_LIEN (HIGH) about that record, and
   * SCORE_CHANGED, RISK_LEVEL_CHANGED and DECISION_CHANGED where the two scores say so; each
   * announced once as a signed `risk.alert`. Answers the alerts.
   */
  const expectAlertsBetween = async (business: Business, before: Score, after: Score, lien: number): Promise<Alert[]> => {
    const [scoreBefore, scoreAfter] = [Number(before.weighted_score_850), Number(after.weighted_score_850)];
    const difference = Math.round((scoreAfter - scoreBefore) * 100) / 100;
    const expected: Array<{ rule: string; severity: string; before: unknown; after: unknown }> = [];
    // A fall (one more lien can only lower the score) of more than the threshold: MEDIUM.
    if (Math.abs(scoreAfter - scoreBefore) > THRESHOLD) expected.push({ rule: 'SCORE_CHANGED', severity: 'MEDIUM', before: scoreBefore, after: scoreAfter });
    if (before.risk_level !== after.risk_level) expected.push({ rule: 'RISK_LEVEL_CHANGED', severity: 'HIGH', before: before.risk_level, after: after.risk_level });
    if (before.score_decision !== after.score_decision) expected.push({ rule: 'DECISION_CHANGED', severity: 'HIGH', before: before.score_decision, after: after.score_decision });

    const all = (await alerts(`?pagination=false&filter[business_id]=${business.id}`)).records.filter((a) => a.rule !== CONTESTED);
    expect(all).toHaveLength(1 + expected.length);
    const newLien = all.find((a) => a.rule === 'NEW_LIEN') as Alert;
    expect(newLien).toMatchObject({
      customer_id: owner.customerId,
      business_id: business.id,
      score_id: after.id,
      previous_score_id: before.id,
      severity: 'HIGH',
      status: 'OPEN',
      title: 'New lien',
      before: null,
      after: { kind: 'LIEN', recordId: `${business.id}-deteriorating-${lien}`, status: 'active', filingDate: expect.any(String), amount: expect.any(Number) },
      acknowledged_at: null,
      resolved_at: null,
      note: null,
    });
    const record = newLien.after as LienRecord;
    expect(newLien.data).toEqual({ score_id: after.id, previous_score_id: before.id, record });
    expect(newLien.summary).toBe(`A lien filed ${record.filingDate.slice(0, 10)} (amount ${record.amount}) appeared in the business's public records.`);
    expect(record.amount).toBeGreaterThanOrEqual(1_000);
    expect(record.amount).toBeLessThanOrEqual(50_000);

    const others = all.filter((a) => a.rule !== 'NEW_LIEN');
    const byRule = <T extends { rule: string }>(list: T[]) => [...list].sort((x, y) => x.rule.localeCompare(y.rule));
    expect(byRule(others.map((a) => ({ rule: a.rule, severity: a.severity, before: a.before, after: a.after })))).toEqual(byRule(expected));
    for (const other of others) expect(other).toMatchObject({ score_id: after.id, previous_score_id: before.id, status: 'OPEN' });
    const changed = others.find((a) => a.rule === 'SCORE_CHANGED');
    if (changed) expect(changed.data).toEqual({ score_id: after.id, previous_score_id: before.id, threshold_points: THRESHOLD, difference_points: difference });

    // Each alert is announced once, as a signed risk.alert of ids and states.
    const ids = new Set(all.map((a) => a.id));
    const announced = await eventually(async () => {
      const requests = received('risk.alert', business.id).filter((r) => ids.has(String(r.event?.data?.alert_id)));
      return requests.length >= all.length ? requests : undefined;
    }, WAIT);
    const byAlert = <T extends { alert_id?: unknown }>(list: T[]) => [...list].sort((x, y) => String(x.alert_id).localeCompare(String(y.alert_id)));
    expect(byAlert(announced.map((r) => r.event?.data ?? {}))).toEqual(
      byAlert(all.map((a) => ({ customer_id: owner.customerId, business_id: business.id, alert_id: a.id, rule: a.rule, severity: a.severity }))),
    );
    announced.forEach(expectSignedIdsOnly);
    return all;
  };

  /**
   * Re-enriches each business through the refresh route and waits for its new SUCCESS score, which
   * one more active lien makes lower (the liens curve only falls). Checks each business had exactly
   * the enrichments the journey asked for: no monitoring tick re-enriched one meanwhile.
   */
  const reEnrich = async (list: Business[]) => {
    for (const business of list) {
      const refreshed = await as('post', `/integration/api/v1/business/${business.id}/refresh`);
      expect(refreshed.status).toBe(202);
      expect(refreshed.body.message).toBe('Enrichment requested successfully');
    }
    for (const business of list) {
      const seen = scores.get(business.id)!;
      const next = await nextScore(business, seen);
      expect(Number(next.weighted_score_850)).toBeLessThan(Number(seen[seen.length - 1].weighted_score_850));
      seen.push(next);
      await eventually(async () => received('score.computed', business.id).find((r) => r.event?.data?.score_id === next.id), WAIT);
      const tasks = dataOf<{ records: Array<{ status: string }> }>(await as('get', `/integration/api/v1/business/${business.id}/integration-tasks?pagination=false`), 'tasks');
      expect(tasks.records.map((t) => t.status)).toEqual(seen.map(() => 'SUCCEEDED'));
    }
  };

  const explain = async (scoreId: string) => dataOf<Explanation>(await as('get', `/score/api/v1/score/scores/${scoreId}/explain`), 'explain');
  const liensOf = (explanation: Explanation) => explanation.factors.find((f) => f.code === LIENS_FACTOR) as Factor;

  beforeAll(async () => {
    [database, receiver] = await Promise.all([createTestDatabase(), startWebhookReceiver()]);
    call = await startJourneySuite(processes, database, { prefix: 'risk', admin: ADMIN, env: { MONITORING_TICK_MINUTES: '0' } });
    [owner] = await createOwnerTenants(call, { admin: ADMIN, prefix: 'risk', password: PASSWORD }, ['Owner']);
  }, STEP);

  afterAll(async () => {
    await processes.stopAll();
    await receiver?.close();
    await database?.destroy();
  });

  it('1. the owner registers an endpoint for risk.alert and score.computed', async () => {
    const created = dataOf<{ id: string; secret: string; url: string; events: string[]; enabled: boolean; customer_id: string }>(
      await as('post', `/integration/api/v1/customers/${owner.customerId}/webhooks`, { url: receiver.url, events: ['risk.alert', 'score.computed'], description: 'risk desk' }),
      'register webhook',
    );
    expect(created).toMatchObject({ url: receiver.url, events: ['risk.alert', 'score.computed'], enabled: true, customer_id: owner.customerId });
    secret = created.secret;
    receiver.trust(secret);
  });

  it('2. the owner sets DAILY monitoring with a 10-point score change alert, and reads it back', async () => {
    const path = `/case/api/v1/customers/${owner.customerId}/monitoring-settings`;
    const defaults = dataOf<Record<string, unknown>>(await as('get', path), 'settings before');
    expect(defaults).toEqual({ customer_id: owner.customerId, frequency: 'MONTHLY', score_change_alert_points: 50, updated_at: null });
    const put = await as('put', path, { frequency: 'DAILY', score_change_alert_points: THRESHOLD });
    const stored = dataOf<Record<string, unknown>>(put, 'settings');
    expect(put.body.message).toBe('Monitoring settings updated successfully');
    expect(stored).toEqual({ customer_id: owner.customerId, frequency: 'DAILY', score_change_alert_points: THRESHOLD, updated_at: expect.any(String) });
    expect(Date.now() - Date.parse(String(stored.updated_at))).toBeLessThan(60_000);
    expect(dataOf(await as('get', path), 'settings after')).toEqual(stored);
  });

  it('3. a monitored deteriorating business and an unmonitored one get their first scores, and a first score raises no alert', async () => {
    [monitored, unmonitored] = [await addBusiness('Dental', true), await addBusiness('Bakery', false)];
    for (const business of [monitored, unmonitored]) {
      const first = await nextScore(business, []);
      scores.set(business.id, [first]);
      const computed = await eventually(async () => received('score.computed', business.id).find((r) => r.event?.data?.score_id === first.id), WAIT);
      expect(computed.event?.data).toEqual({ customer_id: owner.customerId, business_id: business.id, score_id: first.id, risk_level: first.risk_level });
      expectSignedIdsOnly(computed);
    }
    // Alerts are stored with the score that raises them: once the score is readable, they are too.
    expect(await alerts('?pagination=false')).toEqual({ records: [], total_pages: 0, total_items: '0' });
    // The sandbox's first enrichment: one active lien, the liens factor's whole value.
    const first = await explain(scores.get(monitored.id)![0].id);
    expect(liensOf(first)).toMatchObject({ status: 'SUCCESS', input: 'ACTIVE_LIENS_AND_JUDGEMENTS_USD' });
    expect(liensOf(first).value).toBeGreaterThanOrEqual(1_000);
    expect(liensOf(first).value).toBeLessThanOrEqual(50_000);
  }, STEP);

  it('4. re-enriched through the refresh route (the enrichment path the schedule takes), each business gets a new, lower score', async () => {
    await reEnrich([monitored, unmonitored]);
  }, STEP);

  it('5. the monitored business has exactly the alerts the rules give: NEW_LIEN (HIGH) with the record, and the score fields that moved', async () => {
    const [before, after] = scores.get(monitored.id)!;
    const all = await expectAlertsBetween(monitored, before, after, 2);

    // Filtered by rule and severity; by severity descending, HIGH first.
    const newLien = all.find((a) => a.rule === 'NEW_LIEN') as Alert;
    const highLiens = await alerts('?filter[rule]=NEW_LIEN&filter[severity]=HIGH');
    expect(highLiens.records.map((a) => a.id)).toEqual([newLien.id]);
    expect((await alerts('?filter[rule]=NEW_LIEN&filter[severity]=LOW')).records).toEqual([]);
    const rank = (severity: string) => ['LOW', 'MEDIUM', 'HIGH'].indexOf(severity);
    const bySeverity = (await alerts('?pagination=false&sort[severity]=desc')).records.map((a) => a.severity);
    expect(bySeverity).toEqual([...bySeverity].sort((x, y) => rank(y) - rank(x)));
    expect(bySeverity[0]).toBe('HIGH');
    expect(dataOf<Alert>(await as('get', `${alertsPath()}/${newLien.id}`), 'one alert')).toEqual(newLien);
  }, STEP);

  it('6. the owner acknowledges the NEW_LIEN alert, then resolves it; resolving it again is refused 409 AlertStateError', async () => {
    const [newLien] = (await alerts('?filter[rule]=NEW_LIEN')).records;
    const path = `${alertsPath()}/${newLien.id}`;
    const acknowledged = dataOf<Alert>(await as('patch', path, { status: 'ACKNOWLEDGED', note: 'Calling the business' }), 'acknowledge');
    expect(acknowledged).toMatchObject({ id: newLien.id, status: 'ACKNOWLEDGED', acknowledged_by: expect.stringMatching(/^[0-9a-f-]{36}$/), resolved_at: null, resolved_by: null, note: 'Calling the business' });
    expect(Date.parse(String(acknowledged.acknowledged_at))).toBeGreaterThanOrEqual(Date.parse(newLien.created_at));

    const resolved = dataOf<Alert>(await as('patch', path, { status: 'RESOLVED' }), 'resolve');
    // Resolving without a note keeps the one given on acknowledging.
    expect(resolved).toMatchObject({ status: 'RESOLVED', acknowledged_at: acknowledged.acknowledged_at, acknowledged_by: acknowledged.acknowledged_by, resolved_by: acknowledged.acknowledged_by, note: 'Calling the business' });
    expect(Date.parse(String(resolved.resolved_at))).toBeGreaterThanOrEqual(Date.parse(String(acknowledged.acknowledged_at)));
    expect((await as('patch', path, { status: 'ACKNOWLEDGED' })).status).toBe(409);

    const again = await as('patch', path, { status: 'RESOLVED' });
    expect({ status: again.status, errorCode: again.body.errorCode, errorName: again.body.data?.errorName, state: again.body.data?.status }).toEqual({
      status: 409,
      errorCode: 'NOT_ALLOWED',
      errorName: 'AlertStateError',
      state: 'RESOLVED',
    });
    expect((await alerts('?filter[status]=RESOLVED')).records.map((a) => a.id)).toEqual([newLien.id]);
  });

  it('7. the new score is explained (the liens among its reasons), a what-if releasing the liens scores higher, a month diffs to itself, and both scores recompute identically', async () => {
    const [before, after] = scores.get(monitored.id)!;
    const [newLien] = (await alerts('?filter[rule]=NEW_LIEN')).records;
    const explained = await explain(after.id);
    expect(explained).toMatchObject({ score_id: after.id, business_id: monitored.id, weighted_score_850: Number(after.weighted_score_850), risk_level: after.risk_level, score_decision: after.score_decision });
    // Two active liens now: the first enrichment's and the one the alert is about.
    const firstLiens = liensOf(await explain(before.id)).value as number;
    const liens = liensOf(explained);
    expect(liens.value).toBeCloseTo(firstLiens + (newLien.data.record?.amount as number), 2);
    // With `thriving` financials the two liens (USD 2,000 to 100,000) cost the most or nearly so: the
    // liens stay out of the top four reasons only below about USD 3,000 (a chance of about 1 in 5,000).
    expect(liens.reason_code).toBe(LIENS_REASON);
    const total = (liens.value as number).toLocaleString('en-US', { maximumFractionDigits: 2 });
    expect(explained.reason_codes).toContainEqual({ code: LIENS_REASON, factor_code: LIENS_FACTOR, reason: `Active liens and judgements total USD ${total}`, points_lost_850: liens.points_lost_850 });

    const whatIf = dataOf<{ based_on: { score_id: string }; score: { weighted_score_850: string }; diff: Diff }>(
      await as('post', `/score/api/v1/score/business/${monitored.id}/what-if`, { release_all_liens: true }),
      'what-if',
    );
    const [current, hypothetical] = [Number(after.weighted_score_850), Number(whatIf.score.weighted_score_850)];
    expect(whatIf.based_on.score_id).toBe(after.id);
    expect(hypothetical).toBeGreaterThan(current);
    expect(hypothetical).toBeGreaterThan(Number(before.weighted_score_850));
    expect(whatIf.diff.overall.weighted_score_850).toEqual({ before: current, after: hypothetical, change: expect.any(Number) });
    expect(whatIf.diff.overall.weighted_score_850.change).toBeCloseTo(hypothetical - current, 2);
    const liensChange = whatIf.diff.factors.find((f) => f.code === LIENS_FACTOR);
    expect(liensChange?.before?.score_100).toBe(liens.score_100);
    expect(liensChange?.after?.score_100).toBe(100);

    const month = after.created_at.slice(0, 7);
    const diff = await as('get', `/score/api/v1/score/business/${monitored.id}/diff?from=${month}&to=${month}`);
    const same = dataOf<Diff & { from: { score_id: string }; to: { score_id: string } }>(diff, 'diff');
    expect(diff.status).toBe(200);
    expect([same.from.score_id, same.to.score_id]).toEqual([after.id, after.id]);
    expect(same.overall.weighted_score_850).toEqual({ before: current, after: current, change: 0 });
    expect(same.factors.every((f) => f.change.weighted_score_850 === 0)).toBe(true);

    for (const score of [before, after]) {
      const recomputed = dataOf<{ score_id: string; identical: boolean; differences: string[]; stored: { weighted_score_850: string }; recomputed: { weighted_score_850: string } }>(
        await as('post', `/score/api/v1/score/scores/${score.id}/recompute`),
        'recompute',
      );
      expect(recomputed).toMatchObject({ score_id: score.id, identical: true, differences: [] });
      expect(recomputed.recomputed.weighted_score_850).toBe(score.weighted_score_850);
    }
  });

  it('8. the unmonitored business deteriorated the same way and raised no alert, in the API or as a webhook', async () => {
    const [before, after] = scores.get(unmonitored.id)!;
    expect(liensOf(await explain(after.id)).value).toBeGreaterThan(liensOf(await explain(before.id)).value as number);
    expect((await alerts(`?pagination=false&filter[business_id]=${unmonitored.id}`)).records.filter((a) => a.rule !== CONTESTED)).toEqual([]);
    expect(received('risk.alert', unmonitored.id).filter((r) => r.event?.data?.rule !== CONTESTED)).toEqual([]);
    // Every risk.alert the receiver got is the monitored business's, and it got only the two types the endpoint asked for.
    expect(receiver.received.filter((r) => r.event?.type === 'risk.alert' && r.event.data?.rule !== CONTESTED).every((r) => r.event?.data?.business_id === monitored.id)).toBe(true);
    expect([...new Set(receiver.received.map((r) => r.event?.type))].sort()).toEqual(['risk.alert', 'score.computed']);
  });

  it('9. switched on with the PATCH, the other business alerts on its next enrichment; the one switched off raises nothing more', async () => {
    const monitoring = (business: Business, enabled: boolean) => as('patch', `/case/api/v1/customers/${owner.customerId}/businesses/${business.id}/monitoring`, { enabled });
    const on = dataOf<{ id: string; is_monitoring_enabled: boolean; subscription: { status: string } }>(await monitoring(unmonitored, true), 'monitoring on');
    expect(on).toMatchObject({ id: unmonitored.id, is_monitoring_enabled: true, subscription: { status: 'ACTIVE' } });
    const off = dataOf<{ id: string; is_monitoring_enabled: boolean; subscription: { status: string } }>(await monitoring(monitored, false), 'monitoring off');
    expect(off).toMatchObject({ id: monitored.id, is_monitoring_enabled: false, subscription: { status: 'CANCELLED' } });
    // Monitoring's alerts: a contested case decision (issue 45) is no monitoring alert, and comes
    // whenever new facts change the case policy's mind, monitored or not.
    const monitoringAlerts = async () =>
      (await alerts(`?pagination=false&filter[business_id]=${monitored.id}`)).records.filter((a) => a.rule !== CONTESTED).map((a) => a.id);
    const monitoringWebhooks = () => received('risk.alert', monitored.id).filter((r) => r.event?.data?.rule !== CONTESTED);
    const alertsBefore = await monitoringAlerts();

    await reEnrich([unmonitored, monitored]);
    const [, second, third] = scores.get(unmonitored.id)!;
    await expectAlertsBetween(unmonitored, second, third, 3);
    expect(await monitoringAlerts()).toEqual(alertsBefore);
    expect(monitoringWebhooks()).toHaveLength(alertsBefore.length);
  }, STEP);
});
