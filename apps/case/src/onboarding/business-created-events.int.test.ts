import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/** `business.created` is written in the transaction that stores the business: kept with it, never without it. */
describe('business.created events of E12 and bulk', () => {
  let t: CaseTestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startCaseTestApp();
    admin = t.keys.tokenFor({ role: 'ADMIN' });
  });
  afterAll(() => t.close());

  async function customer(options: { limit?: number | null; enabled?: boolean } = {}): Promise<string> {
    const id = randomUUID();
    await t.customer({ id, monthly_onboarding_limit: options.limit ?? null, features: { PAT_120_ADD_BUSINESS: options.enabled ?? true } });
    return id;
  }
  const add = (customerId: string, body: object, path = '') =>
    request(t.app).post(`/case/api/v1/businesses/customers/${customerId}${path}`).set('Authorization', `Bearer ${admin}`).send(body);
  const events = (customerId: string) =>
    t.db('cases.outbox_events').where({ customer_id: customerId }).orderBy('seq').select<Array<{ type: string; data: Record<string, unknown> }>>('type', 'data');
  const businessIds = async (customerId: string) => (await t.db('cases.businesses').where({ customer_id: customerId }).pluck('id')).sort();

  it('E12 writes one business.created carrying only the business and customer ids', async () => {
    const id = await customer();
    const res = await add(id, {
      name: 'Evented Dental',
      tin: '333444685',
      owner1_first_name: 'Ann',
      owner1_last_name: 'Lee',
      owner1_email: 'ann.lee@example.org',
      owner1_ssn: '123-45-6789',
      owner1_owner_type: 'CONTROL',
      owner1_ownership_percentage: 100,
    }).expect(200);
    const businessId = res.body.data.result['0'].data_businesses.id;
    const written = await events(id);
    expect(written).toEqual([{ type: 'business.created', data: { customer_id: id, business_id: businessId } }]);
    expect(Object.keys(written[0].data).sort()).toEqual(['business_id', 'customer_id']);
    // The ids taken out first: a random UUID may hold four digits of the TIN or SSN (it once held 4685).
    const withoutIds = JSON.stringify(written).split(businessId).join('').split(id).join('');
    expect(withoutIds).not.toMatch(/333444685|4685|6789|Evented|Ann|Lee|ann\.lee/);
  });

  it('bulk writes one event per created business, in one statement', async () => {
    const id = await customer();
    const statements: string[] = [];
    const listen = (query: { sql: string }) => statements.push(query.sql);
    t.db.on('query', listen);
    let res: request.Response;
    try {
      res = await add(id, [{ name: 'One', tin: '111111111' }, { name: 'Two' }, { name: 'Three', external_id: 'T-3' }], '/bulk').expect(200);
    } finally {
      t.db.off('query', listen);
    }
    const created = ['0', '1', '2'].map((row) => res.body.data.result[row].data_businesses.id as string);
    const written = await events(id);
    expect(written.map((e) => e.type)).toEqual(['business.created', 'business.created', 'business.created']);
    expect(written.map((e) => e.data.business_id).sort()).toEqual([...created].sort());
    expect(written.map((e) => e.data.business_id).sort()).toEqual(await businessIds(id));
    for (const event of written) expect(event.data).toEqual({ customer_id: id, business_id: event.data.business_id });
    expect(statements.filter((sql) => sql.includes('outbox_events'))).toHaveLength(1);
  });

  it('a bulk with a failing row, or refused by the monthly limit, writes none', async () => {
    const id = await customer({ limit: 2 });
    await add(id, [{ name: 'Good' }, { name: 'Bad phone', mobile: '10' }], '/bulk').expect(400);
    await add(id, [{ name: 'a' }, { name: 'b' }, { name: 'c' }], '/bulk').expect(400);
    expect(await businessIds(id)).toEqual([]);
    expect(await events(id)).toEqual([]);
  });

  it('an E12 refused (feature off, invalid row) writes none', async () => {
    const off = await customer({ enabled: false });
    await add(off, { name: 'Not Enabled' }).expect(405);
    const on = await customer();
    await add(on, { name: 'Bad', owner1_first_name: 'A', owner1_last_name: 'B', owner1_owner_type: 'CONTROL', owner1_ownership_percentage: 40 }).expect(400);
    expect(await events(off)).toEqual([]);
    expect(await events(on)).toEqual([]);
  });

  it('keeps no event when the transaction fails after the businesses and their events were written', async () => {
    const id = await customer();
    // Opening the case comes after the businesses are inserted, in the same transaction; make it fail there.
    await t.db.raw(`create function cases.refuse_case() returns trigger language plpgsql as $$ begin raise exception 'case refused'; end $$`);
    await t.db.raw('create trigger refuse_case before insert on cases.cases for each row execute function cases.refuse_case()');
    try {
      const row = { name: 'Rolled Back', applicant_first_name: 'Pat', applicant_last_name: 'Doe', applicant_email: 'pat.doe@example.org' };
      await add(id, [row, { ...row, name: 'Rolled Back Two' }], '/bulk').expect(500);
      await add(id, row).expect(500);
    } finally {
      await t.db.raw('drop trigger refuse_case on cases.cases');
      await t.db.raw('drop function cases.refuse_case()');
    }
    expect(await businessIds(id)).toEqual([]);
    expect(await events(id)).toEqual([]);
  });

  it('an Idempotency-Key replay stores and announces nothing again', async () => {
    const id = await customer();
    const key = randomUUID();
    const first = await add(id, { name: 'Once Only' }).set('Idempotency-Key', key).expect(200);
    const again = await add(id, { name: 'Once Only' }).set('Idempotency-Key', key).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await events(id)).toEqual([{ type: 'business.created', data: { customer_id: id, business_id: first.body.data.result['0'].data_businesses.id } }]);
  });

  async function finishedRun(customerId: string, rows: object[]) {
    const res = await add(customerId, rows, '/bulk?async=true').expect(200);
    for (let i = 0; i < 100; i += 1) {
      const run = await t.db('cases.onboarding_runs').where({ id: res.body.data.runId }).first<{ status: string; business_ids: string[] | null }>('status', 'business_ids');
      if (run && run.status !== 'PENDING') return run;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the run did not finish');
  }

  it('async=true bulk: the worker that stores the run writes one event per business; a run that fails writes none', async () => {
    const id = await customer();
    const run = await finishedRun(id, [{ name: 'Later One' }, { name: 'Later Two' }]);
    expect(run.status).toBe('SUCCEEDED');
    const written = await events(id);
    expect(written.map((e) => e.data).sort((a, b) => String(a.business_id).localeCompare(String(b.business_id)))).toEqual(
      [...(run.business_ids ?? [])].sort().map((businessId) => ({ customer_id: id, business_id: businessId })),
    );
    const failing = await customer();
    expect((await finishedRun(failing, [{ name: 'Fine' }, { name: 'Bad phone', mobile: '10' }])).status).toBe('FAILED');
    expect(await events(failing)).toEqual([]);
  });
});
