import { randomBytes, randomUUID } from 'node:crypto';
import { startAreaHarness, type AreaHarness } from '@kyb/area-testing';
import { testActor } from '@kyb/auth/testing';
import { eventually } from '@kyb/testing';
import type { Queue } from 'bullmq';
import { businessEnrichmentQueue, closeGracefully, createProducer, ENRICHMENT_BATCH_SIZE, enrichmentBatchQueue, onboardingRunQueue } from '@kyb/queues';
import { createMasterKeyring, createSealedBox } from '@kyb/secrets';
import { createCustomerDirectory, createDataKeys, type DataKeys } from '@kyb/area-views';
import { createCustomerDirectoryStandIn, createDataKeyStandIn } from '@kyb/area-views/testing';
import { createPgApplicantStore } from '../applicants/applicants.store';
import { createPgBusinessStore } from '../businesses/businesses.store';
import { createPgCaseStore } from '../cases/cases.store';
import { caseMigrations } from '../migrations';
import { createAcceptRun } from './accept-run';
import { readBulkRows } from './bulk-rows';
import { createEnrichmentGatherer } from './enrichment-gatherer';
import type { OnboardingDeps } from './onboarding-deps';
import { createPgOnboardingStore } from './onboarding.store';
import { createProcessRun, type ProcessRun } from './process-run';

/**
 * The worker's step on runs whose rows the request guard never saw (queued before it existed) or
 * that the database refuses: the run always ends, FAILED with a reason, and never stays PENDING.
 */
describe('processRun ends every run (issue 16)', () => {
  let h: AreaHarness;
  let deps: OnboardingDeps;
  let processRun: ProcessRun;
  let closeProducers: () => Promise<void>;
  let batchQueue: Queue;
  let singleQueue: Queue;
  const masterKey = randomBytes(32);
  // Rows sealed as before data keys (with the master key itself): they still open (ADR 0023).
  const sealedBox = createSealedBox(masterKey);
  let dataKeys: DataKeys;
  const store = createPgOnboardingStore();
  const customerId = randomUUID();
  const actor = randomUUID();

  beforeAll(async () => {
    h = await startAreaHarness([caseMigrations], 'case');
    await createDataKeyStandIn(h.db);
    dataKeys = createDataKeys(h.db, createMasterKeyring(masterKey));
    await (await createCustomerDirectoryStandIn(h.db)).put({ id: customerId, features: { PAT_120_ADD_BUSINESS: true } });
    const context = { connection: h.redis, prefix: h.redisPrefix, logger: h.logger };
    const enrichment = createProducer(businessEnrichmentQueue, context);
    const enrichmentBatches = createProducer(enrichmentBatchQueue, context);
    const runs = createProducer(onboardingRunQueue, context);
    closeProducers = () => closeGracefully([], [enrichment, enrichmentBatches, runs]);
    deps = {
      db: h.db,
      store,
      businesses: createPgBusinessStore(h.db),
      applicants: createPgApplicantStore(),
      cases: createPgCaseStore(h.db),
      directory: createCustomerDirectory(h.db),
      dataKeys,
      gatherer: createEnrichmentGatherer({ enrichment, enrichmentBatches, windowMs: 0, logger: h.logger }),
      runs,
      clock: h.clock.now,
      logger: h.logger,
    };
    processRun = createProcessRun(deps);
    batchQueue = enrichmentBatches.queue;
    singleQueue = enrichment.queue;
  });
  afterAll(() => h.close(() => closeProducers()));

  /** A PENDING run as `acceptRun` leaves it, with `sealed` as its sealed rows. */
  async function pendingRun(sealed: string, rowCount = 1): Promise<string> {
    const id = randomUUID();
    await store.insertRun(h.db, { id, customer_id: customerId, created_by: actor, row_count: rowCount, status: 'PENDING', rows_sealed: sealed });
    return id;
  }
  const sealRows = (rows: object[]) => sealedBox.seal(JSON.stringify(rows));
  const businesses = async () => (await h.db('cases.businesses').where({ customer_id: customerId })).length;

  const nulInName = { column: 'name', providedKey: 'name', value: 'Bad\ufffdCo', reason: 'row.name must not contain NUL characters' };
  it.each([
    // A lone surrogate cannot come through CSV (the body is read as UTF-8), only through JSON escapes.
    ['JSON', [{ name: 'Fine' }, { name: 'Bad\u0000Co', dba1_name: 'Half \ud800' }], 'Half \ufffd', 'row.dba1_name must not contain unpaired UTF-16 surrogates'],
    ['CSV', readBulkRows('name,dba1_name\nFine,\nBad\u0000Co,Half \u0000'), 'Half \ufffd', 'row.dba1_name must not contain NUL characters'],
  ])('a bad character in a %s row ends the run FAILED naming row and column, the values stored with U+FFFD', async (_source, rows, value, reason) => {
    const runId = await pendingRun(sealRows(rows), 2);
    await processRun(runId);
    const run = await store.findRun(h.db, runId);
    expect(run).toMatchObject({ status: 'FAILED', failure_reason: 'Bulk process had errors', rows_sealed: null });
    expect(run?.finished_at).toBeInstanceOf(Date);
    expect(run?.failed_rows).toEqual({
      1: { message: 'Validation failed. Error details:', data: [nulInName, { column: 'dba1_name', providedKey: 'dba1_name', value, reason }] },
    });
    expect(await businesses()).toBe(0);
  });

  it('a row the database refuses ends the run FAILED with a reason that holds no SQL', async () => {
    await h.db.raw("alter table cases.businesses add constraint test_refused_name check (name <> 'Refused Co')");
    try {
      const runId = await pendingRun(sealRows([{ name: 'Fine' }, { name: 'Refused Co' }]), 2);
      await processRun(runId);
      expect(await store.findRun(h.db, runId)).toMatchObject({
        status: 'FAILED',
        failure_reason: 'A row breaks a rule of the stored data; nothing was stored.',
        failed_rows: null,
        rows_sealed: null,
      });
      expect(await businesses()).toBe(0);
    } finally {
      await h.db.raw('alter table cases.businesses drop constraint test_refused_name');
    }
  });

  it('rows that cannot be unsealed end the run FAILED', async () => {
    const runId = await pendingRun('not sealed by this key');
    await processRun(runId);
    expect(await store.findRun(h.db, runId)).toMatchObject({ status: 'FAILED', failure_reason: 'The rows of the run could not be read; nothing was stored.' });
  });

  it('failed rows that cannot be kept still end the run FAILED, with the reason alone', async () => {
    await h.db.raw('alter table cases.onboarding_runs add constraint test_no_failed_rows check (failed_rows is null) not valid');
    try {
      const runId = await pendingRun(sealRows([{ name: 'Bad phone', mobile: '10' }]));
      await processRun(runId);
      expect(await store.findRun(h.db, runId)).toMatchObject({
        status: 'FAILED',
        failure_reason: 'Bulk process had errors (the failed rows could not be kept)',
        failed_rows: null,
      });
    } finally {
      await h.db.raw('alter table cases.onboarding_runs drop constraint test_no_failed_rows');
    }
  });

  it('good rows end the run SUCCEEDED, and a finished run is left as it is', async () => {
    const runId = await pendingRun(sealRows([{ name: 'Stored Co', external_id: ' E-1 ' }]));
    await processRun(runId);
    const run = await store.findRun(h.db, runId);
    expect(run).toMatchObject({ status: 'SUCCEEDED', failure_reason: null });
    await processRun(runId);
    await store.finishRun(h.db, runId, { status: 'FAILED', failure_reason: 'late' }, new Date());
    expect(await store.findRun(h.db, runId)).toMatchObject({ status: 'SUCCEEDED', business_ids: run?.business_ids });
    expect(await h.db('cases.businesses').where({ customer_id: customerId, external_id: 'E-1' })).toHaveLength(1);
  });
  it('a bulk run queues its businesses for enrichment in batches of ENRICHMENT_BATCH_SIZE, in order, each batch once', async () => {
    const rows = Array.from({ length: 2 * ENRICHMENT_BATCH_SIZE + 5 }, (_row, n) => ({ name: `Batched Co ${n}` }));
    const runId = await pendingRun(sealRows(rows), rows.length);
    await processRun(runId);
    const ids = (await store.findRun(h.db, runId))?.business_ids ?? [];
    expect(ids).toHaveLength(rows.length);
    const batches = await Promise.all([0, 1, 2, 3].map((chunk) => batchQueue.getJob(`enrich-run-${runId}-${chunk}`)));
    expect(batches.map((job) => job?.data.businessIds.length)).toEqual([ENRICHMENT_BATCH_SIZE, ENRICHMENT_BATCH_SIZE, 5, undefined]);
    expect(batches.flatMap((job) => job?.data.businessIds ?? [])).toEqual(ids);
    expect(batches.slice(0, 3).every((job) => job?.data.customerId === customerId)).toBe(true);
    // A business of a batch has no single job of its own (its task takes the single job's id when the batch runs).
    expect(await singleQueue.getJob(`enrich-${ids[0]}`)).toBeUndefined();
  });
  it('a run of one business queues its single enrichment job', async () => {
    const runId = await pendingRun(sealRows([{ name: 'Alone Co' }]), 1);
    await processRun(runId);
    const [id] = (await store.findRun(h.db, runId))?.business_ids ?? [];
    // Queued after the answer, not waited for.
    expect((await eventually(() => singleQueue.getJob(`enrich-${id}`))).data).toEqual({ businessId: id, customerId });
    expect(await batchQueue.getJob(`enrich-run-${runId}-0`)).toBeUndefined();
  });
  it('two jobs of one run processing it at once store its rows once (the run row is locked, then re-read)', async () => {
    const runId = await pendingRun(sealRows([{ name: 'Twice Co 1' }, { name: 'Twice Co 2' }]), 2);
    await Promise.all([processRun(runId), processRun(runId), processRun(runId)]);
    const run = await store.findRun(h.db, runId);
    expect(run).toMatchObject({ status: 'SUCCEEDED', failure_reason: null });
    expect(run?.business_ids).toHaveLength(2);
    expect(await h.db('cases.businesses').where({ customer_id: customerId }).whereIn('name', ['Twice Co 1', 'Twice Co 2']).count()).toEqual([{ count: '2' }]);
  });
  it('a run accepted while Redis refuses the job is still answered and stays PENDING for the recovery sweep', async () => {
    const refused: string[] = [];
    const acceptRun = createAcceptRun({
      ...deps,
      runs: { add: (_payload: unknown, options: { jobId: string }) => (refused.push(options.jobId), Promise.reject(new Error('Connection is closed.'))) } as never,
    });
    // A 503 here would make the client send the rows again and store them twice.
    const { runId } = await acceptRun({ actor: testActor('CUSTOMER', customerId, { userId: actor }), customerId, rows: [{ name: 'Queued Later Co' }] });
    expect(refused).toEqual([`run-${runId}`]);
    expect(await store.findRun(h.db, runId)).toMatchObject({ status: 'PENDING', row_count: 1 });
    // What the sweep's job then does: the run is stored once.
    await processRun(runId);
    expect(await store.findRun(h.db, runId)).toMatchObject({ status: 'SUCCEEDED' });
  });
  it('a row nested thousands deep (found by the fuzzer) ends the run FAILED, its echo cut at a depth', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 3000; i++) deep = [deep];
    const runId = await pendingRun(sealRows([{ name: 'Deep Fine Co' }, { name: deep }]), 2);
    await processRun(runId);
    const run = await store.findRun(h.db, runId);
    expect(run).toMatchObject({ status: 'FAILED', failure_reason: 'Bulk process had errors' });
    expect(JSON.stringify(run?.failed_rows)).toContain('[nested too deeply to keep]');
    expect(await h.db('cases.businesses').where({ customer_id: customerId, name: 'Deep Fine Co' })).toHaveLength(0);
  });
});
