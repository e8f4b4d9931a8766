import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

const invalid = (message: string) => ({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });

describe('input PostgreSQL cannot store is refused with 400 on every route (issue 16)', () => {
  let t: CaseTestApp;
  let admin: string;
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startCaseTestApp();
    admin = t.keys.tokenFor({ role: 'ADMIN' });
    await t.customer({ id: customerId, features: { PAT_120_ADD_BUSINESS: true } });
  });
  afterAll(() => t.close());

  const bulk = (query = '') => request(t.app).post(`/case/api/v1/businesses/customers/${customerId}/bulk${query}`).set('Authorization', `Bearer ${admin}`);
  const stored = async () => ({
    businesses: (await t.db('cases.businesses').where({ customer_id: customerId })).length,
    runs: (await t.db('cases.onboarding_runs').where({ customer_id: customerId })).length,
  });
  const csv = ['name,dba1_name', 'Fine Co,Ann', 'Bad Co,An\u0000n'].join('\n');

  it.each(['', '?async=true'])('refuses a NUL in a JSON bulk row (query %j), naming the row and column; nothing is stored or queued', async (query) => {
    const res = await bulk(query).send([{ name: 'Fine Co' }, { name: 'Bad Co', dba1_name: 'An\u0000n' }]).expect(400);
    expect(res.body).toEqual(invalid('body.1.dba1_name must not contain NUL characters'));
    expect(await stored()).toEqual({ businesses: 0, runs: 0 });
  });

  it.each(['', '?async=true'])('refuses a NUL in a CSV bulk body (query %j), naming its line and column', async (query) => {
    const res = await bulk(query).set('Content-Type', 'text/csv').send(csv).expect(400);
    expect(res.body).toEqual(invalid('body line 3 column 10 must not contain NUL characters'));
    expect(await stored()).toEqual({ businesses: 0, runs: 0 });
  });

  it.each(['', '?async=true'])('refuses a lone UTF-16 surrogate in a JSON bulk row (query %j)', async (query) => {
    const res = await bulk(query).set('Content-Type', 'application/json').send('[{"name":"Fine"},{"name":"Half \\ud800 pair"}]').expect(400);
    expect(res.body).toEqual(invalid('body.1.name must not contain unpaired UTF-16 surrogates'));
    expect(await stored()).toEqual({ businesses: 0, runs: 0 });
  });

  it('refuses a NUL in a key of a bulk row without echoing the key', async () => {
    const res = await bulk().send([{ name: 'Fine', ['na\u0000me']: 'x' }]).expect(400);
    expect(res.body).toEqual(invalid('body.0 keys must not contain NUL characters'));
  });

  it('refuses a NUL in the query, in the path and on a route that declares no schema', async () => {
    const add = await request(t.app)
      .post(`/case/api/v1/businesses/customers/${customerId}?async=tr%00ue`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ name: 'Fine Co' })
      .expect(400);
    expect(add.body).toEqual(invalid('query.async must not contain NUL characters'));
    const run = await request(t.app).get('/case/api/v1/runs/%00').set('Authorization', `Bearer ${admin}`).expect(400);
    expect(run.body).toEqual(invalid('params.runID must not contain NUL characters'));
    const openapi = await request(t.app).get('/case/api/v1/openapi.json?x=%00').expect(400);
    expect(openapi.body).toEqual(invalid('query.x must not contain NUL characters'));
    await request(t.app).get('/case/api/v1/openapi.json').expect(200);
  });

  it('still stores text PostgreSQL holds: accents, emoji (paired surrogates) and a CSV without NULs', async () => {
    const res = await bulk().send([{ name: 'Café 🚀 Ltd' }]).expect(200);
    expect(res.body.data.result['0'].data_businesses.name).toBe('Café 🚀 Ltd');
    await bulk().set('Content-Type', 'text/csv').send(csv.replace('\u0000', '')).expect(200);
  });
});

describe('dates PostgreSQL cannot hold are refused by the shared validator (issue 16)', () => {
  let t: CaseTestApp;
  let admin: string;
  const customerId = randomUUID();
  const owner = { owner1_first_name: 'Ann', owner1_last_name: 'Lee', owner1_owner_type: 'CONTROL', owner1_ownership_percentage: 100 };

  beforeAll(async () => {
    t = await startCaseTestApp();
    admin = t.keys.tokenFor({ role: 'ADMIN' });
    await t.customer({ id: customerId, features: { PAT_120_ADD_BUSINESS: true } });
  });
  afterAll(() => t.close());

  const add = (body: object) => request(t.app).post(`/case/api/v1/businesses/customers/${customerId}`).set('Authorization', `Bearer ${admin}`).send(body);

  it.each(['0000-06-15', '2001-02-29', '1980-04-31'])('E12 refuses the date of birth %s with 400 ValidationMiddlewareError', async (dob) => {
    expect((await add({ name: 'Dated Co', ...owner, owner1_dob: dob }).expect(400)).body).toEqual(invalid('body.owner1_dob must match format "date"'));
  });

  it('bulk reports such a date as a row failure, and stores a valid one', async () => {
    const res = await request(t.app)
      .post(`/case/api/v1/businesses/customers/${customerId}/bulk`)
      .set('Authorization', `Bearer ${admin}`)
      .send([{ name: 'Good', ...owner, owner1_dob: '1980-01-31' }, { name: 'Bad', ...owner, owner1_dob: '0000-01-01' }])
      .expect(400);
    expect(res.body.data.failed_rows['1'].data).toEqual([
      { column: 'owner1_dob', providedKey: 'owner1_dob', value: '0000-01-01', reason: 'row.owner1_dob must match format "date"' },
    ]);
    const ok = await add({ name: 'Dated Co', ...owner, owner1_dob: '1980-01-31' }).expect(200);
    expect(ok.body.data.result['0'].data_businesses.owners[0].date_of_birth).toBe('1980-01-31');
  });
});
