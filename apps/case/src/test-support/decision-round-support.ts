import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { VerificationCheck } from '@kyb/area-views';
import { createEventFeedStandIns, createIntegrationDirectoryStandIn, createMatchScreeningDirectoryStandIn, createScoreDirectoryStandIn, createWatchlistHitDirectoryStandIn } from '@kyb/area-views/testing';
import { eventually } from '@kyb/testing';
import { createPgCaseStore } from '../cases/cases.store';
import { insertBusiness, startCaseTestApp, type CaseTestApp } from './case-test-app';

/** A case as GET /cases/{caseID} answers it, as far as the decision round's tests read it. */
export interface RoundCase {
  status: string;
  decision: { kind?: string; disagrees?: string; evaluated_at?: string | null; [key: string]: unknown };
  trail: Array<{ from_status: string | null; to_status: string; mover: string; rule_ids: string[]; [key: string]: unknown }>;
  [key: string]: unknown;
}

/**
 * What the decision round's tests drive it with: the other areas' feeds and views stood in on the
 * test app's database, cases opened for a customer, facts put, and rounds run until a case is as
 * wanted (a feed shows an event only once every older transaction of the cluster ended: other
 * tests' transactions may hold it back a moment, so no test assumes a single round).
 */
export async function decisionRoundSupport(t: CaseTestApp, customerId: string) {
  const feeds = await createEventFeedStandIns(t.db, 'cases');
  const scores = await createScoreDirectoryStandIn(t.db);
  const hits = await createWatchlistHitDirectoryStandIn(t.db);
  const records = await createIntegrationDirectoryStandIn(t.db);
  const matchScreenings = await createMatchScreeningDirectoryStandIn(t.db);
  const owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['case:read', 'profile:read', 'profile:write'] });
  const round = () => t.area.decisionRound.round();
  const readCase = async (caseId: string): Promise<RoundCase> => (await request(t.app).get(`/case/api/v1/cases/${caseId}`).set('Authorization', `Bearer ${owner}`).expect(200)).body.data;
  return {
    feeds,
    scores,
    hits,
    records,
    matchScreenings,
    owner,
    round,
    readCase,
    /** Rounds until one finds nothing left to evaluate. */
    async settle() {
      for (let i = 0; i < 20; i += 1) if ((await round()).evaluated === 0) return;
      throw new Error('the round never settled');
    },
    async openCase(name: string, customer = customerId) {
      const businessId = await insertBusiness(t.db, { customerId: customer, name });
      const [caseId] = await t.db.transaction((trx) => createPgCaseStore(t.db).insertCases(trx, [{ customer_id: customer, business_id: businessId, applicant_id: null, origin: 'ADDED', created_by: randomUUID() }]));
      return { businessId, caseId };
    },
    checks: (overrides: Partial<Record<VerificationCheck['code'], VerificationCheck['result']>> = {}): VerificationCheck[] =>
      (['TIN_MATCH', 'SOS_FILING', 'ADDRESS', 'OFFICERS', 'SANCTIONS'] as const).map((code) => ({ code, result: overrides[code] ?? 'PASS', reason: `${code} said so` })),
    scored: (businessId: string, decision: string, riskLevel = 'LOW') =>
      scores.put({ id: randomUUID(), businessId, version: 'v1', weightageConfigId: randomUUID(), weightedScore100: 80, weightedScore850: 720, riskLevel, decision, distribution: [] }),
    announce: (businessId: string, customer = customerId) =>
      feeds.emit('scores', { type: 'score.computed', customerId: customer, data: { business_id: businessId, score_id: randomUUID(), risk_level: 'LOW' } }),
    /** Rounds until the case is in `state` and `also` holds; answers the case as read. */
    roundsUntil: (caseId: string, state: string, also: (c: RoundCase) => boolean = () => true) =>
      eventually(async () => {
        await round();
        const found = await readCase(caseId);
        return found.status === state && also(found) ? found : undefined;
      }),
    status: async (caseId: string) => (await t.db('cases.cases').where({ id: caseId }).first()).status as string,
  };
}

/** The decision round's support. */
export type DecisionRoundSupport = Awaited<ReturnType<typeof decisionRoundSupport>>;

/** Starts the case app without workers (tests run rounds themselves), with the round's support and `customerId` in the customer directory. */
export async function startDecisionRoundApp(customerId: string): Promise<{ t: CaseTestApp; s: DecisionRoundSupport }> {
  const t = await startCaseTestApp({ workers: false });
  const s = await decisionRoundSupport(t, customerId);
  await t.customer({ id: customerId });
  return { t, s };
}
