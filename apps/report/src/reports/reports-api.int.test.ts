import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { USER_PERMISSIONS } from '@kyb/auth';
import { expectSameShape } from '@kyb/testing';
import { startReportTestApp, type ReportTestApp } from '../test-support/report-test-app';

const sample = (name: string) => JSON.parse(readFileSync(join(__dirname, '../test-support/samples', name), 'utf8'));
const denied = { status: 'fail', message: 'You are not allowed to access the data.', errorCode: 'UNAUTHORIZED', data: { errorName: 'AccessMiddlewareError' } };

/* The API without a worker: reports stay REQUESTED, as E7 leaves them. */
describe('E7, E6, download and status (no worker running)', () => {
  let t: ReportTestApp;
  const customerId = randomUUID();
  let owner: string;
  let businessId: string;

  beforeAll(async () => {
    t = await startReportTestApp({ workers: false });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
    businessId = randomUUID();
    await t.business({ id: businessId, customerId, name: 'Longwood Dental' });
  });
  afterAll(() => t.close());

  const generate = (customer: string, business: string, token = owner) =>
    request(t.app).post(`/report/api/v1/reports/customers/${customer}/businesses/${business}`).set('Authorization', `Bearer ${token}`);
  const get = (reportId: string, token = owner) => request(t.app).get(`/report/api/v1/reports/${reportId}`).set('Authorization', `Bearer ${token}`);

  it('E7 retried with its Idempotency-Key answers the same report, marked replayed, and creates one', async () => {
    const key = randomUUID();
    const first = await generate(customerId, businessId).set('Idempotency-Key', key).expect(200);
    const again = await generate(customerId, businessId).set('Idempotency-Key', key).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const reports = await t.db('reports.reports').where({ business_id: businessId, id: first.body.data.report_id });
    expect(reports).toHaveLength(1);
    const fresh = await generate(customerId, businessId).set('Idempotency-Key', randomUUID()).expect(200);
    expect(fresh.body.data.report_id).not.toBe(first.body.data.report_id);
  });

  it('E7 creates a REQUESTED report and queues it; E6 shows it as contract 2.6 and the sample do', async () => {
    const res = await generate(customerId, businessId).expect(200);
    expect(res.body).toEqual({ status: 'success', message: 'Report generation started successfully', data: { report_id: expect.any(String) } });
    expectSameShape(res.body, sample('report-generate.response.200.json'));
    const reportId = res.body.data.report_id;
    const jobs = await t.redis.keys(`${t.redisPrefix}:report-generation:report-${reportId}`);
    expect(jobs).toHaveLength(1);
    const read = await get(reportId).expect(200);
    expect(read.body.message).toBe('Report details fetched successfully');
    expect(read.body.data).toMatchObject({
      id: reportId,
      report_type_id: 1,
      status: 'REQUESTED',
      log: null,
      file_path: null,
      triggered_by: 'CUSTOMER',
      triggered_id: customerId,
      business_id: businessId,
      report_type: { core_report_types: { id: 1, code: 'business_report', label: 'Business Report' } },
    });
    expectSameShape(read.body, sample('report-get.response.200.json'));
  });

  it('least privilege (issue 14): the read-only user subrole may read reports but not request one', async () => {
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'user', permissions: [...USER_PERMISSIONS] });
    const refused = await generate(customerId, businessId, reader).expect(403);
    expect(refused.body).toEqual({
      status: 'fail',
      message: 'You do not have permission to perform this action.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'PermissionMiddlewareError', permission: 'businesses:write' },
    });
    const reportId = (await generate(customerId, businessId).expect(200)).body.data.report_id;
    await get(reportId, reader).expect(200);
  });

  it('download before completion: the report, pdf_url null, "Report is not ready to download"', async () => {
    const reportId = (await generate(customerId, businessId).expect(200)).body.data.report_id;
    const res = await request(t.app).post(`/report/api/v1/reports/${reportId}/download`).set('Authorization', `Bearer ${owner}`).expect(200);
    expect(res.body.message).toBe('Report is not ready to download');
    expect(res.body.data).toMatchObject({ id: reportId, status: 'REQUESTED', pdf_url: null });
    expectSameShape(res.body, sample('report-download.response.200.json'));
  });

  it("status of the business's latest report, as the sample shows it; 404 before any", async () => {
    const other = randomUUID();
    await t.business({ id: other, customerId });
    const status = (id: string) => request(t.app).get(`/report/api/v1/reports/businesses/${id}/status`).set('Authorization', `Bearer ${owner}`);
    expect((await status(other).expect(404)).body).toEqual({
      status: 'fail',
      message: 'No report has been generated for this business.',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'ReportApiError' },
    });
    await generate(customerId, other).expect(200);
    const latest = (await generate(customerId, other).expect(200)).body.data.report_id;
    const res = await status(other).expect(200);
    expect(res.body).toMatchObject({ message: 'Report status fetched successfully', data: { status: 'REQUESTED', report_details: { id: latest, status: 'REQUESTED' } } });
    expectSameShape(res.body, sample('report-status-by-business.response.200.json'));
  });

  it('E7: 403 for another tenant, a business of another customer or an unknown one (404 only to an ADMIN), 401 for an APPLICANT, 400 for a bad id', async () => {
    expect((await generate(randomUUID(), businessId).expect(403)).body).toEqual(denied);
    const foreign = randomUUID();
    await t.business({ id: foreign, customerId: randomUUID() });
    expect((await generate(customerId, foreign).expect(403)).body).toEqual(denied);
    expect((await generate(customerId, randomUUID()).expect(403)).body).toEqual(denied);
    expect((await generate(customerId, randomUUID(), t.keys.tokenFor({ role: 'ADMIN' })).expect(404)).body).toEqual({
      status: 'fail',
      message: 'Business not found',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'BusinessApiError' },
    });
    const applicant = t.keys.tokenFor({ role: 'APPLICANT', customerId, businessIds: [businessId] });
    expect((await generate(customerId, businessId, applicant).expect(401)).body.data.errorName).toBe('RoleMiddlewareError');
    expect((await generate(customerId, 'nope').expect(400)).body.message).toBe('params.businessID must match format "uuid"');
    expect(await t.db('reports.reports').where({ business_id: foreign })).toHaveLength(0);
  });

  it('E6: an unknown report is 403 to a CUSTOMER as another tenant\'s and 404 to an ADMIN, who reads any', async () => {
    const reportId = (await generate(customerId, businessId).expect(200)).body.data.report_id;
    expect((await get(randomUUID()).expect(403)).body).toEqual(denied);
    expect((await get(randomUUID(), t.keys.tokenFor({ role: 'ADMIN' })).expect(404)).body).toEqual({ status: 'fail', message: 'Report not found', errorCode: 'NOT_FOUND', data: { errorName: 'ReportApiError' } });
    expect((await get(reportId, t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() })).expect(403)).body).toEqual(denied);
    expect((await get(reportId, t.keys.tokenFor({ role: 'ADMIN' })).expect(200)).body.data.id).toBe(reportId);
  });

  it('the file URL refuses a forged or missing signature', async () => {
    const reportId = (await generate(customerId, businessId).expect(200)).body.data.report_id;
    const future = Math.floor(Date.now() / 1000) + 60;
    expect((await request(t.app).get(`/report/api/v1/reports/${reportId}/file?expires=${future}&signature=forged`).expect(403)).body).toEqual({
      status: 'fail',
      message: 'The download link is invalid or has expired.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'SignedUrlError' },
    });
    expect((await request(t.app).get(`/report/api/v1/reports/${reportId}/file`).expect(400)).body.message).toBe("query must have required property 'expires'");
  });
});
