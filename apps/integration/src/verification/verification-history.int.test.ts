import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import request from 'supertest';
import { createLogger } from '@kyb/http';
import { businessEnrichmentQueue, createProducer, enrichmentCompletedQueue, type Producer } from '@kyb/queues';
import { createBusinessDirectory, createTinDirectory, createVerificationDirectory } from '@kyb/area-views';
import { createEnrichmentProcessor } from '../enrichment/enrichment.processor';
import { createPgTaskStore } from '../enrichment/integration-tasks.store';
import { ProviderError } from '../providers/providers.errors';
import { createSandboxFinancialsProvider } from '../providers/sandbox-financials.provider';
import { createPgPublicRecordsStore } from '../public-records/public-records.store';
import { scriptedProvider } from '../test-support/fake-providers';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { createPgClassificationStore } from '../classification/classification.store';
import { createSandboxClassifier } from '../classification/sandbox-classifier';
import { createBusinessVerifier } from './business-verifier';
import { createSandboxVerificationProviders } from './sandbox-verification.providers';
import { createPgVerificationStore } from './verification.store';
import type { TinMatchProvider } from '../providers/verification.providers';

const TIN = '555443333';

/** A TIN-matching stand-in the test steers: matched or not, or failing with the TIN in its message (`echo`, `crash` in the name). */
function steerableTinMatch() {
  const state = { matched: true, calls: 0 };
  const provider: TinMatchProvider = {
    name: 'stand-in',
    async matchTin({ tin, legalName }) {
      state.calls += 1;
      if (legalName.includes('Echo')) throw new ProviderError(`TIN ${tin} timed out.`, { transient: true });
      if (legalName.includes('Crash')) throw new TypeError(`cannot read TIN ${tin}`);
      return { matched: state.matched };
    },
  };
  return { provider, state };
}

describe('verification history, re-verification and jobs run twice', () => {
  let t: IntegrationTestApp;
  let jobs: Producer<{ businessId: string; customerId: string }>;
  const logLines: string[] = [];
  const tinMatch = steerableTinMatch();
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    const logger = createLogger({ level: 'trace', name: 'history-test', destination: new Writable({ write: (chunk, _e, done) => (logLines.push(String(chunk)), done()) }) });
    t = await startIntegrationTestApp({ logger, verificationProviders: { tinMatch: tinMatch.provider } });
    jobs = createProducer(businessEnrichmentQueue, { connection: t.redis, prefix: t.redisPrefix });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' });
  });
  afterAll(async () => {
    await jobs.close();
    await t.close();
  });

  const get = (businessId: string) => request(t.app).get(`/integration/api/v1/business/${businessId}/verification`).set('Authorization', `Bearer ${owner}`);
  const verifications = (businessId: string) => t.db('integration.business_verifications').where({ business_id: businessId });
  const verifiedTimes = (businessId: string, count: number) =>
    eventually(async () => ((await verifications(businessId)).length === count ? (await get(businessId).expect(200)).body.data : undefined));
  /** The business's verification events in the outbox, oldest first. */
  const eventsOf = (businessId: string) =>
    t.db('integration.outbox_events').whereRaw(`data->>'business_id' = ?`, [businessId]).where('type', 'like', 'business.%').orderBy('seq').select('type', 'customer_id', 'data');
  const verifiedEvent = (businessId: string) => ({ type: 'business.verified', customer_id: customerId, data: { customer_id: customerId, business_id: businessId } });
  const unverifiedEvent = (businessId: string) => ({ type: 'business.unverified', customer_id: customerId, data: { customer_id: customerId, business_id: businessId, status: 'UNVERIFIED' } });
  async function business(name: string): Promise<string> {
    const id = randomUUID();
    await t.business({ id, customerId, name, owners: [{ firstName: 'Ann', lastName: 'Lee' }] });
    await t.tin(id, TIN);
    return id;
  }

  it('re-verification records a change of status with when and why, and nothing when the status stays', async () => {
    const id = await business('Changing Dental LLC');
    tinMatch.state.matched = true;
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    expect((await verifiedTimes(id, 1)).status).toBe('VERIFIED');
    // The first verification is a change (from none): announced.
    expect(await eventsOf(id)).toEqual([verifiedEvent(id)]);

    tinMatch.state.matched = false;
    t.clock.set(new Date('2026-11-20T10:00:00.000Z'));
    await request(t.app).post(`/integration/api/v1/business/${id}/refresh`).set('Authorization', `Bearer ${owner}`).expect(202);
    const changed = await verifiedTimes(id, 2);
    expect(changed.status).toBe('UNVERIFIED');
    expect(changed.status_history).toEqual([
      { from_status: 'VERIFIED', to_status: 'UNVERIFIED', reason: 'TIN_MATCH FAIL: The TIN is not registered to the legal name.', changed_at: '2026-11-20T10:00:00.000Z' },
      { from_status: null, to_status: 'VERIFIED', reason: expect.any(String), changed_at: expect.any(String) },
    ]);
    expect(await eventsOf(id)).toEqual([verifiedEvent(id), unverifiedEvent(id)]);

    t.clock.set(new Date('2026-11-21T10:00:00.000Z'));
    await request(t.app).post(`/integration/api/v1/business/${id}/refresh`).set('Authorization', `Bearer ${owner}`).expect(202);
    const same = await verifiedTimes(id, 3);
    expect(same).toMatchObject({ status: 'UNVERIFIED', verified_at: '2026-11-21T10:00:00.000Z' });
    expect(same.status_history).toHaveLength(2);
    // Verified again with the same status: no change row, no event.
    expect(await eventsOf(id)).toEqual([verifiedEvent(id), unverifiedEvent(id)]);
    expect(await createVerificationDirectory(t.db).verification(id)).toMatchObject({
      status: 'UNVERIFIED',
      verifiedAt: new Date('2026-11-21T10:00:00.000Z'),
      statusChangedAt: new Date('2026-11-20T10:00:00.000Z'),
      checks: expect.arrayContaining([{ code: 'TIN_MATCH', result: 'FAIL', reason: 'The TIN is not registered to the legal name.' }]),
    });
    t.clock.set(undefined);
  });

  it('a provider echoing the TIN, or a bug with it in its message, leaves it out of the reason, the database and the logs', async () => {
    const echo = await business('Echo Dental');
    const crash = await business('Crash Dental');
    await jobs.add({ businessId: echo, customerId }, { jobId: `enrich-${echo}` });
    await jobs.add({ businessId: crash, customerId }, { jobId: `enrich-${crash}` });
    const echoed = await verifiedTimes(echo, 1);
    const crashed = await verifiedTimes(crash, 1);
    expect(echoed.checks[0]).toMatchObject({ result: 'UNAVAILABLE', reason: expect.stringContaining('The TIN-matching provider failed') });
    expect(crashed.checks[0]).toMatchObject({ result: 'UNAVAILABLE', reason: expect.stringContaining('failed unexpectedly') });
    expect(logLines.some((line) => line.includes('verification check failed unexpectedly') && line.includes('TypeError'))).toBe(true);
    expect(JSON.stringify([echoed, crashed])).not.toContain(TIN);
    expect(logLines.join('\n')).not.toContain(TIN);
    expect(JSON.stringify(await t.db('integration.business_verifications').whereIn('business_id', [echo, crash]))).not.toContain(TIN);
    expect(JSON.stringify(await t.db('integration.business_verification_status_changes').whereIn('business_id', [echo, crash]))).not.toContain(TIN);
  });

  it('a job run twice verifies once; a finished task that was never verified is verified when its job runs again', async () => {
    const counting = steerableTinMatch();
    const completed = createProducer(enrichmentCompletedQueue, { connection: t.redis, prefix: `${t.redisPrefix}-twice` });
    const clock = () => new Date();
    const logger = createLogger({ level: 'silent', name: 'twice' });
    const verifier = createBusinessVerifier({
      db: t.db,
      verifications: createPgVerificationStore(t.db),
      classifications: createPgClassificationStore(t.db),
      businesses: createBusinessDirectory(t.db),
      tins: createTinDirectory(t.db),
      dataKeys: t.dataKeys,
      providersFor: async () => ({ ...createSandboxVerificationProviders(), tinMatch: counting.provider }),
      classifier: createSandboxClassifier(),
      clock,
      logger,
    });
    const processEnrichment = createEnrichmentProcessor({
      db: t.db,
      tasks: createPgTaskStore(t.db),
      records: createPgPublicRecordsStore(t.db),
      businesses: createBusinessDirectory(t.db),
      provider: scriptedProvider(),
      financials: createSandboxFinancialsProvider(),
      verifier,
      completed,
      clock,
      logger,
    });
    const id = await business('Twice Dental');
    const job = { id: `twice-${id}`, data: { businessId: id, customerId }, attemptsMade: 0, opts: { attempts: 3 } };
    await processEnrichment(job);
    await processEnrichment(job);
    expect(counting.state.calls).toBe(1);
    expect(await verifications(id)).toHaveLength(1);
    expect(await t.db('integration.business_verification_status_changes').where({ business_id: id })).toHaveLength(1);
    expect(await t.db('integration.business_classifications').where({ business_id: id })).toHaveLength(1);
    expect(await eventsOf(id)).toEqual([verifiedEvent(id)]);

    await t.db('integration.business_verification_status_changes').where({ business_id: id }).delete();
    await t.db('integration.business_verifications').where({ business_id: id }).delete();
    await processEnrichment(job);
    expect(counting.state.calls).toBe(2);
    expect(await verifications(id)).toEqual([expect.objectContaining({ status: 'VERIFIED' })]);
    // Its history deleted by the test, the verification made again writes a first change again, and its event.
    expect(await eventsOf(id)).toEqual([verifiedEvent(id), verifiedEvent(id)]);
    await completed.queue.obliterate({ force: true });
    await completed.close();
  });
});
