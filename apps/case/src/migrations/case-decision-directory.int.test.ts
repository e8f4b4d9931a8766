import { randomUUID } from 'node:crypto';
import { CASE_DECISION_DIRECTORY_VIEW, CASE_TRANSITION_DIRECTORY_VIEW, createCaseDecisionDirectory } from '@kyb/area-views';
import { createCaseDecisionDirectoryStandIn } from '@kyb/area-views/testing';
import { migrateLatest, type Knex } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { moveCase } from '../cases/case-moves.store';
import { createPgCaseStore } from '../cases/cases.store';
import { keptOutcome } from '../decisions/decision-round';
import { insertBusiness } from '../test-support/case-test-app';
import { columnsOf } from '../test-support/view-columns';
import { caseMigrations } from './index';

/* Migration 0027 (issue 45): what the case area publishes of a case's decision and trail, for the 360 report. */
describe('the case decision directory', () => {
  let database: TestDatabase;
  let standIns: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await migrateLatest(db, caseMigrations);
    standIns = await createTestDatabase();
    await createCaseDecisionDirectoryStandIn(standIns.db);
  });
  afterAll(async () => {
    await standIns.destroy();
    await database.destroy();
  });

  it.each([CASE_DECISION_DIRECTORY_VIEW, CASE_TRANSITION_DIRECTORY_VIEW])('%s has the columns of the stand-in other areas test with', async (view) => {
    const real = await columnsOf(db, view);
    expect(real.length).toBeGreaterThan(0);
    expect(real).toEqual(await columnsOf(standIns.db, view));
  });

  /** A business of `customerId` with a case the policy sent to review and a reviewer approved, as the case area writes them. */
  async function reviewedCase(customerId: string, opener: string, reviewer: string) {
    const businessId = await insertBusiness(db, { customerId });
    const [caseId] = await db.transaction((trx) => createPgCaseStore(db).insertCases(trx, [{ customer_id: customerId, business_id: businessId, applicant_id: null, origin: 'ADDED', created_by: opener }]));
    const factsAt = new Date('2026-12-08T09:00:00.000Z');
    const outcome = keptOutcome(
      {
        kind: 'decided', decision: 'review', ruleId: 'TIN_MISMATCH', reason: 'The TIN does not match the legal name.', passed: ['SANCTIONS_CONFIRMED'],
        factsUsed: [{ name: 'verification.check.TIN_MATCH', value: 'FAIL', source: 'verification', at: factsAt }, { name: 'watchlist.confirmed_hits', value: 0, source: 'watchlist_screening', at: factsAt }],
      },
      3,
    );
    const move = { caseId, actorRole: 'SYSTEM', reasonCode: null, at: new Date('2026-12-08T09:01:00.000Z') };
    await db.transaction((trx) =>
      moveCase(trx, { ...move, from: 'OPEN', to: 'MANUAL_REVIEW', mover: 'policy', actorId: null, policyVersion: 3, ruleIds: ['SANCTIONS_CONFIRMED', 'TIN_MISMATCH'], note: 'The TIN does not match the legal name.', facts: (outcome as { facts: object }).facts, outcome }),
    );
    await db.transaction((trx) =>
      moveCase(trx, { ...move, from: 'MANUAL_REVIEW', to: 'APPROVED', mover: 'reviewer', actorId: reviewer, actorRole: 'CUSTOMER', policyVersion: 3, ruleIds: [], reasonCode: 'DOCUMENTS_CONFIRMED', note: 'The IRS letter names the business.', facts: { first_reviewer: opener, first_reason_code: 'DOCUMENTS_CONFIRMED', first_at: move.at.toISOString() }, at: new Date('2026-12-08T10:00:00.000Z') }),
    );
    return { businessId, caseId };
  }

  it("publishes a case's state, the policy's last word with the facts it read, and the trail with the rules, reason codes and notes, read by tenant and business", async () => {
    const [customerId, opener, reviewer] = [randomUUID(), randomUUID(), randomUUID()];
    const { businessId, caseId } = await reviewedCase(customerId, opener, reviewer);
    const directory = createCaseDecisionDirectory(db);
    const entry = await directory.newest(customerId, businessId);
    expect(entry).toMatchObject({
      caseId, status: 'APPROVED', origin: 'ADDED', policyVersion: 3, olderCases: 0,
      outcome: {
        kind: 'decided', policyVersion: 3, decision: 'review', ruleId: 'TIN_MISMATCH', passed: ['SANCTIONS_CONFIRMED'],
        facts: [{ name: 'verification.check.TIN_MATCH', value: 'FAIL', source: 'verification', at: new Date('2026-12-08T09:00:00.000Z') }, { name: 'watchlist.confirmed_hits', value: 0, source: 'watchlist_screening' }],
      },
    });
    expect(entry?.trail.map((t) => [t.fromStatus, t.toStatus, t.mover, t.actorId, t.ruleIds, t.reasonCode, t.note, t.firstReviewerId])).toEqual([
      [null, 'OPEN', 'customer', opener, [], null, null, null],
      ['OPEN', 'MANUAL_REVIEW', 'policy', null, ['SANCTIONS_CONFIRMED', 'TIN_MISMATCH'], null, 'The TIN does not match the legal name.', null],
      ['MANUAL_REVIEW', 'APPROVED', 'reviewer', reviewer, [], 'DOCUMENTS_CONFIRMED', 'The IRS letter names the business.', opener],
    ]);
    expect(await directory.newest(randomUUID(), businessId)).toBeUndefined();
  });

  it("after the tenant's erasure, keeps who moved the case and when, without the policy's word, the rules, the notes or the facts", async () => {
    const [customerId, opener, reviewer] = [randomUUID(), randomUUID(), randomUUID()];
    const { businessId } = await reviewedCase(customerId, opener, reviewer);
    await db.raw('select cases.erase_customer(?::uuid)', [customerId]);
    const entry = await createCaseDecisionDirectory(db).newest(customerId, businessId);
    expect(entry).toMatchObject({ status: 'APPROVED', outcome: null });
    expect(entry?.trail.map((t) => [t.toStatus, t.mover, t.actorId, t.ruleIds, t.reasonCode, t.note, t.firstReviewerId])).toEqual([
      ['OPEN', 'customer', opener, [], null, null, null],
      ['MANUAL_REVIEW', 'policy', null, [], null, null, null],
      ['APPROVED', 'reviewer', reviewer, [], 'DOCUMENTS_CONFIRMED', null, null],
    ]);
  });
});
