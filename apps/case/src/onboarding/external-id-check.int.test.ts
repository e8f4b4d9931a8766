import { randomUUID } from 'node:crypto';
import { createDatabase } from '@kyb/db';
import { queryPlanOf } from '@kyb/testing';
import { createPgOnboardingStore } from './onboarding.store';
import { insertBusiness, startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/** The external-id check every add runs before its insert: what it finds, and that it probes the unique index whatever the statistics say. */
describe('the external-id check of an add', () => {
  let t: CaseTestApp;
  const store = createPgOnboardingStore();
  const customerId = randomUUID();
  const otherCustomerId = randomUUID();

  beforeAll(async () => {
    t = await startCaseTestApp();
    // A table grown without being analyzed since (a fresh one, or one whose autovacuum is off or has
    // not come round yet): the planner has no statistics of the customer's businesses.
    const actor = randomUUID();
    await t.db.raw(
      `insert into cases.businesses (id, customer_id, name, external_id, created_by, updated_by)
       select gen_random_uuid(), ?, 'Grown ' || n, 'grown-' || n, ?, ? from generate_series(1, 1000) as n`,
      [customerId, actor, actor],
    );
  });
  afterAll(() => t.close());

  it("finds the customer's businesses holding the ids, not another tenant's and not deleted ones", async () => {
    const otherId = await insertBusiness(t.db, { customerId: otherCustomerId, externalId: 'shared' });
    const mineId = await insertBusiness(t.db, { customerId, externalId: 'shared' });
    const deletedId = await insertBusiness(t.db, { customerId, externalId: 'gone' });
    await t.db('cases.businesses').where({ id: deletedId }).update({ deleted_at: new Date(), deleted_by: randomUUID() });
    const grown = await t.db('cases.businesses').where({ customer_id: customerId, external_id: 'grown-7' }).first('id');

    const found = await store.businessesByExternalId(t.db, customerId, ['shared', 'gone', 'grown-7', 'grown-7', 'absent']);

    expect([...found.entries()].sort()).toEqual([
      ['grown-7', grown.id],
      ['shared', mineId],
    ]);
    expect([...(await store.businessesByExternalId(t.db, otherCustomerId, ['shared', 'grown-7'])).entries()]).toEqual([['shared', otherId]]);
    expect((await store.businessesByExternalId(t.db, customerId, [])).size).toBe(0);
  });

  it('probes the unique index by customer and external id, never reading the customer\'s businesses through a filter', async () => {
    const plan = await queryPlanOf(t.db, () => store.businessesByExternalId(t.db, customerId, ['grown-1', 'grown-2']));

    expect(plan).toContain('businesses_customer_external_id');
    expect(plan).toMatch(/Index Cond: \(\(customer_id = .+\) AND \(external_id = /);
    expect(plan).not.toMatch(/Filter: .*external_id/);
  });

  it('is planned on every run, never prepared: a generic plan made while the table was small would be kept as it grows', async () => {
    // One connection whose cache names a text from its first run: what it prepared can be read back on it.
    const { connectionString } = t.db.client.config.connection as { connectionString: string };
    const one = createDatabase({ url: connectionString, applicationName: 'external-id-check-test', pool: { max: 1 }, statementCache: { threshold: 1 } });
    const prepared = async () => ((await one.raw('select statement from pg_prepared_statements')).rows as Array<{ statement: string }>).map((s) => s.statement);
    try {
      for (let n = 0; n < 8; n += 1) expect((await store.businessesByExternalId(one, customerId, ['grown-3'])).size).toBe(1);
      expect((await prepared()).some((statement) => statement.includes('unnest'))).toBe(false);
      // The same connection prepares a read that is not marked.
      await one('cases.businesses').where({ customer_id: customerId, external_id: 'grown-3' }).first('id');
      expect((await prepared()).some((statement) => statement.includes('"external_id" = $2'))).toBe(true);
    } finally {
      await one.destroy();
    }
  });
});
