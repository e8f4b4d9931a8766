import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { createCaseDecisionDirectoryStandIn } from '../testing';
import { createCaseDecisionDirectory, toAwaitingConfirmation, toCaseOutcome } from './case-decision-directory';

/* The reader against the views' contract; the case area's tests check its real views. */
describe('createCaseDecisionDirectory', () => {
  let database: TestDatabase;
  let standIn: Awaited<ReturnType<typeof createCaseDecisionDirectoryStandIn>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    standIn = await createCaseDecisionDirectoryStandIn(database.db);
  });
  afterAll(() => database.destroy());

  const at = (minute: number) => new Date(Date.UTC(2026, 11, 8, 9, minute));
  const decided = {
    kind: 'decided',
    policy_version: 2,
    decision: 'approve',
    rule_id: 'VERIFIED_AND_APPROVED',
    reason: 'Verified and the score approves.',
    passed: ['SANCTIONS_CONFIRMED', 'SCORE_ASKS_REVIEW'],
    facts: [
      { name: 'verification.status', value: 'VERIFIED', source: 'verification', at: at(1).toISOString() },
      { name: 'watchlist.confirmed_hits', value: 0, source: 'watchlist_screening', at: at(2).toISOString() },
      { name: 'match.result', value: null, source: 'match_screening', at: at(3).toISOString() },
    ],
  };

  it("answers the customer's business its newest case with the policy's last word and the trail oldest first; nothing for another tenant's or a non-UUID", async () => {
    const [customerId, businessId, reviewer, first] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await standIn.put({ customerId, businessId, status: 'OPEN', openedAt: at(0) });
    const caseId = await standIn.put({
      customerId, businessId, status: 'APPROVED', origin: 'INVITATION', policyVersion: 2, openedAt: at(5), statusChangedAt: at(20), evaluatedAt: at(10), outcome: decided,
      trail: [
        { from: 'MANUAL_REVIEW', to: 'APPROVED', mover: 'reviewer', actorId: reviewer, policyVersion: 2, reasonCode: 'RISK_ACCEPTED', note: 'Spoke to the owner.\nLooks fine.', facts: { first_reviewer: first }, at: at(20) },
        { from: null, to: 'OPEN', mover: 'customer', actorId: first, at: at(5) },
        { from: 'OPEN', to: 'MANUAL_REVIEW', mover: 'policy', policyVersion: 2, ruleIds: ['SANCTIONS_CONFIRMED', 'SCORE_ASKS_REVIEW'], note: 'The score asks for review.', facts: decided.facts, at: at(10) },
      ],
    });
    const directory = createCaseDecisionDirectory(database.db);
    const entry = await directory.newest(customerId, businessId);
    expect(entry).toEqual({
      caseId, customerId, businessId, status: 'APPROVED', origin: 'INVITATION', assigneeId: null, policyVersion: 2, openedAt: at(5), statusChangedAt: at(20), evaluatedAt: at(10),
      awaitingConfirmation: null,
      outcome: {
        kind: 'decided', policyVersion: 2, decision: 'approve', ruleId: 'VERIFIED_AND_APPROVED', reason: 'Verified and the score approves.', passed: ['SANCTIONS_CONFIRMED', 'SCORE_ASKS_REVIEW'], disagrees: null,
        facts: [
          { name: 'verification.status', value: 'VERIFIED', source: 'verification', at: at(1) },
          { name: 'watchlist.confirmed_hits', value: 0, source: 'watchlist_screening', at: at(2) },
          { name: 'match.result', value: null, source: 'match_screening', at: at(3) },
        ],
      },
      trail: [
        expect.objectContaining({ fromStatus: null, toStatus: 'OPEN', mover: 'customer', actorId: first, ruleIds: [], reasonCode: null, note: null, firstReviewerId: null, at: at(5) }),
        expect.objectContaining({ fromStatus: 'OPEN', toStatus: 'MANUAL_REVIEW', mover: 'policy', actorId: null, policyVersion: 2, ruleIds: ['SANCTIONS_CONFIRMED', 'SCORE_ASKS_REVIEW'], note: 'The score asks for review.', firstReviewerId: null }),
        expect.objectContaining({ fromStatus: 'MANUAL_REVIEW', toStatus: 'APPROVED', mover: 'reviewer', actorId: reviewer, reasonCode: 'RISK_ACCEPTED', note: 'Spoke to the owner.\nLooks fine.', firstReviewerId: first }),
      ],
      olderCases: 1,
    });
    expect(await directory.newest(customerId, businessId.toUpperCase())).toMatchObject({ caseId });
    expect(await directory.newest(randomUUID(), businessId)).toBeUndefined();
    expect(await directory.newest(customerId, randomUUID())).toBeUndefined();
    expect(await directory.newest('nope', businessId)).toBeUndefined();
    expect(await directory.newest(customerId, "1' or '1'='1")).toBeUndefined();
  });

  it('answers a case not yet evaluated without an outcome, and a waiting one with the facts its rule waits for', async () => {
    const [customerId, fresh, waiting] = [randomUUID(), randomUUID(), randomUUID()];
    await standIn.put({ customerId, businessId: fresh, trail: [] });
    await standIn.put({ customerId, businessId: waiting, evaluatedAt: at(30), outcome: { kind: 'waiting', policy_version: 0, rule_id: 'SCORE_DECLINES', passed: ['SANCTIONS_CONFIRMED'], missing: ['score.decision'] } });
    const directory = createCaseDecisionDirectory(database.db);
    expect(await directory.newest(customerId, fresh)).toMatchObject({ status: 'OPEN', outcome: null, evaluatedAt: null, trail: [], olderCases: 0 });
    expect((await directory.newest(customerId, waiting))?.outcome).toEqual({ kind: 'waiting', policyVersion: 0, ruleId: 'SCORE_DECLINES', passed: ['SANCTIONS_CONFIRMED'], missing: ['score.decision'] });
  });

  it('answers a decision waiting for a second reviewer with who decided what and when, and an odd one as none', async () => {
    const [customerId, businessId, reviewer] = [randomUUID(), randomUUID(), randomUUID()];
    await standIn.put({ customerId, businessId, status: 'MANUAL_REVIEW', awaitingConfirmation: { decision: 'reject', by: reviewer, reason_code: 'HIGH_RISK', at: at(40).toISOString() } });
    const directory = createCaseDecisionDirectory(database.db);
    expect((await directory.newest(customerId, businessId))?.awaitingConfirmation).toEqual({ decision: 'reject', reviewerId: reviewer, reasonCode: 'HIGH_RISK', at: at(40) });
    expect(toAwaitingConfirmation({ decision: 'approve', by: reviewer, reason_code: 7, at: 'soon' })).toEqual({ decision: 'approve', reviewerId: reviewer, reasonCode: '', at: null });
    expect(toAwaitingConfirmation({ decision: 'approve' })).toBeNull();
    expect(toAwaitingConfirmation('reject')).toBeNull();
    expect(toAwaitingConfirmation(null)).toBeNull();
  });

  it('reads odd stored outcomes and facts as none or blanks, never throwing, and keeps what the policy would now decide', () => {
    expect(toCaseOutcome(null)).toBeNull();
    expect(toCaseOutcome({ kind: 'not_evaluated' })).toBeNull();
    expect(toCaseOutcome('decided')).toBeNull();
    expect(toCaseOutcome({ kind: 'decided', policy_version: '2', rule_id: null, passed: 'x', facts: [{ name: 'a', value: { x: 1 }, at: 'not a time' }, { value: 1 }, 7], disagrees: 'AUTO_REJECTED' })).toEqual({
      kind: 'decided', policyVersion: null, decision: '', ruleId: null, reason: '', passed: [], facts: [{ name: 'a', value: null, source: '', at: null }], disagrees: 'AUTO_REJECTED',
    });
  });
});
