import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventually } from '@kyb/testing';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/** E12 and bulk stored in one statement when no row needs the add's transaction (ADR 0037). */
describe('an add stored in one statement', () => {
  let t: CaseTestApp;
  const admin = () => t.keys.tokenFor({ role: 'ADMIN' });

  beforeAll(async () => {
    t = await startCaseTestApp({ workers: false });
  });
  afterAll(() => t.close());

  async function newCustomer(limit: number | null = null): Promise<string> {
    const id = randomUUID();
    await t.customer({ id, monthly_onboarding_limit: limit, features: { PAT_120_ADD_BUSINESS: true } });
    return id;
  }
  const add = (customerId: string, body: object) =>
    request(t.app).post(`/case/api/v1/businesses/customers/${customerId}`).set('Authorization', `Bearer ${admin()}`).send(body);
  const bulk = (customerId: string, rows: object[]) =>
    request(t.app).post(`/case/api/v1/businesses/customers/${customerId}/bulk`).set('Authorization', `Bearer ${admin()}`).send(rows);
  const count = async (table: string, where: Record<string, unknown>) =>
    Number((await t.db(table).where(where).count<Array<{ count: string }>>('* as count'))[0].count);
  const usage = async (customerId: string) => (await t.db('cases.onboarding_usage').where({ customer_id: customerId }).first())?.used ?? 0;

  /** Whether `sql` is the transaction's read of the customer's businesses by external id. */
  const readsExternalIds = (sql: string) => sql.includes('as wanted("external_id")');

  /** The SQL texts `t.db` sends while `work` runs. */
  async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
    const sent: string[] = [];
    const listener = (query: { sql: string }) => sent.push(query.sql);
    t.db.on('query', listener);
    try {
      await work();
    } finally {
      t.db.off('query', listener);
    }
    return sent;
  }

  it('counts the usage and inserts the business, its parts and its run in one statement, with no external-id read and no transaction', async () => {
    const customerId = await newCustomer(10);
    const sent = await statementsOf(() =>
      add(customerId, { name: 'At Once', external_id: 'once-1', owner1_first_name: 'Ann', owner1_last_name: 'Lee', owner1_owner_type: 'CONTROL', owner1_ownership_percentage: 100 }).expect(200),
    );
    const writes = sent.filter((sql) => /insert into "cases"\."(onboarding_usage|businesses|owners|onboarding_runs)"/.test(sql));
    expect(writes).toHaveLength(1);
    for (const table of ['onboarding_usage', 'businesses', 'owners', 'onboarding_runs']) expect(writes[0]).toContain(`insert into "cases"."${table}"`);
    expect(sent.some(readsExternalIds)).toBe(false);
    expect(sent.some((sql) => /^begin/i.test(sql.trim()))).toBe(false);
    expect(await usage(customerId)).toBe(1);
    expect(await count('cases.businesses', { customer_id: customerId, external_id: 'once-1' })).toBe(1);
    expect(await count('cases.owners', { first_name: 'Ann', last_name: 'Lee' })).toBeGreaterThanOrEqual(1);
  });

  it('takes the transaction for a row that names an applicant, and for a dry run', async () => {
    const customerId = await newCustomer();
    const withApplicant = await statementsOf(() =>
      add(customerId, { name: 'With Applicant', external_id: 'applied-1', applicant_first_name: 'Jo', applicant_last_name: 'Doe', applicant_email: 'jo.doe@example.com' }).expect(200),
    );
    expect(withApplicant.some(readsExternalIds)).toBe(true);
    expect(await count('cases.cases', { customer_id: customerId })).toBe(1);
    const dryRun = await statementsOf(() =>
      request(t.app).post(`/case/api/v1/businesses/customers/${customerId}?dry_run=true`).set('Authorization', `Bearer ${admin()}`).send({ name: 'Dry', external_id: 'dry-1' }).expect(200),
    );
    expect(dryRun.some(readsExternalIds)).toBe(true);
    expect(await count('cases.businesses', { customer_id: customerId })).toBe(1);
    expect(await usage(customerId)).toBe(1);
  });

  it('a row whose external id is stored already is refused as before, with the existing business, and nothing is counted or stored', async () => {
    const customerId = await newCustomer(5);
    const first = (await add(customerId, { name: 'First', external_id: 'taken-1' }).expect(200)).body.data.result['0'].data_businesses.id;
    const res = await add(customerId, { name: 'Second', external_id: ' taken-1' }).expect(400);
    expect(res.body.data.failed_rows['0'].data).toEqual([
      {
        column: 'external_id',
        providedKey: 'external_id',
        value: ' taken-1',
        reason: `The business external ID already exists for this customer (business ID: ${first})`,
        existing_business_id: first,
      },
    ]);
    expect(await usage(customerId)).toBe(1);
    expect(await count('cases.businesses', { customer_id: customerId })).toBe(1);
    expect(await count('cases.onboarding_runs', { customer_id: customerId })).toBe(1);
  });

  it('an external id another add holds uncommitted: the add waits for it, and once it commits answers the duplicate, storing nothing', async () => {
    const customerId = await newCustomer();
    const held = (await add(customerId, { name: 'Held', external_id: 'held-a' }).expect(200)).body.data.result['0'].data_businesses.id;
    const trx = await t.db.transaction();
    try {
      // (pg_stat_activity keeps a statement's first kilobyte: the add's statement is known by its start.)
      // The held business takes the external id the add will ask for, uncommitted: the unique index makes the add wait on it.
      await trx('cases.businesses').where({ id: held }).update({ external_id: 'held-b' });
      const pending = add(customerId, { name: 'Late', external_id: 'held-b' }).then((r) => r);
      await eventually(async () => {
        const { rows } = await t.db.raw<{ rows: unknown[] }>(
          "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'with taken_usage as %'",
        );
        return rows.length === 1 ? true : undefined;
      });
      await trx.commit();
      const res = await pending;
      expect(res.status).toBe(400);
      expect(res.body.data.failed_rows['0'].data[0]).toMatchObject({ column: 'external_id', existing_business_id: held });
    } finally {
      if (!trx.isCompleted()) await trx.rollback();
    }
    expect(await count('cases.businesses', { customer_id: customerId })).toBe(1);
    expect(await usage(customerId)).toBe(1);
  });

  it('concurrent adds of one external id store it once; the others answer the duplicate', async () => {
    const customerId = await newCustomer();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => add(customerId, { name: `Racer ${i}`, external_id: 'race-1' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const stored = (await t.db('cases.businesses').where({ customer_id: customerId }).select('id')).map((r: { id: string }) => r.id);
    expect(stored).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(refused.body.data.failed_rows['0'].data[0]).toMatchObject({ column: 'external_id', existing_business_id: stored[0] });
    }
    expect(await usage(customerId)).toBe(1);
  });

  it('concurrent bulks past the limit: the statement holds it, the refused get the limit errors, their usage and rows undone', async () => {
    const customerId = await newCustomer(4);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => bulk(customerId, [{ name: `Bulk ${i} a` }, { name: `Bulk ${i} b` }])));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.body.data.errorName).toBe('OnboardingLimitError');
      expect(['Monthly onboarding limit exhausted.', 'Onboarding limit will be reached, check remaining limit count.']).toContain(refused.body.message);
    }
    expect(await usage(customerId)).toBe(4);
    expect(await count('cases.businesses', { customer_id: customerId })).toBe(4);
    expect(await count('cases.onboarding_runs', { customer_id: customerId })).toBe(2);
  });

  it('the guard answers the usage within the limit or unlimited, and raises KB001 past it', async () => {
    const within = async (used: number, limit: number | null) =>
      (await t.db.raw<{ rows: Array<{ used: number }> }>('select cases.onboarding_usage_within(?::integer, ?::integer) as used', [used, limit])).rows[0].used;
    expect(await within(5, 5)).toBe(5);
    expect(await within(900, null)).toBe(900);
    await expect(within(6, 5)).rejects.toMatchObject({ code: 'KB001' });
  });
});
