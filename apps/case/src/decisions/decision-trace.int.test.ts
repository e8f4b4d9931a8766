import { randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import { recordSpans } from '@kyb/telemetry/testing';
import type { CaseTestApp } from '../test-support/case-test-app';
import { startDecisionRoundApp, type DecisionRoundSupport } from '../test-support/decision-round-support';

/*
 * Traces across the decision round's hop (issue 47): a case's evaluation continues the trace of the
 * event that marked it (a score computed in E12's trace, for example), so the case's move and the
 * event announcing it belong to that trace too; a recheck without an event starts its own.
 */
describe('the decision round continues the trace of the fact that arrived', () => {
  let t: CaseTestApp;
  let s: DecisionRoundSupport;
  const customerId = randomUUID();
  const recorded = recordSpans();
  beforeAll(async () => ({ t, s } = await startDecisionRoundApp(customerId)));
  afterAll(async () => {
    await t.close();
    await recorded.stop();
  });

  it("evaluates a case marked by a traced event in that event's trace, and its case.status_updated event carries it on", async () => {
    const { businessId, caseId } = await s.openCase('Traced Co');
    await s.settle();
    await t.verify({ businessId, status: 'VERIFIED', checks: s.checks() });
    await s.scored(businessId, 'APPROVE');
    const scoreJob = await trace.getTracer('test').startActiveSpan('process enrichment-completed', async (span) => {
      await s.announce(businessId);
      span.end();
      return span.spanContext();
    });
    expect((await t.db('cases.cases').where({ id: caseId }).first()).evaluation_trace).toBeNull();
    await s.roundsUntil(caseId, 'AUTO_APPROVED');

    const decide = recorded.spans().find((span) => span.name === 'case decide' && span.attributes['kyb.case.effect'] === 'moved AUTO_APPROVED');
    expect(decide?.spanContext().traceId).toBe(scoreJob.traceId);
    expect(decide?.parentSpanContext?.spanId).toBe(scoreJob.spanId);
    expect(decide?.attributes).toEqual({ 'kyb.case.status': 'OPEN', 'kyb.case.effect': 'moved AUTO_APPROVED' });
    const [moved] = await t.db('cases.outbox_events').where({ type: 'case.status_updated' }).whereRaw("data->>'case_id' = ?", [caseId]);
    expect(moved.trace).toEqual({ traceparent: `00-${scoreJob.traceId}-${decide?.spanContext().spanId}-01` });
    // Taken by the evaluation: a later recheck does not claim the old trace.
    expect((await t.db('cases.cases').where({ id: caseId }).first()).evaluation_trace).toBeNull();
  });

  it('evaluates a case marked by an untraced event in a span of its own', async () => {
    const { businessId, caseId } = await s.openCase('Untraced Co');
    await s.settle();
    recorded.clear();
    await t.verify({ businessId, status: 'UNVERIFIED', checks: s.checks({ TIN_MATCH: 'FAIL' }) });
    await s.announce(businessId);
    await s.roundsUntil(caseId, 'MANUAL_REVIEW');
    const decide = recorded.spans().find((span) => span.name === 'case decide' && span.attributes['kyb.case.effect'] === 'moved MANUAL_REVIEW');
    expect(decide?.parentSpanContext).toBeUndefined();
    const [moved] = await t.db('cases.outbox_events').where({ type: 'case.status_updated' }).whereRaw("data->>'case_id' = ?", [caseId]);
    expect(moved.trace).toEqual({ traceparent: `00-${decide?.spanContext().traceId}-${decide?.spanContext().spanId}-01` });
  });
});
