import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { createDecisionContestDirectoryStandIn } from '../testing';
import { DECISION_CONTEST_DIRECTORY_VIEW, createDecisionContestDirectory } from './decision-contest-directory';

/* The reader against the view's contract; the case area's tests check its real view. */
describe('createDecisionContestDirectory', () => {
  let database: TestDatabase;
  let standIn: Awaited<ReturnType<typeof createDecisionContestDirectoryStandIn>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    standIn = await createDecisionContestDirectoryStandIn(database.db);
  });
  afterAll(() => database.destroy());

  it("answers a customer's contests of the cases asked, oldest first, and nothing of another tenant's cases", async () => {
    const [customerId, other] = [randomUUID(), randomUUID()];
    const [caseId, otherCase, businessId] = [randomUUID(), randomUUID(), randomUUID()];
    const first = await standIn.put({ caseId, customerId, businessId, wouldDecide: 'AUTO_REJECTED', contestedAt: new Date('2026-12-08T10:00:00Z') });
    const second = await standIn.put({ caseId, customerId, businessId, wouldDecide: 'MANUAL_REVIEW', status: 'APPROVED', ruleId: null, reason: 'A reviewer decides.', policyVersion: 4, contestedAt: new Date('2026-12-08T11:00:00Z') });
    await standIn.put({ caseId: otherCase, customerId: other, businessId: randomUUID(), wouldDecide: 'AUTO_REJECTED' });
    const directory = createDecisionContestDirectory(database.db);
    expect(await directory.ofCases(customerId, [caseId, otherCase, 'not-a-uuid'])).toEqual([first, second]);
    expect(second).toMatchObject({ status: 'APPROVED', ruleId: null, reason: 'A reviewer decides.', policyVersion: 4 });
    expect(await directory.ofCases(customerId.toUpperCase(), [caseId.toUpperCase()])).toHaveLength(2);
    expect(await directory.ofCases(other, [caseId])).toEqual([]);
    expect(await directory.ofCases('nope', [caseId])).toEqual([]);
    expect(await directory.ofCases(customerId, [])).toEqual([]);
  });

  it('leaves out a state this version does not know, and reads an erased contest (no rule, no reason) as it is', async () => {
    const [customerId, caseId, businessId] = [randomUUID(), randomUUID(), randomUUID()];
    await database.db(DECISION_CONTEST_DIRECTORY_VIEW).insert({
      id: randomUUID(), case_id: caseId, customer_id: customerId, business_id: businessId, status: 'AUTO_APPROVED', would_decide: 'ESCALATED', policy_version: 1, contested_at: new Date(),
    });
    const erased = await standIn.put({ caseId, customerId, businessId, wouldDecide: 'AUTO_REJECTED', ruleId: null, reason: null });
    expect(await createDecisionContestDirectory(database.db).ofCases(customerId, [caseId])).toEqual([erased]);
  });
});
