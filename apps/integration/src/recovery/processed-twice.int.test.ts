import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createLogger } from '@kyb/http';
import { createProducer, enrichmentCompletedQueue } from '@kyb/queues';
import { createBusinessDirectory } from '@kyb/area-views';
import { createEnrichmentProcessor } from '../enrichment/enrichment.processor';
import { createPgTaskStore } from '../enrichment/integration-tasks.store';
import { createSandboxFinancialsProvider } from '../providers/sandbox-financials.provider';
import { createPgPublicRecordsStore } from '../public-records/public-records.store';
import { createSandboxScreeningProvider } from '../screening/sandbox-screening.provider';
import { createScreeningCredentialsService } from '../screening/screening-credentials.service';
import { createPgScreeningCredentialsStore } from '../screening/screening-credentials.store';
import { createScreeningProcessor } from '../screening/screening.processor';
import type { ScreeningProvider } from '../providers/screening.provider';
import { createPgScreeningStore } from '../screening/screening.store';
import { storeCredentials, testConsumerKey, testKeyMaterial } from '../test-support/screening-credentials';
import { scriptedProvider } from '../test-support/fake-providers';
import { startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';

/** Jobs run twice (a redelivery, or the recovery sweep queuing a job that had in fact finished) change nothing the second time. */
describe('integration processors, processed twice', () => {
  let t: IntegrationTestApp;
  const customerId = randomUUID();
  const clock = () => new Date();
  const logger = createLogger({ level: 'silent', name: 'processed-twice-test' });

  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
  });
  afterAll(() => t.close());

  it('enrichment: one provider call, one task, one set of records, one announcement', async () => {
    const provider = scriptedProvider();
    // A queue of its own (no worker takes its jobs), to count the announcements.
    const completed = createProducer(enrichmentCompletedQueue, { connection: t.redis, prefix: `${t.redisPrefix}-twice` });
    const processEnrichment = createEnrichmentProcessor({
      db: t.db,
      tasks: createPgTaskStore(t.db),
      records: createPgPublicRecordsStore(t.db),
      businesses: createBusinessDirectory(t.db),
      provider,
      financials: createSandboxFinancialsProvider(),
      completed,
      clock,
      logger,
    });
    const businessId = randomUUID();
    await t.business({ id: businessId, customerId, name: 'Twice Bakery' });
    const job = { id: `enrich-${businessId}`, data: { businessId, customerId }, attemptsMade: 0, opts: { attempts: 5 } };
    await processEnrichment(job);
    await processEnrichment(job);
    expect(provider.callsFor(businessId)).toBe(1);
    expect(await t.db('integration.integration_tasks').where({ business_id: businessId })).toHaveLength(1);
    expect(await t.db('integration.public_records').where({ business_id: businessId })).toHaveLength(1);
    expect(await completed.queue.getJobCountByTypes('waiting')).toBe(1);
    expect(await t.db('integration.outbox_events').whereRaw(`data->>'business_id' = ?`, [businessId]).pluck('type')).toEqual(['enrichment.completed']);
    await completed.queue.obliterate({ force: true });
    await completed.close();
  });

  it('screening: one provider call and one result', async () => {
    const sandbox = createSandboxScreeningProvider({ delayMs: 0 });
    let calls = 0;
    const provider: ScreeningProvider = { ...sandbox, screen: (input) => ((calls += 1), sandbox.screen(input)) };
    const material = testKeyMaterial(400);
    await storeCredentials(t, customerId, { consumer_key: testConsumerKey(), private_key: material.privateKey, certificate: material.certificate, icas: ['1996'] });
    const businessId = randomUUID();
    await t.business({ id: businessId, customerId, name: 'Twice Books' });
    const token = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'user' });
    const screeningId = (
      await request(t.app).post(`/integration/api/v1/verification/customers/${customerId}/businesses/${businessId}/screening`).set('Authorization', `Bearer ${token}`).send({}).expect(200)
    ).body.data.screening.id as string;
    const processScreening = createScreeningProcessor({
      store: createPgScreeningStore(t.db, t.dataKeys),
      credentials: createScreeningCredentialsService({
        store: createPgScreeningCredentialsStore(t.db),
        dataKeys: t.dataKeys,
        provider,
        clock,
        logger,
      }),
      businesses: createBusinessDirectory(t.db),
      provider,
      clock,
      logger,
    });
    await processScreening(screeningId, { made: 0, allowed: 5 });
    const first = await t.db('integration.screenings').where({ id: screeningId }).first();
    await processScreening(screeningId, { made: 0, allowed: 5 });
    expect(calls).toBe(1);
    expect(first).toMatchObject({ status: 'COMPLETED', attempts: 1 });
    expect(await t.db('integration.screenings').where({ id: screeningId }).first()).toEqual(first);
    expect(await t.db('integration.outbox_events').whereRaw(`data->>'screening_id' = ?`, [screeningId]).pluck('type')).toEqual(['screening.completed']);
  });
});
