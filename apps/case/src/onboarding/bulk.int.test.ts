import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import request from 'supertest';
import { enrichmentBatchJobId, enrichmentBatchQueue } from '@kyb/queues';
import { eventually } from '@kyb/testing';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

describe('bulk onboarding', () => {
  let t: CaseTestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startCaseTestApp();
    admin = t.keys.tokenFor({ role: 'ADMIN' });
  });
  afterAll(() => t.close());

  async function customer(limit: number | null = null): Promise<string> {
    const id = randomUUID();
    await t.customer({ id, monthly_onboarding_limit: limit, features: { PAT_120_ADD_BUSINESS: true } });
    return id;
  }
  const bulk = (customerId: string) => request(t.app).post(`/case/api/v1/businesses/customers/${customerId}/bulk`).set('Authorization', `Bearer ${admin}`);
  const count = async (customerId: string) =>
    Number((await t.db('cases.businesses').where({ customer_id: customerId }).count<Array<{ count: string }>>('* as count'))[0].count);

  it('stores every row of a JSON array and answers each created business by row index', async () => {
    const id = await customer();
    const res = await bulk(id)
      .send([{ name: 'One', tin: '111111111' }, { name: 'Two', external_id: 'T-2' }])
      .expect(200);
    expect(res.body.message).toBe('Bulk process succeeded');
    expect(Object.keys(res.body.data.result)).toEqual(['0', '1']);
    expect(res.body.data.result['0'].data_businesses).toMatchObject({ name: 'One', tin: 'XXXXX1111' });
    expect(res.body.data.result['1'].data_businesses).toMatchObject({ name: 'Two', external_id: 'T-2' });
    expect(await count(id)).toBe(2);
  });

  it("queues the request's businesses for enrichment once its answer is sent, in one batch of its run", async () => {
    const id = await customer();
    const res = await bulk(id).send([{ name: 'Queued One' }, { name: 'Queued Two' }]).expect(200);
    const businessIds = ['0', '1'].map((index) => res.body.data.result[index].data_businesses.id as string);
    const [runId] = await t.db('cases.onboarding_runs').where({ customer_id: id }).pluck('id');
    const queue = new Queue(enrichmentBatchQueue.name, { connection: t.redis, prefix: t.redisPrefix });
    try {
      expect((await eventually(() => queue.getJob(enrichmentBatchJobId(runId, 0)))).data).toEqual({ businessIds, customerId: id });
    } finally {
      await queue.close();
    }
  });

  it('reads CSV with a header row, typing numbers and booleans by column', async () => {
    const id = await customer();
    const csv = [
      'name,tin,is_monitoring_enabled,owner1_first_name,owner1_last_name,owner1_owner_type,owner1_ownership_percentage',
      'Csv Dental,222222222,true,Ann,Lee,CONTROL,100',
      '"Quoted, Inc.",,false,,,,',
    ].join('\n');
    const res = await bulk(id).set('Content-Type', 'text/csv').send(csv).expect(200);
    expect(res.body.data.result['0'].data_businesses).toMatchObject({ name: 'Csv Dental', is_monitoring_enabled: true, tin: 'XXXXX2222' });
    expect(res.body.data.result['0'].data_businesses.owners[0]).toMatchObject({ first_name: 'Ann', ownership_percentage: 100 });
    expect(res.body.data.result['1'].data_businesses).toMatchObject({ name: 'Quoted, Inc.', tin: null, is_monitoring_enabled: false });
  });

  it('refuses a CSV whose header names a column twice: every row fails, naming the column and its values there; nothing is stored', async () => {
    const id = await customer();
    const csv = ['name,tin,name,external_id,tin,,', 'First Name,111111111,Second Name,E-1,,,', 'Only Once,,,E-2,222222222,,'].join('\n');
    const res = await bulk(id).set('Content-Type', 'text/csv').send(csv).expect(400);
    const failed = (values: Record<string, string[]>) => ({
      message: 'Validation failed. Error details:',
      data: Object.entries(values).map(([column, value]) => ({ column, providedKey: column, value, reason: `The CSV header names the column ${column} more than once.` })),
    });
    expect(res.body).toEqual({
      status: 'fail',
      message: 'Bulk process had errors',
      errorCode: null,
      data: {
        runId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        failed_rows: { '0': failed({ name: ['First Name', 'Second Name'], tin: ['111111111', ''] }), '1': failed({ name: ['Only Once', ''], tin: ['', '222222222'] }) },
        result: {},
      },
    });
    // Queued for the worker, it is refused the same, before any run is kept.
    const queued = await request(t.app).post(`/case/api/v1/businesses/customers/${id}/bulk?async=true`).set('Authorization', `Bearer ${admin}`).set('Content-Type', 'text/csv').send(csv).expect(400);
    expect(queued.body.data.failed_rows['0'].data[0].column).toBe('name');
    expect(await count(id)).toBe(0);
    expect(await t.db('cases.onboarding_runs').where({ customer_id: id })).toEqual([]);
  });

  it('compares external ids as they are stored (trimmed): a blank-padded duplicate fails its row, not the request', async () => {
    const id = await customer();
    await bulk(id).send([{ name: 'First', external_id: 'E-9' }]).expect(200);
    const res = await bulk(id).send([{ name: 'Padded', external_id: ' E-9 ' }, { name: 'New', external_id: 'N-1' }, { name: 'New again', external_id: 'N-1  ' }]).expect(400);
    expect(Object.keys(res.body.data.failed_rows)).toEqual(['0', '2']);
    expect(res.body.data.failed_rows['0'].data[0]).toMatchObject({ column: 'external_id', value: ' E-9 ' });
    expect(res.body.data.failed_rows['2'].data[0].reason).toBe('The business external ID is used by another row of this run.');
    const blank = await bulk(id).send([{ name: 'Blank', external_id: '   ' }]).expect(400);
    expect(blank.body.data.failed_rows['0'].data[0].reason).toBe('row.external_id must match pattern "\\S"');
    expect(await count(id)).toBe(1);
  });

  it('stores nothing when any row fails, and lists every failed row by index', async () => {
    const id = await customer();
    const res = await bulk(id)
      .send([{ name: 'Good' }, { name: 'Bad phone', mobile: '10' }, { name: 'Dup', external_id: 'X' }, { name: 'Dup again', external_id: 'X' }, { tin: '1' }])
      .expect(400);
    expect(res.body.message).toBe('Bulk process had errors');
    expect(res.body.errorCode).toBeNull();
    expect(Object.keys(res.body.data.failed_rows)).toEqual(['1', '3', '4']);
    expect(res.body.data.failed_rows['1'].data[0].reason).toBe('Invalid phone number.');
    expect(res.body.data.failed_rows['3'].data[0].reason).toBe('The business external ID is used by another row of this run.');
    expect(res.body.data.failed_rows['4'].data[0]).toEqual({ column: 'name', providedKey: 'name', value: null, reason: "row must have required property 'name'" });
    expect(await count(id)).toBe(0);
  });

  it('refuses a run that would pass the monthly limit as a whole, with 400 OnboardingLimitError', async () => {
    const id = await customer(3);
    const res = await bulk(id).send([{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }]).expect(400);
    expect(res.body).toEqual({
      status: 'fail',
      message: 'Onboarding limit will be reached, check remaining limit count.',
      errorCode: 'INVALID',
      data: { errorName: 'OnboardingLimitError' },
    });
    await bulk(id).send([{ name: 'a' }, { name: 'b' }, { name: 'c' }]).expect(200);
    expect((await bulk(id).send([{ name: 'e' }]).expect(403)).body.message).toBe('Monthly onboarding limit exhausted.');
  });

  it.each([
    ['an object instead of rows', { name: 'x' }, 'body must be a JSON array of rows or CSV text (Content-Type: text/csv)'],
    ['no rows', [], 'body must have at least 1 row'],
    ['a row that is not an object', [{ name: 'a' }, 'b'], 'body/1 must be object'],
  ])('answers %s with 400 ValidationMiddlewareError', async (_case, body, message) => {
    const id = await customer();
    expect((await bulk(id).send(body as object).expect(400)).body).toEqual({
      status: 'fail',
      message,
      errorCode: 'INVALID',
      data: { errorName: 'ValidationMiddlewareError' },
    });
  });

  it('authenticates before it reads a large body: no token answers 401 even for a body it could not parse', async () => {
    const id = await customer();
    const path = `/case/api/v1/businesses/customers/${id}/bulk`;
    const broken = `[${'{"name":"x"},'.repeat(20000)}`; // about 260 kB, and not JSON
    const anonymous = await request(t.app).post(path).set('Content-Type', 'application/json').send(broken).expect(401);
    expect(anonymous.body.data.errorName).toBe('AuthenticationMiddlewareError');
    const forged = await request(t.app).post(path).set('Authorization', 'Bearer not-a-token').set('Content-Type', 'application/json').send(broken);
    expect(forged.status).toBe(401);
    // With a token the same body is read, and refused as malformed JSON.
    await bulk(id).set('Content-Type', 'application/json').send(broken).expect(400);
    // Without a body, the method check still comes first.
    await request(t.app).get(path).expect(405);
  });

  it('answers malformed CSV and more than 1,000 rows with 400', async () => {
    const id = await customer();
    const bad = await bulk(id).set('Content-Type', 'text/csv').send('name,tin\n"unclosed,1\n').expect(400);
    expect(bad.body.message).toMatch(/^body is not valid CSV: /);
    const many = await bulk(id).send(Array.from({ length: 1001 }, (_, i) => ({ name: `n${i}` }))).expect(400);
    expect(many.body.message).toBe('body must have at most 1000 rows');
  });

  it('stores a 1,000-row run in one request', async () => {
    const id = await customer();
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      name: `Business ${i}`,
      external_id: `E-${i}`,
      tin: String(100000000 + i),
      owner1_first_name: 'Ann',
      owner1_last_name: 'Lee',
      owner1_owner_type: 'CONTROL',
      owner1_ownership_percentage: 100,
    }));
    const outboxInserts: string[] = [];
    const listen = (query: { sql: string }) => (query.sql.includes('outbox_events') ? outboxInserts.push(query.sql) : undefined);
    t.db.on('query', listen);
    let res: request.Response;
    try {
      res = await bulk(id).send(rows).expect(200);
    } finally {
      t.db.off('query', listen);
    }
    expect(Object.keys(res.body.data.result)).toHaveLength(1000);
    expect(await count(id)).toBe(1000);
    expect(Number((await t.db('cases.owners').count<Array<{ count: string }>>('* as count'))[0].count)).toBeGreaterThanOrEqual(1000);
    // One business.created per business, all written by one statement.
    const announced = await t.db('cases.outbox_events').where({ customer_id: id, type: 'business.created' }).pluck('data');
    expect(announced.map((data: { business_id: string }) => data.business_id).sort()).toEqual(
      Object.values(res.body.data.result as Record<string, { data_businesses: { id: string } }>).map((r) => r.data_businesses.id).sort(),
    );
    expect(outboxInserts).toHaveLength(1);
  });
});
