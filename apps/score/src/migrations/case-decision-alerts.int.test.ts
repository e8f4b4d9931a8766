import { randomUUID } from 'node:crypto';
import { migrateLatest, type Knex } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { caseDecisionAlerts } from './20261208_0014_case_decision_alerts';
import { scoreMigrations } from './index';

/* Migration 0014 (issue 45): alerts about a case's decision name their case and no score, raised once per case, rule and subject. */
describe('alerts of case decisions, migrated', () => {
  let database: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await migrateLatest(db, scoreMigrations);
  });
  afterAll(() => database.destroy());

  const caseAlert = (customerId: string, caseId = randomUUID(), subject = 'AUTO_REJECTED') => ({
    customer_id: customerId, business_id: randomUUID(), case_id: caseId, rule: 'CASE_DECISION_CONTESTED', subject, severity: 'HIGH',
    title: 'Decision contested', summary: 'The policy would now reject it by rule NO_GAMBLING: We do not onboard gambling.',
    before: JSON.stringify('AUTO_APPROVED'), after: JSON.stringify(subject), data: JSON.stringify({ case_id: caseId }), created_at: new Date(), updated_at: new Date(),
  });

  it('takes an alert naming a case and no score, once per case, rule and subject; an alert naming neither is refused', async () => {
    const customerId = randomUUID();
    const alert = caseAlert(customerId);
    await db('scores.alerts').insert(alert);
    await expect(db('scores.alerts').insert(alert)).rejects.toMatchObject({ code: '23505' });
    await db('scores.alerts').insert({ ...alert, subject: 'MANUAL_REVIEW' });
    await expect(db('scores.alerts').insert({ ...alert, case_id: null, subject: 'x' })).rejects.toMatchObject({ code: '23514' });
    expect(await db('scores.alerts').where({ case_id: alert.case_id }).pluck('score_id')).toEqual([null, null]);
  });

  it("empties a case alert's words with its tenant's erasure, as every alert's", async () => {
    const [tenant, other] = [randomUUID(), randomUUID()];
    const [erased, kept] = [caseAlert(tenant), caseAlert(other)];
    await db('scores.alerts').insert([erased, kept]);
    await db.raw('select scores.erase_customer(?::uuid)', [tenant]);
    expect(await db('scores.alerts').where({ case_id: erased.case_id }).first()).toMatchObject({ case_id: erased.case_id, title: '[erased]', summary: '[erased]', before: null, after: null, data: {} });
    expect(await db('scores.alerts').where({ case_id: kept.case_id }).first()).toMatchObject({ title: 'Decision contested' });
  });

  it("keeps the score worker's place in the case area's feed from the migration on, and goes down and up again", async () => {
    const cursor = await db('scores.event_feed_cursors').select('source', db.raw('tx::text as tx'), db.raw('seq::text as seq'));
    expect(cursor).toEqual([{ source: 'cases', tx: expect.stringMatching(/^[1-9][0-9]*$/), seq: '0' }]);
    await caseDecisionAlerts.down(db);
    // Down: the case alerts go, and every alert left names its scores again.
    const scoreColumns = await db('information_schema.columns').where({ table_schema: 'scores', table_name: 'alerts' }).whereIn('column_name', ['score_id', 'previous_score_id', 'case_id']).pluck('is_nullable');
    expect(scoreColumns).toEqual(['NO', 'NO']);
    expect((await db.raw(`select to_regclass('scores.event_feed_cursors')::text as found`)).rows[0].found).toBeNull();
    await caseDecisionAlerts.up(db);
    await db('scores.alerts').insert(caseAlert(randomUUID()));
  });
});
