import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { createLogger } from '@kyb/http';
import type { FinancialsProvider } from '../providers/financials.provider';
import { ProviderError } from '../providers/providers.errors';
import type { BjlRecord } from '../providers/public-records.provider';
import { createSandboxFinancialsProvider } from '../providers/sandbox-financials.provider';
import { batchJob, enrichmentProcessorsOf, singleJob } from '../test-support/enrichment-processors';
import { providerRecords, scriptedProvider, type FetchStep } from '../test-support/fake-providers';
import { startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { storedEnrichmentOf } from '../test-support/stored-enrichment';

const record = (kind: BjlRecord['kind'], id: string, status: string, amount: number | null, date: string): BjlRecord => ({
  kind,
  providerRecordId: id,
  filingDate: date,
  status,
  amount,
});

/** One kind of business, enriched twice alike: once by single jobs, once in a batch. */
interface Twin {
  name: string;
  /** The provider's answer in the enrichment compared (default: providerRecords()). */
  answer?: FetchStep;
  /** Records of an enrichment before (another task, whose verification ended UNVERIFIED). */
  before?: BjlRecord[];
  tin?: string | null;
  naicsCode?: string;
  /** Enriched already by its own job before the run compared ('unverified': its verification was lost since). */
  done?: 'verified' | 'unverified';
  /** Its own job was refused before the run compared. */
  failedBefore?: boolean;
  gone?: boolean;
}

const TWINS: Twin[] = [
  {
    name: 'Longwood Dental LLC',
    before: [record('LIEN', 'L-1', 'active', 100, '2025-01-01T00:00:00.000Z'), record('LIEN', 'L-2', 'active', 200, '2025-02-01T00:00:00.000Z')],
    answer: providerRecords([record('LIEN', 'L-1', 'released', 100, '2025-01-01T00:00:00.000Z'), record('LIEN', 'L-3', 'active', 300.5, '2025-03-01T00:00:00.000Z')]),
  },
  { name: 'Mismatch Dental', before: [], answer: providerRecords([record('BANKRUPTCY', 'B-1', 'open', null, '2024-06-01T00:00:00.000Z')]) },
  { name: 'Dissolved Bakery' },
  { name: 'Registry Down Pizza', naicsCode: '541110', tin: null },
  { name: 'Nominee Nowhere Co', answer: providerRecords([record('JUDGEMENT', 'J-1', 'active', 5000, '2023-01-01T00:00:00.000Z'), record('LIEN', 'L-9', 'active', null, '2022-01-01T00:00:00.000Z')]) },
  { name: 'Refused Co', answer: new ProviderError('The public records provider refused the request.', { transient: false }) },
  { name: 'Flaky Co', answer: new ProviderError('Provider timed out.', { transient: true }) },
  { name: 'Broken Co', answer: new Error('socket hang up at 10.0.0.7 with key=abc') },
  { name: 'Ledgerless Co' },
  { name: 'Gone Co', gone: true },
  { name: 'Done Dental', done: 'verified' },
  { name: 'Unverified Done Bakery', done: 'unverified' },
  { name: 'Failed Before Co', failedBefore: true, answer: new ProviderError('Refused before.', { transient: false }) },
];

/** The sandbox keyed by name, not id, so twins get the same statements; `Ledgerless` businesses are refused. */
const sandboxFinancials = createSandboxFinancialsProvider();
const financials: FinancialsProvider = {
  name: 'sandbox',
  async fetchFinancials(business) {
    if (business.name.startsWith('Ledgerless')) throw new ProviderError('The financials provider refused the request.', { transient: false });
    return sandboxFinancials.fetchFinancials({ ...business, id: business.name });
  },
};

// What both paths log per business (the batch also says when a business leaves it for its own job).
const SHARED_LOGS = ['public records refused', 'business verification status changed', 'business verification could not be stored', 'business classification failed'];

describe('an enrichment batch stores what single jobs store', () => {
  let t: IntegrationTestApp;
  const lines: string[] = [];
  const provider = scriptedProvider();
  const customerId = randomUUID();
  let main: ReturnType<typeof enrichmentProcessorsOf>;
  let earlier: ReturnType<typeof enrichmentProcessorsOf>;

  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
    const logger = createLogger({ level: 'info', name: 'equivalence', destination: new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }) });
    main = enrichmentProcessorsOf(t, { provider, financials, logger });
    // Earlier enrichments ran when the TIN did not match yet: their verification is UNVERIFIED.
    earlier = enrichmentProcessorsOf(t, { provider, financials, logger, verificationProviders: { tinMatch: { name: 'never', matchTin: async () => ({ matched: false }) } } });
  });
  afterAll(async () => {
    await Promise.all([main.close(), earlier.close()]);
    await t.close();
  });

  const logsOf = (businessId: string) =>
    lines
      .map((line) => JSON.parse(line) as { msg: string; businessId?: string; status?: string })
      .filter((entry) => entry.businessId === businessId && SHARED_LOGS.includes(entry.msg))
      .map((entry) => `${entry.msg} ${entry.status ?? ''}`);

  /** The business's events in the outbox, oldest first: their types (and status), whose ids differ between twins. */
  const eventsOf = async (businessId: string) =>
    (await t.db('integration.outbox_events').whereRaw(`data->>'business_id' = ?`, [businessId]).orderBy('seq').select('type', 'data')).map((e) =>
      [e.type, e.data.status].filter(Boolean).join(' '),
    );

  /** A business of the kind `twin`, with what happened to it before the enrichment compared. */
  async function business(twin: Twin): Promise<string> {
    const id = randomUUID();
    await t.business({ id, customerId, name: twin.name, naicsCode: twin.naicsCode, owners: [{ firstName: 'Ann', lastName: 'Lee', ssnMasked: 'XXXXX1234' }] });
    await t.tin(id, twin.tin === undefined ? '987654321' : twin.tin);
    const answer = twin.answer ?? providerRecords();
    provider.script(id, twin.before ? [providerRecords(twin.before), answer] : [answer]);
    if (twin.before) await earlier.single(singleJob(id, customerId, `earlier-${id}`));
    if (twin.done || twin.failedBefore) await main.single(singleJob(id, customerId));
    if (twin.done === 'unverified') {
      await t.db('integration.business_verification_status_changes').where({ business_id: id }).delete();
      await t.db('integration.business_verifications').where({ business_id: id }).delete();
    }
    if (twin.gone) await t.removeBusiness(id);
    return id;
  }

  it('field by field: tasks, public records, BJL records, financials, verifications with their history, classifications, logs, events and announcements', async () => {
    const singles: string[] = [];
    const batched: string[] = [];
    for (const twin of TWINS) {
      singles.push(await business(twin));
      batched.push(await business(twin));
    }
    const thrown: string[] = [];
    for (const [n, id] of singles.entries()) await main.single(singleJob(id, customerId)).catch(() => thrown.push(TWINS[n].name));
    await main.batch(batchJob('equivalence', batched, customerId));

    // The twins cover what they claim: every outcome of a task is among them.
    expect(thrown).toEqual(['Flaky Co', 'Broken Co']);
    const stored = await Promise.all(singles.map((id) => storedEnrichmentOf(t.db, id)));
    expect(stored.map((s) => s.tasks.at(-1)?.status)).toEqual([
      'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'FAILED', 'PENDING', 'PENDING', 'FAILED', 'FAILED', 'SUCCEEDED', 'SUCCEEDED', 'FAILED',
    ]);
    expect(stored[0].history.map((h) => `${h.from}->${h.to}`)).toEqual(['null->UNVERIFIED', 'UNVERIFIED->VERIFIED']);
    expect(stored[0].bjl.map((r) => `${r.providerRecordId} ${r.status}`)).toEqual(['L-1 released', 'L-3 active']);
    expect(stored[1].history).toHaveLength(1);
    expect(stored[3].classification).toBeUndefined();
    expect(stored[2].classification).toMatchObject({ naics: '311811' });
    expect(stored[11].verifications).toHaveLength(1);

    for (const [n, twin] of TWINS.entries()) {
      const batch = await storedEnrichmentOf(t.db, batched[n]);
      expect({ twin: twin.name, ...batch }).toEqual({ twin: twin.name, ...stored[n] });
      expect({ twin: twin.name, calls: provider.callsFor(batched[n]) }).toEqual({ twin: twin.name, calls: provider.callsFor(singles[n]) });
      expect({ twin: twin.name, logs: logsOf(batched[n]) }).toEqual({ twin: twin.name, logs: logsOf(singles[n]) });
      expect({ twin: twin.name, events: await eventsOf(batched[n]) }).toEqual({ twin: twin.name, events: await eventsOf(singles[n]) });
    }
    expect(await eventsOf(singles[0])).toEqual(['enrichment.completed', 'business.unverified UNVERIFIED', 'enrichment.completed', 'business.verified']);
    expect(await eventsOf(singles[5])).toEqual(['enrichment.failed']);
    expect(await eventsOf(singles[6])).toEqual([]);
    expect(logsOf(singles[0])).toContain('business verification status changed VERIFIED');

    // A single job announces its task alone; the batch announces the same tasks' businesses in one job.
    const announcedAlone = await Promise.all(
      singles.map(async (id) => {
        const task = await t.db('integration.integration_tasks').where({ business_id: id, job_id: `enrich-${id}` }).first('id');
        return task !== undefined && (await main.queues.completed.getJob(`enriched-${task.id}`)) !== undefined;
      }),
    );
    const announcement = await main.queues.batchCompleted.getJob('enriched-equivalence');
    const inBatch = new Set((announcement?.data.completions as Array<{ businessId: string }>).map((c) => c.businessId));
    expect(batched.map((id) => inBatch.has(id))).toEqual(announcedAlone);
  });
});
