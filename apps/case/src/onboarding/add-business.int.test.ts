import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import request from 'supertest';
import { eventually } from '@kyb/testing';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

// A copy of ../shared/reference/samples/add-business.response.200.json.
const sample = JSON.parse(readFileSync(join(__dirname, '../test-support/samples/add-business.response.200.json'), 'utf8'));
const fail = (status: number, errorCode: string | null, message: string, errorName: string) => ({
  status,
  body: { status: 'fail', message, errorCode, data: { errorName } },
});

describe('E12 add a business (contract 7.1)', () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    t = await startCaseTestApp();
    await t.customer({ id: customerId, features: { PAT_120_ADD_BUSINESS: true } });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['businesses:create', 'businesses:read'] });
  });
  afterAll(() => t.close());

  const add = (body: object, token: string | null = owner, customer: string = customerId) => {
    const req = request(t.app).post(`/case/api/v1/businesses/customers/${customer}`);
    return (token === null ? req : req.set('Authorization', `Bearer ${token}`)).send(body);
  };
  const answer = async (res: request.Test) => {
    const r = await res;
    return { status: r.status, body: r.body };
  };

  it('stores the business with its owners, TIN and SSN sealed, and answers the created business masked', async () => {
    const res = await add({
      name: 'Test Business',
      external_id: '77388994455034',
      tin: '333444685',
      mobile: '(123) 123-1234'.replace('(123) 123', '(415) 555'),
      address_line_1: '1234 Testing Blvd.',
      address_city: 'Longwood',
      address_state: 'FL',
      address_postal_code: '32850',
      dba1_name: 'TB Dental',
      is_monitoring_enabled: true,
      owner1_first_name: 'Ann',
      owner1_last_name: 'Lee',
      owner1_title: 'Owner',
      owner1_ssn: '123-45-6789',
      owner1_owner_type: 'CONTROL',
      owner1_ownership_percentage: 100,
    }).expect(200);
    expect(res.body.status).toBe('success');
    expect(res.body.message).toBe('Bulk process succeeded');
    expect(res.body.data.runId).toMatch(/^[0-9a-f-]{36}$/);
    const created = res.body.data.result['0'];
    expect(created.data_businesses).toMatchObject({
      name: 'Test Business',
      tin: 'XXXXX4685',
      mobile: '+14155551234',
      address_country: 'US',
      external_id: '77388994455034',
      is_monitoring_enabled: true,
      business_names: [
        { name: 'Test Business', is_primary: true },
        { name: 'TB Dental', is_primary: false },
      ],
    });
    expect(created.data_businesses.owners[0]).toMatchObject({ first_name: 'Ann', ssn: 'XXXXX6789', title: { id: '1', title: 'Owner' }, ownership_percentage: 100 });
    expect(created.integration_data.tin).toBe('XXXXX4685');
    expect(created.integration_data.owner1_ssn).toBe('XXXXX6789');
    // The strict comparison with the published body is in add-business-shape.int.test.ts.
    expect(Object.keys(created).sort()).toEqual(Object.keys(sample.data.result['0']).sort());
    expect(JSON.stringify(res.body)).not.toMatch(/333444685|123-?45-?6789/);

    const stored = await t.db('cases.businesses').where({ id: created.data_businesses.id }).first();
    expect(stored.tin_sealed).not.toContain('333444685');
    expect(stored.tin_lookup).toMatch(/^[0-9a-f]{64}$/);
    const ssnSealed = (await t.db('cases.owners').where({ business_id: stored.id }).first()).ssn_sealed as string;
    expect(ssnSealed).not.toContain('6789');
    // Both sealed with the customer's data key, which each value names (ADR 0023).
    const [customerKey] = await t.db('auth.data_key_directory').where({ scope: `customer:${customerId}` }).pluck('id');
    for (const sealed of [stored.tin_sealed, ssnSealed]) expect(sealed.startsWith(`d1.${customerKey}.`)).toBe(true);
    expect(await t.open(stored.tin_sealed)).toBe('333444685');
    expect(await t.open(ssnSealed)).toBe('123456789');

    const queue = new Queue('business-enrichment', { connection: t.redis, prefix: t.redisPrefix });
    // Queued once the gatherer's window passes (no other business of the customer came), alone as a single job.
    expect((await eventually(() => queue.getJob(`enrich-${stored.id}`))).data).toEqual({ businessId: stored.id, customerId });
    await queue.close();
  });

  it('stores one business in a short transaction: its usage counted in one statement, then its run, records, event and act in one more', async () => {
    const statements: string[] = [];
    const listen = (query: { sql: string }) => void statements.push(query.sql);
    t.db.on('query', listen);
    try {
      const row = { name: 'Few Statements Co', dba1_name: 'FSC', address_line_1: '1 Main St', address_city: 'Longwood', address_state: 'FL', address_postal_code: '32850' };
      await add({ ...row, owner1_first_name: 'Ann', owner1_last_name: 'Lee', owner1_owner_type: 'CONTROL', owner1_ownership_percentage: 100 }).expect(200);
    } finally {
      t.db.removeListener('query', listen);
    }
    const writing = (table: string) => statements.filter((sql) => new RegExp(`(insert into|update) "cases"."${table}"`).test(sql));
    expect(writing('onboarding_usage')).toHaveLength(1);
    expect(writing('onboarding_runs')).toHaveLength(1);
    const records = statements.filter((sql) => sql.includes('insert into "cases"."businesses"'));
    expect(records).toHaveLength(1);
    // The run, the business's rows, its event and the act: one statement (ADR 0037).
    for (const part of ['onboarding_runs', 'business_names', 'business_addresses', 'owners', 'outbox_events']) expect(records[0]).toContain(`insert into "cases"."${part}"`);
    expect(records[0]).toContain('insert into cases.audit_outbox');
    expect(statements.filter((sql) => /insert into "?cases"?\."?(outbox_events|audit_outbox)/.test(sql))).toHaveLength(1);
    const [business] = await t.db('cases.businesses').where({ customer_id: customerId, name: 'Few Statements Co' });
    expect(await t.db('cases.business_names').where({ business_id: business.id }).pluck('name')).toEqual(['Few Statements Co', 'FSC']);
    expect(await t.db('cases.owners').where({ business_id: business.id }).pluck('first_name')).toEqual(['Ann']);
    expect(await t.db('cases.onboarding_runs').where({ id: business.run_id }).first()).toMatchObject({ status: 'SUCCEEDED', business_ids: [business.id] });
  });

  it('row 2: another method gives 405', async () => {
    const res = await request(t.app).get(`/case/api/v1/businesses/customers/${customerId}`).expect(405);
    expect(res.body).toEqual(fail(405, 'NOT_ALLOWED', 'Method Not Allowed', 'MethodNotAllowedError').body);
  });

  it('row 3: no Authorization header gives 401 (part 5)', async () => {
    expect(await answer(add({ name: 'X' }, null))).toEqual(
      fail(401, 'UNAUTHENTICATED', 'Authorization header not present', 'AuthenticationMiddlewareError'),
    );
  });

  it('row 4: an APPLICANT gets 401 Role Not Allowed', async () => {
    expect(await answer(add({ name: 'X' }, t.keys.tokenFor({ role: 'APPLICANT', customerId })))).toEqual(
      fail(401, 'UNAUTHORIZED', 'Role Not Allowed', 'RoleMiddlewareError'),
    );
  });

  it('row 5: with PAT_120_ADD_BUSINESS off, 405 with an empty data object', async () => {
    const off = randomUUID();
    await t.customer({ id: off, features: { PAT_120_ADD_BUSINESS: false } });
    const res = await add({ name: 'X' }, t.keys.tokenFor({ role: 'ADMIN' }), off).expect(405);
    expect(res.body).toEqual({
      status: 'fail',
      message: 'This feature has not been enabled.',
      errorCode: 'NOT_ALLOWED',
      erroCode: 'NOT_ALLOWED',
      data: {},
    });
  });

  it('row 6: with the monthly limit used up, 403 Monthly onboarding limit exhausted; it resets next month', async () => {
    const limited = randomUUID();
    await t.customer({ id: limited, monthly_onboarding_limit: 1, features: { PAT_120_ADD_BUSINESS: true } });
    // The area's clock also judges token expiry: this token lives long enough to cross the month.
    const admin = t.keys.tokenFor({ role: 'ADMIN' }, 60 * 24 * 3600);
    t.clock.set(new Date('2026-11-30T23:59:00Z'));
    try {
      await add({ name: 'First' }, admin, limited).expect(200);
      expect(await answer(add({ name: 'Second' }, admin, limited))).toEqual(
        fail(403, 'NOT_ALLOWED', 'Monthly onboarding limit exhausted.', 'OnboardingLimitError'),
      );
      t.clock.set(new Date('2026-12-01T00:00:30Z'));
      await add({ name: 'Second' }, admin, limited).expect(200);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('holds the limit under concurrency: with a limit of 5 and 20 requests at once, exactly 5 businesses exist', async () => {
    const busy = randomUUID();
    await t.customer({ id: busy, monthly_onboarding_limit: 5, features: { PAT_120_ADD_BUSINESS: true } });
    const admin = t.keys.tokenFor({ role: 'ADMIN' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => add({ name: `Concurrent ${i}` }, admin, busy)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(15);
    expect(await t.db('cases.businesses').where({ customer_id: busy }).count<Array<{ count: string }>>('* as count')).toEqual([{ count: '5' }]);
  });

  it('row 8: a CUSTOMER of another tenant gets 403', async () => {
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID(), permissions: ['businesses:create'] });
    expect(await answer(add({ name: 'X' }, stranger))).toEqual(
      fail(403, 'UNAUTHORIZED', 'You are not allowed to access the data.', 'AccessMiddlewareError'),
    );
  });

  it.each([
    ['a missing name', {}, "body must have required property 'name'"],
    ['a bad tin', { name: 'X', tin: '12345' }, `body.tin must match pattern "^(\\d{9}|\\d{2}-\\d{7}|\\d{3}-\\d{2}-\\d{4}|\\d{10}|[A-Z]{2}\\d{6}|\\d{8}|GB\\d{9}|GB\\d{12})$"`],
    ['a bad owner email', { name: 'X', owner1_email: 'nope' }, 'body.owner1_email must match format "email"'],
    ['an extra field', { name: 'X', favourite_colour: 'red' }, "body must NOT have additional properties: 'favourite_colour'"],
    ['a NUL character', { name: 'a\u0000b' }, 'body.name must not contain NUL characters'],
    ['a website that is not http(s)', { name: 'X', official_website: 'javascript:alert(1)' }, 'body.official_website must match pattern "^https?://"'],
    ['a percentage that is not a number', { name: 'X', owner1_ownership_percentage: '50' }, 'body.owner1_ownership_percentage must be number'],
  ])('row 1: %s gives 400 ValidationMiddlewareError', async (_case, body, message) => {
    expect(await answer(add(body))).toEqual(fail(400, 'INVALID', message, 'ValidationMiddlewareError'));
  });

  it('row 1: a customerID that is not a UUID gives 400 to an ADMIN', async () => {
    expect(await answer(add({ name: 'X' }, t.keys.tokenFor({ role: 'ADMIN' }), 'not-a-uuid'))).toEqual(
      fail(400, 'INVALID', 'params.customerID must match format "uuid"', 'ValidationMiddlewareError'),
    );
  });

  it('accepts nine TIN digits with or without dashes (EIN and SSN forms) and the UK TIN formats', async () => {
    for (const tin of ['12-3456789', '123-45-6789', '1234567890', 'SC123456', 'GB123456789']) await add({ name: `TIN ${tin}`, tin }).expect(200);
    for (const tin of ['1234-56789', '12-345-6789']) await add({ name: `Bad TIN ${tin}`, tin }).expect(400);
  });

  it('row 9: failed rows list every failure, with the existing business of a duplicate external id, and store nothing', async () => {
    const first = await add({ name: 'Original', external_id: 'dup-1' }).expect(200);
    const existingId = first.body.data.result['0'].data_businesses.id;
    const before = await t.db('cases.businesses').where({ customer_id: customerId }).count<Array<{ count: string }>>('* as count');
    const res = await add({ name: 'Copy', external_id: 'dup-1', mobile: '10', owner1_first_name: 'A', owner1_last_name: 'B', owner1_owner_type: 'CONTROL', owner1_ownership_percentage: 104 }).expect(400);
    expect(res.body).toEqual({
      status: 'fail',
      message: 'Bulk process had errors',
      errorCode: null,
      data: {
        runId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        failed_rows: {
          '0': {
            message: 'Validation failed. Error details:',
            data: [
              { column: 'mobile', providedKey: 'mobile', value: '10', reason: 'Invalid phone number.' },
              {
                column: 'external_id',
                providedKey: 'external_id',
                value: 'dup-1',
                reason: `The business external ID already exists for this customer (business ID: ${existingId})`,
                existing_business_id: existingId,
              },
              {
                column: 'owner1_ownership_percentage',
                providedKey: 'owner1_ownership_percentage',
                value: 104,
                reason: 'Owner1 Ownership Percentage must be a number between 0 and 100.',
              },
              { column: 'ownership_percentage', providedKey: 'ownership_percentage', value: 104, reason: 'Owner ownership percentages must add up to 100 (they add up to 104).' },
            ],
          },
        },
        result: {},
      },
    });
    expect(await t.db('cases.businesses').where({ customer_id: customerId }).count<Array<{ count: string }>>('* as count')).toEqual(before);
  });

  it('opens a case without an applicant for a business whose row names none, in the one statement and in a transaction alike', async () => {
    const alone = await add({ name: 'No Applicant' }).expect(200);
    const [opened] = alone.body.data.result['0'].data_cases;
    expect(opened).toMatchObject({ status: 3, case_type: 1, applicant_id: null, assignee: null, business_id: alone.body.data.result['0'].data_businesses.id });
    expect(await t.db('cases.cases').where({ id: opened.id }).first()).toMatchObject({ status: 'OPEN', origin: 'ADDED', applicant_id: null });
    const dry = await request(t.app).post(`/case/api/v1/businesses/customers/${customerId}?dry_run=true`).set('Authorization', `Bearer ${owner}`).send({ name: 'Dry No Applicant' }).expect(200);
    expect(dry.body.data.result['0'].data_cases).toEqual([expect.objectContaining({ status: 3, applicant_id: null })]);
    expect(await t.db('cases.cases').where({ id: dry.body.data.result['0'].data_cases[0].id })).toHaveLength(0);
  });

  it('row 10: an applicant_id that is not an applicant of the customer gives 404, and nothing is stored', async () => {
    const res = await add({ name: 'Orphan', applicant_id: randomUUID() }).expect(404);
    expect(res.body).toEqual({ status: 'fail', message: 'Applicant not found', errorCode: 'NOT_FOUND', data: { errorName: 'BusinessApiError' } });
    expect(await t.db('cases.businesses').where({ name: 'Orphan' })).toHaveLength(0);
  });

  it("opens a case for the applicant given by details (created, then reused by email) or by id", async () => {
    const first = await add({ name: 'With Applicant', applicant_first_name: 'Ann', applicant_last_name: 'Lee', applicant_email: 'ann@example.org' }).expect(200);
    const [created] = first.body.data.result['0'].data_cases;
    // The published integers: status 3 (added), case_type 1 (an onboarding case); the cases endpoints show the decision state.
    expect(created).toMatchObject({ status: 3, case_type: 1, customer_id: customerId, business_id: first.body.data.result['0'].data_businesses.id });
    expect(await t.db('cases.cases').where({ id: created.id }).first()).toMatchObject({ status: 'OPEN', origin: 'ADDED' });
    expect(await t.db('cases.case_transitions').where({ case_id: created.id })).toEqual([
      expect.objectContaining({ from_status: null, to_status: 'OPEN', mover: 'customer', rule_ids: [], note: null }),
    ]);
    const again = await add({ name: 'Same Applicant', applicant_first_name: 'Ann', applicant_last_name: 'Lee', applicant_email: 'ANN@example.org' }).expect(200);
    expect(again.body.data.result['0'].data_cases[0].applicant_id).toBe(created.applicant_id);
    const byId = await add({ name: 'By Id', applicant_id: created.applicant_id }).expect(200);
    expect(byId.body.data.result['0'].data_cases[0].applicant_id).toBe(created.applicant_id);
    expect(await t.db('cases.cases').where({ applicant_id: created.applicant_id })).toHaveLength(3);
  });

  it('row 9: incomplete applicant data and a disposable applicant email fail the row', async () => {
    const res = await add({ name: 'X', applicant_email: 'a@mailinator.com', applicant_first_name: 'A', applicant_last_name: 'B' }).expect(400);
    expect(res.body.data.failed_rows['0'].data).toEqual([
      { column: 'applicant_email', providedKey: 'applicant_email', value: 'a@mailinator.com', reason: 'Disposable email domains are not accepted.' },
    ]);
    const partial = await add({ name: 'X', applicant_email: 'a@example.org' }).expect(400);
    expect(partial.body.data.failed_rows['0'].data.map((f: { column: string }) => f.column)).toEqual(['applicant_first_name', 'applicant_last_name']);
  });

  it("refuses a CUSTOMER whose subrole lacks businesses:create", async () => {
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['businesses:read'] });
    expect((await answer(add({ name: 'X' }, reader))).body.data.errorName).toBe('PermissionMiddlewareError');
  });
});
