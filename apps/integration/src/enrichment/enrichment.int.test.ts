import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { USER_PERMISSIONS } from '@kyb/auth';
import { businessEnrichmentQueue, createProducer, enrichmentCompletedQueue, type Producer } from '@kyb/queues';
import { ProviderError } from '../providers/providers.errors';
import type { BjlRecord } from '../providers/public-records.provider';
import { providerRecords, scriptedProvider } from '../test-support/fake-providers';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';

const lien = (id: string, status: 'active' | 'released', amount: number, date: string): BjlRecord => ({
  kind: 'LIEN',
  providerRecordId: id,
  filingDate: date,
  status,
  amount,
});

describe('enrichment worker, refresh and tasks', () => {
  let t: IntegrationTestApp;
  let jobs: Producer<{ businessId: string; customerId: string }>;
  let announcements: Producer<{ businessId: string; taskId: string }>;
  const provider = scriptedProvider();
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    t = await startIntegrationTestApp({ publicRecordsProvider: provider });
    jobs = createProducer(businessEnrichmentQueue, { connection: t.redis, prefix: t.redisPrefix });
    announcements = createProducer(enrichmentCompletedQueue, { connection: t.redis, prefix: t.redisPrefix });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' });
  });
  afterAll(async () => {
    await Promise.all([jobs.close(), announcements.close()]);
    await t.close();
  });

  const tasksOf = (businessId: string) => t.db('integration.integration_tasks').where({ business_id: businessId }).orderBy('created_at');
  const taskSettled = (businessId: string, status: string) =>
    eventually(async () => {
      const rows = await tasksOf(businessId);
      return rows.length > 0 && rows.every((r) => r.status === status) ? rows : undefined;
    });
  const refresh = (businessId: string, token = owner) =>
    request(t.app).post(`/integration/api/v1/business/${businessId}/refresh`).set('Authorization', `Bearer ${token}`);
  const fastRetries = { attempts: 3, backoff: { type: 'fixed', delay: 10 } };
  /** The enrichment events of the business in the outbox, oldest first. */
  const eventsOf = (businessId: string) =>
    t.db('integration.outbox_events').whereRaw(`data->>'business_id' = ?`, [businessId]).where('type', 'like', 'enrichment.%').orderBy('seq').select('type', 'customer_id', 'data');
  const event = (type: string, businessId: string, taskId: string) => ({ type, customer_id: customerId, data: { customer_id: customerId, business_id: businessId, task_id: taskId } });

  async function newBusiness(name = 'Lien Holdings'): Promise<string> {
    const id = randomUUID();
    await t.business({ id, customerId, name, owners: [{ firstName: 'Ann', lastName: 'Lee', ssnMasked: 'XXXXX1234' }] });
    return id;
  }

  it('records a task, stores the records and announces the completion once', async () => {
    const id = await newBusiness();
    provider.script(id, [providerRecords([lien('L-1', 'active', 100, '2025-01-01T00:00:00.000Z')])]);
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    const [task] = await taskSettled(id, 'SUCCEEDED');
    expect(task).toMatchObject({ job_id: `enrich-${id}`, customer_id: customerId, provider: 'scripted', attempts: 1, failure_reason: null });
    expect(task.completed_at).toBeInstanceOf(Date);
    const announced = await eventually(async () => (await announcements.queue.getJob(`enriched-${task.id}`)) ?? undefined);
    expect(announced.data).toEqual({ businessId: id, taskId: task.id });
    expect(await t.db('integration.public_records').where({ business_id: id })).toHaveLength(1);
    expect(await eventsOf(id)).toEqual([event('enrichment.completed', id, task.id)]);
  });

  it('least privilege (issue 14): the read-only user subrole may not start a fetch (it spends provider calls)', async () => {
    const id = await newBusiness('Reader Co');
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'user', permissions: [...USER_PERMISSIONS] });
    expect((await refresh(id, reader).expect(403)).body).toEqual({
      status: 'fail',
      message: 'You do not have permission to perform this action.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'PermissionMiddlewareError', permission: 'businesses:write' },
    });
    expect(await tasksOf(id)).toHaveLength(0);
  });

  it('tells the provider the business and its owners, never a TIN or SSN', async () => {
    const seen: unknown[] = [];
    const id = await newBusiness();
    provider.script(id, [providerRecords()]);
    const original = provider.fetchPublicRecords.bind(provider);
    const spy = jest.spyOn(provider, 'fetchPublicRecords').mockImplementation(async (business) => {
      seen.push(business);
      return original(business);
    });
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    await taskSettled(id, 'SUCCEEDED');
    spy.mockRestore();
    expect(seen).toEqual([expect.objectContaining({ id, name: 'Lien Holdings', owners: [expect.objectContaining({ firstName: 'Ann', lastName: 'Lee' })] })]);
    expect(JSON.stringify(seen)).not.toMatch(/XXXXX|"(ssn|tin)[a-z_]*":/i);
  });

  it('retries a transient provider failure with backoff and succeeds, keeping one task', async () => {
    const id = await newBusiness();
    provider.script(id, [new ProviderError('Provider timed out.', { transient: true }), providerRecords()]);
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}`, ...fastRetries });
    const [task] = await taskSettled(id, 'SUCCEEDED');
    expect(task).toMatchObject({ attempts: 2, failure_reason: null });
    expect(provider.callsFor(id)).toBe(2);
    // The attempt that was retried was not final: no enrichment.failed.
    expect(await eventsOf(id)).toEqual([event('enrichment.completed', id, task.id)]);
  });

  it('marks the task FAILED with the reason once the attempts are used up, visible through the API', async () => {
    const id = await newBusiness();
    provider.script(id, [new ProviderError('The public records provider is unavailable.', { transient: true })]);
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}`, ...fastRetries });
    const [task] = await taskSettled(id, 'FAILED');
    expect(task).toMatchObject({ attempts: 3, failure_reason: 'The public records provider is unavailable.' });
    // Only the last of the three attempts is final: one enrichment.failed, no enrichment.completed.
    expect(await eventsOf(id)).toEqual([event('enrichment.failed', id, task.id)]);
    const res = await request(t.app).get(`/integration/api/v1/business/${id}/integration-tasks`).set('Authorization', `Bearer ${owner}`).expect(200);
    expect(res.body.data).toMatchObject({
      total_items: '1',
      total_pages: 1,
      records: [{ id: task.id, status: 'FAILED', attempts: 3, failure_reason: 'The public records provider is unavailable.' }],
    });
  });

  it('gives an unexpected error a reason of its own, without its text', async () => {
    const id = await newBusiness();
    provider.script(id, [new Error('socket hang up at 10.0.0.7 with key=abc')]);
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}`, attempts: 1 });
    const [task] = await taskSettled(id, 'FAILED');
    expect(task.failure_reason).toBe('The public records provider failed unexpectedly.');
  });

  it('fails the task when the business was deleted before the job ran', async () => {
    const id = await newBusiness();
    await t.removeBusiness(id);
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    const [task] = await taskSettled(id, 'FAILED');
    expect(task.failure_reason).toBe('The business no longer exists.');
    expect(provider.callsFor(id)).toBe(0);
    expect(await eventsOf(id)).toEqual([event('enrichment.failed', id, task.id)]);
  });

  it('never duplicates: a redelivered job only announces again, and a refresh updates records in place', async () => {
    const id = await newBusiness();
    const first = providerRecords([
      lien('L-1', 'active', 100, '2025-01-01T00:00:00.000Z'),
      lien('L-2', 'active', 200, '2025-02-01T00:00:00.000Z'),
    ]);
    const second = providerRecords([
      lien('L-1', 'released', 100, '2025-01-01T00:00:00.000Z'),
      lien('L-3', 'active', 300, '2025-03-01T00:00:00.000Z'),
    ]);
    provider.script(id, [first, second]);
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    const [task] = await taskSettled(id, 'SUCCEEDED');
    // The task is committed before BullMQ completes the job, and a job still locked cannot be removed.
    await eventually(async () => ((await jobs.queue.getJob(`enrich-${id}`))?.finishedOn ? true : undefined));
    await (await jobs.queue.getJob(`enrich-${id}`))?.remove();
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    await eventually(async () => ((await jobs.queue.getJob(`enrich-${id}`))?.finishedOn ? true : undefined));
    expect(provider.callsFor(id)).toBe(1);
    expect(await tasksOf(id)).toHaveLength(1);
    expect(await eventsOf(id)).toEqual([event('enrichment.completed', id, task.id)]);

    const res = await refresh(id).expect(202);
    expect(res.body.message).toBe('Enrichment requested successfully');
    const refreshed = res.body.data.business_integration_task;
    expect(refreshed).toMatchObject({ business_id: id, status: 'PENDING', attempts: 0 });
    await taskSettled(id, 'SUCCEEDED');
    const records = await t.db('integration.public_records').where({ business_id: id });
    expect(records).toHaveLength(1);
    expect(records[0].business_integration_task_id).toBe(refreshed.id);
    const bjl = await t.db('integration.bjl_records').where({ business_id: id }).orderBy('provider_record_id');
    expect(bjl.map((r) => [r.provider_record_id, r.status, Number(r.amount)])).toEqual([
      ['L-1', 'released', 100],
      ['L-3', 'active', 300],
    ]);
    expect(task.id).not.toBe(refreshed.id);
    expect(await eventsOf(id)).toEqual([event('enrichment.completed', id, task.id), event('enrichment.completed', id, refreshed.id)]);
  });

  it('answers the task already under way instead of starting a second one', async () => {
    const id = await newBusiness();
    const first = await refresh(id).expect(202);
    const second = await refresh(id).expect(202);
    expect(second.body.message).toBe('Enrichment is already in progress');
    expect(second.body.data.business_integration_task.id).toBe(first.body.data.business_integration_task.id);
    await taskSettled(id, 'SUCCEEDED');
  });

  it('keeps the newer records when an older task finishes last', async () => {
    const id = await newBusiness();
    provider.script(id, [providerRecords([lien('NEW', 'active', 1, '2025-05-01T00:00:00.000Z')])]);
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    const [newer] = await taskSettled(id, 'SUCCEEDED');
    const older = randomUUID();
    await t.db('integration.integration_tasks').insert({
      id: older,
      business_id: id,
      customer_id: customerId,
      job_id: `late-${older}`,
      provider: 'scripted',
      created_at: new Date(newer.created_at.getTime() - 60000),
    });
    provider.script(id, [providerRecords([lien('OLD', 'active', 1, '2020-01-01T00:00:00.000Z')])]);
    await jobs.add({ businessId: id, customerId }, { jobId: `late-${older}` });
    await taskSettled(id, 'SUCCEEDED');
    const stored = await t.db('integration.public_records').where({ business_id: id }).first();
    expect(stored.business_integration_task_id).toBe(newer.id);
    expect(await t.db('integration.bjl_records').where({ business_id: id }).pluck('provider_record_id')).toEqual(['NEW']);
  });

  it('refresh: 403 for another tenant and an unknown business (404 only to an ADMIN), 401 for an APPLICANT', async () => {
    const id = await newBusiness();
    expect((await refresh(id, t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() })).expect(403)).body).toEqual({
      status: 'fail',
      message: 'You are not allowed to access the data.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'AccessMiddlewareError' },
    });
    expect((await refresh(id, t.keys.tokenFor({ role: 'APPLICANT', customerId, businessIds: [id] })).expect(401)).body).toEqual({
      status: 'fail',
      message: 'Role Not Allowed',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'RoleMiddlewareError' },
    });
    expect((await refresh(randomUUID()).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    expect((await refresh(randomUUID(), t.keys.tokenFor({ role: 'ADMIN' })).expect(404)).body.data.errorName).toBe('BusinessApiError');
    expect(await tasksOf(id)).toHaveLength(0);
  });

  it('lists tasks newest first, filtered by status, and refuses unknown query keys', async () => {
    const id = await newBusiness();
    provider.script(id, [new ProviderError('Refused.', { transient: false }), providerRecords()]);
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    const [refused] = await taskSettled(id, 'FAILED');
    // A permanent refusal is final at once.
    expect(await eventsOf(id)).toEqual([event('enrichment.failed', id, refused.id)]);
    await refresh(id).expect(202);
    await eventually(async () => ((await tasksOf(id)).some((r) => r.status === 'SUCCEEDED') ? true : undefined));
    const list = (query: string) =>
      request(t.app).get(`/integration/api/v1/business/${id}/integration-tasks${query}`).set('Authorization', `Bearer ${owner}`);
    expect((await list('').expect(200)).body.data.records.map((r: { status: string }) => r.status)).toEqual(['SUCCEEDED', 'FAILED']);
    expect((await list('?filter[status]=FAILED').expect(200)).body.data).toMatchObject({ total_items: '1', records: [{ status: 'FAILED' }] });
    expect((await list('?color=red').expect(400)).body.message).toBe("query must NOT have additional properties: 'color'");
  });
});
