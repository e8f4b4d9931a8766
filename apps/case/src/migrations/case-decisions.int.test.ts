import { randomUUID } from 'node:crypto';
import { migrateLatest, type Knex } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { insertBusiness } from '../test-support/case-test-app';
import { caseDecisions } from './20261207_0025_case_decisions';
import { caseMigrations } from './index';

/* Migration 0025 (issue 45): a case's status becomes its decision state, how it was opened its origin, and every business has a case. */
describe('cases that decide, migrated', () => {
  let database: TestDatabase;
  let db: Knex;
  const customerId = randomUUID();
  const actor = randomUUID();
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await migrateLatest(db, caseMigrations);
  });
  afterAll(() => database.destroy());

  const applicant = async () =>
    (await db('cases.applicants').insert({ customer_id: customerId, first_name: 'A', last_name: 'B', email: `${randomUUID()}@example.org`, created_by: actor }).returning('id'))[0].id as string;

  it('turns INVITED and CREATED cases into OPEN ones that keep how they were opened, opens one for a business without any, and undoes it all going down', async () => {
    // The migrations after 0025 build on its tables (views over cases and their trails): down first, up again at the end.
    const later = caseMigrations.migrations.slice(caseMigrations.migrations.indexOf(caseDecisions) + 1);
    for (const migration of [...later].reverse()) await migration.down(db);
    await caseDecisions.down(db);
    const invitedBusiness = await insertBusiness(db, { customerId, externalId: 'invited' });
    const addedBusiness = await insertBusiness(db, { customerId, externalId: 'added' });
    const bare = await insertBusiness(db, { customerId, externalId: 'bare' });
    const gone = await insertBusiness(db, { customerId, externalId: 'gone' });
    await db('cases.businesses').where({ id: gone }).update({ deleted_at: new Date() });
    const who = await applicant();
    const base = { customer_id: customerId, applicant_id: who, created_by: actor, updated_by: actor };
    const [invited] = await db('cases.cases').insert({ ...base, business_id: invitedBusiness, status: 'INVITED' }).returning('id');
    const [added] = await db('cases.cases').insert({ ...base, business_id: addedBusiness, status: 'CREATED' }).returning('id');

    await caseDecisions.up(db);
    const rows = await db('cases.cases').where({ customer_id: customerId }).select('id', 'business_id', 'status', 'origin', 'applicant_id');
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: invited.id, business_id: invitedBusiness, status: 'OPEN', origin: 'INVITATION', applicant_id: who },
        { id: added.id, business_id: addedBusiness, status: 'OPEN', origin: 'ADDED', applicant_id: who },
        expect.objectContaining({ business_id: bare, status: 'OPEN', origin: 'ADDED', applicant_id: null }),
      ]),
    );
    await expect(db('cases.cases').where({ id: invited.id }).update({ status: 'INVITED' })).rejects.toThrow(/cases_status_check/);

    await caseDecisions.down(db);
    const back = await db('cases.cases').where({ customer_id: customerId }).select('id', 'status');
    expect(back.sort((a, b) => (a.status < b.status ? -1 : 1))).toEqual([
      { id: added.id, status: 'CREATED' },
      { id: invited.id, status: 'INVITED' },
    ]);
    await caseDecisions.up(db);
    for (const migration of later) await migration.up(db);
  });

  it("erases a tenant's reviewers' notes, the facts and the rule ids of its trail, and keeps who moved what when", async () => {
    const tenant = randomUUID();
    const business = await insertBusiness(db, { customerId: tenant, externalId: 'trail' });
    const [kase] = await db('cases.cases').insert({ customer_id: tenant, business_id: business, origin: 'ADDED', created_by: actor, updated_by: actor }).returning('id');
    await db('cases.case_transitions').insert({
      case_id: kase.id, customer_id: tenant, from_status: 'MANUAL_REVIEW', to_status: 'REJECTED', mover: 'reviewer', actor_id: actor,
      rule_ids: ['our-rule'], reason_code: 'SANCTIONS', note: 'Spoke to Jane Doe', facts: { 'business.state': { value: 'FL' } },
    });
    await db.raw('select cases.erase_customer(?::uuid)', [tenant]);
    expect(await db('cases.case_transitions').where({ case_id: kase.id }).first()).toMatchObject({
      from_status: 'MANUAL_REVIEW', to_status: 'REJECTED', mover: 'reviewer', actor_id: actor, reason_code: 'SANCTIONS', rule_ids: [], note: null, facts: null,
    });
  });
});
