import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { createLogger } from '@kyb/http';
import { ProviderError } from '../providers/providers.errors';
import type { BjlRecord } from '../providers/public-records.provider';
import { batchJob, enrichmentProcessorsOf, singleJob } from '../test-support/enrichment-processors';
import { providerRecords, scriptedProvider } from '../test-support/fake-providers';
import { startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';

const lien = (id: string): BjlRecord => ({ kind: 'LIEN', providerRecordId: id, filingDate: '2025-01-01T00:00:00.000Z', status: 'active', amount: 100 });

describe('enrichment batch processor', () => {
  let t: IntegrationTestApp;
  let processors: ReturnType<typeof enrichmentProcessorsOf>;
  const lines: string[] = [];
  const provider = scriptedProvider();
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
    const logger = createLogger({ level: 'info', name: 'batch', destination: new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }) });
    processors = enrichmentProcessorsOf(t, { provider, logger });
  });
  afterAll(async () => {
    await processors.close();
    await t.close();
  });

  async function businesses(count: number, name = 'Batch Dental'): Promise<string[]> {
    const ids: string[] = [];
    for (let n = 0; n < count; n += 1) {
      const id = randomUUID();
      await t.business({ id, customerId, name: `${name} ${n}`, owners: [{ firstName: 'Ann', lastName: 'Lee' }] });
      await t.tin(id, '987654321');
      ids.push(id);
    }
    return ids;
  }
  const taskOf = (businessId: string) => t.db('integration.integration_tasks').where({ business_id: businessId, job_id: `enrich-${businessId}` }).first();
  const announced = async (jobId: string) => (await processors.queues.batchCompleted.getJob(`enriched-${jobId}`))?.data.completions;
  /** The business's events in the outbox whose type starts with `prefix`, oldest first. */
  const eventsOf = (businessId: string, prefix = 'enrichment.') =>
    t.db('integration.outbox_events').whereRaw(`data->>'business_id' = ?`, [businessId]).where('type', 'like', `${prefix}%`).orderBy('seq').select('type', 'customer_id', 'data');
  const event = (type: string, task: { id: string; business_id: string }) => ({ type, customer_id: customerId, data: { customer_id: customerId, business_id: task.business_id, task_id: task.id } });
  const logged = (msg: string) => lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === msg);
  /** Makes inserts into `table` fail (a broken write) until the returned function is called. */
  async function refuseInserts(table: string): Promise<() => Promise<void>> {
    await t.db.raw(`create or replace function integration.refused_by_test() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
    await t.db.raw(`create trigger refused_by_test before insert on ${table} for each row execute function integration.refused_by_test()`);
    return async () => void (await t.db.raw(`drop trigger refused_by_test on ${table}`));
  }

  it('a refused business fails alone with the provider’s reason, logged as a single job logs it; the rest is enriched', async () => {
    const [refused, fine] = await businesses(2);
    provider.script(refused, [new ProviderError('The provider refused the request.', { transient: false })]);
    await processors.batch(batchJob(`refused-${refused}`, [refused, fine], customerId));
    expect(await taskOf(refused)).toMatchObject({ status: 'FAILED', attempts: 1, failure_reason: 'The provider refused the request.', completed_at: expect.any(Date) });
    expect(await taskOf(fine)).toMatchObject({ status: 'SUCCEEDED', attempts: 1, failure_reason: null });
    expect(await t.db('integration.public_records').where({ business_id: refused })).toEqual([]);
    expect(logged('public records refused')).toEqual([expect.objectContaining({ businessId: refused, taskId: (await taskOf(refused)).id })]);
    expect(await eventsOf(refused)).toEqual([event('enrichment.failed', await taskOf(refused))]);
    expect(await eventsOf(fine)).toEqual([event('enrichment.completed', await taskOf(fine))]);
  });

  it('a transient failure leaves the batch: PENDING with the reason, its own job queued with a delay and the attempts a single job has left', async () => {
    const [flaky, broken, fine] = await businesses(3);
    provider.script(flaky, [new ProviderError('Provider timed out.', { transient: true }), providerRecords([lien('F-1')])]);
    provider.script(broken, [new Error('socket hang up at 10.0.0.7 with key=abc')]);
    await processors.batch(batchJob(`transient-${flaky}`, [flaky, broken, fine], customerId));
    expect(await taskOf(flaky)).toMatchObject({ status: 'PENDING', attempts: 1, failure_reason: 'Provider timed out.', completed_at: null });
    expect(await taskOf(broken)).toMatchObject({ status: 'PENDING', attempts: 1, failure_reason: 'The public records provider failed unexpectedly.' });
    expect(await taskOf(fine)).toMatchObject({ status: 'SUCCEEDED' });

    const queued = await processors.queues.enrichment.getJob(`enrich-${flaky}`);
    expect(queued?.data).toEqual({ businessId: flaky, customerId });
    // The single job's first backoff (exponential from 1 s), and 4 attempts: with the batch's, 5 in all, as a single job has.
    expect(queued?.opts).toMatchObject({ delay: 1000, attempts: 4 });
    expect(await queued?.getState()).toBe('delayed');
    expect(await processors.queues.enrichment.getJob(`enrich-${broken}`)).toBeDefined();
    expect(await processors.queues.enrichment.getJob(`enrich-${fine}`)).toBeUndefined();
    // An attempt its own job retries is not final: no event yet.
    expect([await eventsOf(flaky), await eventsOf(broken)]).toEqual([[], []]);
    expect(await eventsOf(fine)).toEqual([event('enrichment.completed', await taskOf(fine))]);

    // Its own job finishes it with the single processor, on the same task.
    await processors.single({ id: queued!.id, data: queued!.data, attemptsMade: 0, opts: queued!.opts });
    expect(await taskOf(flaky)).toMatchObject({ status: 'SUCCEEDED', attempts: 2, failure_reason: null });
    expect(await t.db('integration.bjl_records').where({ business_id: flaky }).pluck('provider_record_id')).toEqual(['F-1']);
    expect(await eventsOf(flaky)).toEqual([event('enrichment.completed', await taskOf(flaky))]);
  });

  it('an answer its tables would refuse (an unknown kind of record) is retried alone, without failing the batch', async () => {
    const [odd, fine] = await businesses(2);
    provider.script(odd, [providerRecords([{ ...lien('X-1'), kind: 'FORECLOSURE' as BjlRecord['kind'] }])]);
    await processors.batch(batchJob(`odd-${odd}`, [odd, fine], customerId));
    expect(await taskOf(odd)).toMatchObject({ status: 'PENDING', failure_reason: 'The public records provider failed unexpectedly.' });
    expect(await processors.queues.enrichment.getJob(`enrich-${odd}`)).toBeDefined();
    expect(await taskOf(fine)).toMatchObject({ status: 'SUCCEEDED' });
    expect(await t.db('integration.bjl_records').where({ business_id: odd })).toEqual([]);
  });

  it('a business gone from the directory: its task FAILED with "The business no longer exists.", no provider asked', async () => {
    const [gone, fine] = await businesses(2);
    await t.removeBusiness(gone);
    await processors.batch(batchJob(`gone-${gone}`, [gone, fine], customerId));
    expect(await taskOf(gone)).toMatchObject({ status: 'FAILED', attempts: 0, failure_reason: 'The business no longer exists.' });
    expect(provider.callsFor(gone)).toBe(0);
    expect(await eventsOf(gone)).toEqual([event('enrichment.failed', await taskOf(gone))]);
    expect(await announced(`gone-${gone}`)).toEqual([{ businessId: fine, taskId: (await taskOf(fine)).id }]);
  });

  it('run again, a batch job stores nothing twice, verifies a finished task only if it never was, and announces under the same job id', async () => {
    const ids = await businesses(3);
    for (const id of ids) provider.script(id, [providerRecords([lien('R-1'), lien('R-2')])]);
    const job = batchJob(`again-${ids[0]}`, ids, customerId);
    await processors.batch(job);
    const first = await announced(job.id);
    await t.db('integration.business_verification_status_changes').where({ business_id: ids[2] }).delete();
    await t.db('integration.business_verifications').where({ business_id: ids[2] }).delete();
    await processors.batch({ ...job, attemptsMade: 1 });

    expect(ids.map((id) => provider.callsFor(id))).toEqual([1, 1, 1]);
    for (const id of ids) {
      expect(await t.db('integration.integration_tasks').where({ business_id: id })).toEqual([expect.objectContaining({ status: 'SUCCEEDED', attempts: 1 })]);
      expect(await t.db('integration.bjl_records').where({ business_id: id }).orderBy('provider_record_id').pluck('provider_record_id')).toEqual(['R-1', 'R-2']);
      expect(await t.db('integration.business_verifications').where({ business_id: id })).toHaveLength(1);
      expect(await t.db('integration.business_verification_status_changes').where({ business_id: id })).toHaveLength(1);
    }
    expect(await announced(job.id)).toEqual(first);
    expect((await processors.queues.batchCompleted.getJobs()).filter((j) => j.id === `enriched-${job.id}`)).toHaveLength(1);
    // Each task announced once; each status change once (the third business's, deleted by the test, is made again).
    for (const id of ids) expect(await eventsOf(id)).toEqual([event('enrichment.completed', await taskOf(id))]);
    expect(await Promise.all(ids.map(async (id) => (await eventsOf(id, 'business.')).length))).toEqual([1, 1, 2]);
  });

  it('an older task never overwrites the records of a newer one, business by business', async () => {
    const [older, plain] = await businesses(2);
    provider.script(older, [providerRecords([lien('NEW')]), providerRecords([lien('OLD')])]);
    await processors.single(singleJob(older, customerId, `refresh-${older}`));
    const newer = await t.db('integration.integration_tasks').where({ job_id: `refresh-${older}` }).first();
    await t.db('integration.integration_tasks').insert({
      business_id: older,
      customer_id: customerId,
      job_id: `enrich-${older}`,
      provider: 'scripted',
      created_at: new Date(newer.created_at.getTime() - 60_000),
    });
    provider.script(plain, [providerRecords([lien('PLAIN')])]);
    await processors.batch(batchJob(`older-${older}`, [older, plain], customerId));

    expect(await taskOf(older)).toMatchObject({ status: 'SUCCEEDED' });
    expect(provider.callsFor(older)).toBe(2);
    expect(await t.db('integration.public_records').where({ business_id: older }).pluck('business_integration_task_id')).toEqual([newer.id]);
    expect(await t.db('integration.financial_profiles').where({ business_id: older }).pluck('business_integration_task_id')).toEqual([newer.id]);
    expect(await t.db('integration.bjl_records').where({ business_id: older }).pluck('provider_record_id')).toEqual(['NEW']);
    expect(await t.db('integration.bjl_records').where({ business_id: plain }).pluck('provider_record_id')).toEqual(['PLAIN']);
  });

  it('announces in one job, in the batch’s order, the businesses that succeeded or had already; no job when none did', async () => {
    const [before, refused, now] = await businesses(3);
    await processors.single(singleJob(before, customerId));
    provider.script(refused, [new ProviderError('No.', { transient: false })]);
    await processors.batch(batchJob(`order-${now}`, [now, refused, before], customerId));
    expect(await announced(`order-${now}`)).toEqual([
      { businessId: now, taskId: (await taskOf(now)).id },
      { businessId: before, taskId: (await taskOf(before)).id },
    ]);

    const [gone] = await businesses(1);
    await t.removeBusiness(gone);
    await processors.batch(batchJob(`none-${gone}`, [gone, refused], customerId));
    expect(await processors.queues.batchCompleted.getJob(`enriched-none-${gone}`)).toBeUndefined();
  });

  it('a failure storing the verifications leaves the enrichment SUCCEEDED, logged for each business', async () => {
    const ids = await businesses(2);
    const restore = await refuseInserts('integration.business_verifications');
    try {
      await processors.batch(batchJob(`unverified-${ids[0]}`, ids, customerId));
    } finally {
      await restore();
    }
    for (const id of ids) {
      expect(await taskOf(id)).toMatchObject({ status: 'SUCCEEDED' });
      expect(await t.db('integration.public_records').where({ business_id: id })).toHaveLength(1);
      expect(await t.db('integration.business_verifications').where({ business_id: id })).toEqual([]);
    }
    expect(logged('business verification could not be stored').map((entry) => entry.businessId)).toEqual(ids);
    // The verifications' savepoint rolled back with their events; the enrichments' events stay.
    for (const id of ids) {
      expect(await eventsOf(id)).toEqual([event('enrichment.completed', await taskOf(id))]);
      expect(await eventsOf(id, 'business.')).toEqual([]);
    }
    expect(await announced(`unverified-${ids[0]}`)).toHaveLength(2);
  });

  it('when the batch’s transaction fails the job throws, nothing of it is stored, and running it again finishes it', async () => {
    const ids = await businesses(2);
    const job = batchJob(`broken-${ids[0]}`, ids, customerId);
    const restore = await refuseInserts('integration.financial_profiles');
    try {
      await expect(processors.batch(job)).rejects.toThrow('refused by the test');
    } finally {
      await restore();
    }
    for (const id of ids) {
      expect(await taskOf(id)).toMatchObject({ status: 'IN_PROGRESS', attempts: 1 });
      expect(await t.db('integration.public_records').where({ business_id: id })).toEqual([]);
    }
    expect(await announced(job.id)).toBeUndefined();
    for (const id of ids) expect(await eventsOf(id, '')).toEqual([]);

    await processors.batch({ ...job, attemptsMade: 1 });
    for (const id of ids) expect(await taskOf(id)).toMatchObject({ status: 'SUCCEEDED', attempts: 2 });
    for (const id of ids) expect(await eventsOf(id)).toEqual([event('enrichment.completed', await taskOf(id))]);
    expect(await announced(job.id)).toHaveLength(2);
  });

  it('writes one event per task of the batch, in the batch’s order, each kind with one statement', async () => {
    const ids = await businesses(30, 'Outbox Dental');
    const [refused, gone] = ids;
    provider.script(refused, [new ProviderError('No.', { transient: false })]);
    await t.removeBusiness(gone);
    const inserts: string[] = [];
    const counted = (query: { sql: string }) => void (/insert into "integration"\."outbox_events"/.test(query.sql) && inserts.push(query.sql));
    t.db.on('query', counted);
    try {
      await processors.batch(batchJob(`outbox-${refused}`, ids, customerId));
    } finally {
      t.db.off('query', counted);
    }
    const tasks = await Promise.all(ids.map(taskOf));
    const written = await t.db('integration.outbox_events').whereRaw(`data->>'business_id' = any(?)`, [ids]).where('type', 'like', 'enrichment.%').orderBy('seq').select('type', 'customer_id', 'data');
    expect(written).toEqual([event('enrichment.failed', tasks[1]), event('enrichment.failed', tasks[0]), ...tasks.slice(2).map((task) => event('enrichment.completed', task))]);
    // The failures' events, the completions' events and the verification changes' events: one insert each.
    expect(inserts).toHaveLength(3);
  });

  it('bad payloads never crash: ids that are no UUIDs and repeats are dropped; without a customer or ids, nothing is done', async () => {
    const [id] = await businesses(1);
    await processors.batch(batchJob(`bad-${id}`, ['not-a-uuid', id, id, 42 as unknown as string], customerId));
    expect(await t.db('integration.integration_tasks').where({ business_id: id })).toEqual([expect.objectContaining({ status: 'SUCCEEDED' })]);
    expect(provider.callsFor(id)).toBe(1);

    const [other] = await businesses(1);
    await processors.batch(batchJob('no-customer', [other], 'nobody'));
    await processors.batch({ id: 'no-ids', data: { businessIds: 'everything', customerId } as never, attemptsMade: 0, opts: {} });
    await processors.batch({ id: 'no-data', data: undefined as never, attemptsMade: 0, opts: {} });
    expect(await t.db('integration.integration_tasks').where({ business_id: other })).toEqual([]);
  });
});
