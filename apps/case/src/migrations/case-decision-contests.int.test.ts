import { randomUUID } from 'node:crypto';
import { DECISION_CONTEST_DIRECTORY_VIEW } from '@kyb/area-views';
import { createDecisionContestDirectoryStandIn } from '@kyb/area-views/testing';
import { migrateLatest, type Knex } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { insertBusiness } from '../test-support/case-test-app';
import { caseDecisionContests } from './20261208_0028_case_decision_contests';
import { caseMigrations } from './index';

/* Migration 0028 (issue 45): contested decisions, kept once per case and state, published, and erased with their tenant. */
describe('contested decisions, migrated', () => {
  let database: TestDatabase;
  let db: Knex;
  const actor = randomUUID();
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await migrateLatest(db, caseMigrations);
  });
  afterAll(() => database.destroy());

  const decidedCase = async (customerId: string) => {
    const businessId = await insertBusiness(db, { customerId, externalId: randomUUID() });
    const [kase] = await db('cases.cases').insert({ customer_id: customerId, business_id: businessId, origin: 'ADDED', status: 'AUTO_APPROVED', created_by: actor, updated_by: actor }).returning('id');
    return { caseId: kase.id as string, businessId };
  };
  const contest = (c: { caseId: string; businessId: string }, customerId: string, wouldDecide = 'AUTO_REJECTED') => ({
    case_id: c.caseId, customer_id: customerId, business_id: c.businessId, status: 'AUTO_APPROVED', would_decide: wouldDecide, policy_version: 2,
    rule_id: 'NO_GAMBLING', reason: 'We do not onboard gambling.',
  });

  it('keeps a contest once per case and state asked for, of known states only, and publishes it', async () => {
    const customerId = randomUUID();
    const kase = await decidedCase(customerId);
    await db('cases.case_decision_contests').insert(contest(kase, customerId));
    await expect(db('cases.case_decision_contests').insert(contest(kase, customerId))).rejects.toMatchObject({ code: '23505' });
    await expect(db('cases.case_decision_contests').insert(contest(kase, customerId, 'APPROVED'))).rejects.toMatchObject({ code: '23514' });
    await expect(db('cases.case_decision_contests').insert({ ...contest(kase, customerId, 'MANUAL_REVIEW'), status: 'OPEN' })).rejects.toMatchObject({ code: '23514' });
    await db('cases.case_decision_contests').insert(contest(kase, customerId, 'MANUAL_REVIEW'));
    expect(await db(DECISION_CONTEST_DIRECTORY_VIEW).where({ case_id: kase.caseId }).orderBy('would_decide')).toEqual([
      expect.objectContaining({ would_decide: 'AUTO_REJECTED', status: 'AUTO_APPROVED', policy_version: 2, rule_id: 'NO_GAMBLING', contested_at: expect.any(Date) }),
      expect.objectContaining({ would_decide: 'MANUAL_REVIEW', customer_id: customerId, business_id: kase.businessId }),
    ]);
  });

  it("erases a tenant's rules and reasons, keeping the ids and states, and leaves another tenant's alone", async () => {
    const [tenant, other] = [randomUUID(), randomUUID()];
    const [erased, kept] = [await decidedCase(tenant), await decidedCase(other)];
    await db('cases.case_decision_contests').insert([contest(erased, tenant), contest(kept, other)]);
    await db.raw('select cases.erase_customer(?::uuid)', [tenant]);
    expect(await db(DECISION_CONTEST_DIRECTORY_VIEW).where({ case_id: erased.caseId }).first()).toMatchObject({
      case_id: erased.caseId, customer_id: tenant, status: 'AUTO_APPROVED', would_decide: 'AUTO_REJECTED', rule_id: null, reason: null,
    });
    expect(await db(DECISION_CONTEST_DIRECTORY_VIEW).where({ case_id: kept.caseId }).first()).toMatchObject({ rule_id: 'NO_GAMBLING', reason: 'We do not onboard gambling.' });
    // What the erasure before this migration did still happens (0025: the policy's last word).
    await db('cases.cases').where({ id: erased.caseId }).update({ outcome: JSON.stringify({ kind: 'decided' }) });
    await db.raw('select cases.erase_customer(?::uuid)', [tenant]);
    expect((await db('cases.cases').where({ id: erased.caseId }).first()).outcome).toBeNull();
  });

  it('has the columns of the stand-in other areas test against, and goes down and up again', async () => {
    const standIns = await createTestDatabase();
    try {
      await createDecisionContestDirectoryStandIn(standIns.db);
      const columns = async (on: Knex) =>
        (await on('information_schema.columns').where({ table_schema: 'cases', table_name: DECISION_CONTEST_DIRECTORY_VIEW.split('.')[1] }).orderBy('ordinal_position')).map(
          (c: { column_name: string; data_type: string }) => [c.column_name, c.data_type],
        );
      const real = await columns(db);
      expect(real).toHaveLength(10);
      expect(real).toEqual(await columns(standIns.db));
    } finally {
      await standIns.destroy();
    }
    // Migrations after this one are set aside while it goes down and up (they depend on it).
    const later = caseMigrations.migrations.slice(caseMigrations.migrations.indexOf(caseDecisionContests) + 1).reverse();
    for (const migration of later) await migration.down(db);
    await caseDecisionContests.down(db);
    expect((await db.raw(`select to_regclass('cases.case_decision_contests')::text as found`)).rows[0].found).toBeNull();
    await caseDecisionContests.up(db);
    for (const migration of later.reverse()) await migration.up(db);
  });
});
