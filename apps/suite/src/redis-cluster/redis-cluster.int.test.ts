import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCall, createProcessGroup, createTestDatabase, dataOf, eventually, type TestDatabase } from '@kyb/testing';
import { exactlyOnceViolations, mailSentTwice, moreThanAsked, waitUntilFinal, type AskedFor } from '../faults/fault-checks';
import { createRecordingClient, grouped, statusCounts, unacceptable, type RecordedAnswer } from '../faults/fault-http';
import type { JourneyOutcome } from '../faults/fault-journey';
import { SUITE_QUEUES } from '../faults/fault-suite';
import { setUpFaultTenant, type FaultTenant } from '../faults/fault-tenant';
import { startTraffic } from '../faults/fault-traffic';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks/webhook-receiver';
import { adminSessions, type TokenAnswer } from './test-support/cluster-sessions';
import { CLUSTER_ADMIN, startClusterSuite, type ClusterSuite } from './test-support/cluster-suite';
import { ask, startOwnCluster, type ClusterNode, type OwnCluster } from './test-support/own-cluster';

/*
 * Issue 46: the built suite on a real 3-master Redis Cluster (REDIS_CLUSTER_NODES), as production
 * runs it (one api, one worker). Businesses are added one by one (E12, one with async=true) and in
 * a bulk, enriched and scored; reports, merchant screenings and invitation mail follow, every event
 * reaches a webhook endpoint, and ended sessions are refused. While that work is in the queues, the
 * master that holds the suite's slot is killed (SIGKILL), the cluster is seen failed, and the master
 * is started again from its nodes.conf and append-only file. Then: every request was answered 2xx
 * or a retryable 503, everything finished exactly once, and both processes are ready, never restarted.
 */
const JOURNEYS = 8;
const SPACING_MS = 600;
const BULK_ROWS = 25;
const REQUEST_TIMEOUT_MS = 10_000;
const JOURNEY_DEADLINE_MS = 150_000;
const SETTLE_MS = 60_000;
const QUEUES = [...SUITE_QUEUES, 'business-enrichment-batch', 'enrichment-batch-completed', 'webhook-delivery'];

interface Run {
  answers: RecordedAnswer[];
  outcomes: JourneyOutcome[];
  bulkIds: string[];
  master: ClusterNode;
  /** Jobs waiting or running in the suite's queues when the master was killed. */
  inFlightAtKill: number;
  unfinished: string[];
  revoked: { beforeKill: TokenAnswer[]; afterRestart: TokenAnswer[]; endedAfterRestart: TokenAnswer[]; liveBefore: TokenAnswer[] };
}

describe('the suite on a Redis Cluster, through a killed and restarted master', () => {
  const processes = createProcessGroup();
  let cluster: OwnCluster;
  let database: TestDatabase;
  let suite: ClusterSuite;
  let receiver: WebhookReceiver;
  let tenant: FaultTenant;
  let run: Run;

  /** Jobs waiting or running now, on the master of the suite's slot (BullMQ's `{prefix}:<queue>:wait|active` lists). */
  const jobsInFlight = async (master: ClusterNode) => {
    const keys = QUEUES.flatMap((queue) => ['wait', 'active'].map((state) => `{${suite.queuePrefix}}:${queue}:${state}`));
    const lengths = await ask(master.port, (redis) => Promise.all(keys.map((key) => redis.llen(key))));
    return (lengths ?? []).reduce((sum, n) => sum + n, 0);
  };

  beforeAll(async () => {
    [cluster, database, receiver] = await Promise.all([startOwnCluster(processes), createTestDatabase(), startWebhookReceiver()]);
    suite = await startClusterSuite(processes, { databaseUrl: database.url, clusterNodes: cluster.nodeList });
    tenant = await setUpFaultTenant(suite.base, CLUSTER_ADMIN);
    const call = createCall(suite.base);
    const hooks = `/integration/api/v1/customers/${tenant.customerId}/webhooks`;
    const webhook = dataOf<{ secret: string }>(await call('post', hooks, { token: tenant.token, body: { url: receiver.url, events: ['*'] } }), 'register webhook');
    receiver.trust(webhook.secret);

    // A session ended before the outage.
    const sessions = adminSessions(suite.base, CLUSTER_ADMIN);
    const ended = await sessions.signIn();
    const liveBefore = await sessions.answers(ended, tenant.customerId);
    await sessions.signOut(ended);
    const beforeKill = await sessions.answers(ended, tenant.customerId);

    const client = createRecordingClient(suite.base, REQUEST_TIMEOUT_MS);
    const tag = Date.now().toString(36);
    const rows = Array.from({ length: BULK_ROWS }, (_, i) => ({ name: `Cluster Bulk ${i} ${tag}` }));
    const bulk = await client.call({ journey: 'bulk', step: 'bulk', method: 'POST', path: `/case/api/v1/businesses/customers/${tenant.customerId}/bulk`, token: tenant.token, body: rows });
    const result = (bulk.body.data as { result?: Record<string, { data_businesses: { id: string } }> } | undefined)?.result ?? {};
    const bulkIds = Object.values(result).map((row) => row.data_businesses.id);
    const traffic = startTraffic({ count: JOURNEYS, spacingMs: SPACING_MS, context: { client, db: database.db, tenant, tag, deadline: Date.now() + JOURNEY_DEADLINE_MS } });

    // Every key of the suite is in the slot of its prefix's hash tag: that master is the one to kill.
    const master = await cluster.masterOf(`{${suite.queuePrefix}}`);
    const inFlightAtKill = await eventually(async () => {
      const n = await jobsInFlight(master);
      return n > 0 ? n : undefined;
    }, 30_000);
    await cluster.kill(master);
    await cluster.restart(master);

    const afterRestart = await sessions.answers(ended, tenant.customerId);
    const second = await sessions.signIn();
    await sessions.signOut(second);
    const endedAfterRestart = await sessions.answers(second, tenant.customerId);

    const outcomes = await traffic.finished;
    const unfinished = await waitUntilFinal(database.db, SETTLE_MS);
    run = { answers: client.answers, outcomes, bulkIds, master, inFlightAtKill, unfinished, revoked: { beforeKill, afterRestart, endedAfterRestart, liveBefore } };
    process.stderr.write(
      `redis cluster: ${client.answers.length} requests ${JSON.stringify(statusCounts(client.answers))}; master :${master.port} killed with ${inFlightAtKill} jobs in flight; ` +
        `journeys finished ${outcomes.filter((o) => !o.failure).length}/${outcomes.length}; webhooks received ${receiver.received.length}; unfinished ${JSON.stringify(unfinished)}\n`,
    );
  }, 300_000);

  afterAll(async () => {
    await processes.stopAll();
    if (suite) {
      const directory = mkdtempSync(join(tmpdir(), 'kyb-redis-cluster-'));
      writeFileSync(join(directory, 'api.log'), suite.api.output());
      writeFileSync(join(directory, 'worker.log'), suite.worker.output());
      process.stderr.write(`redis cluster: the suite's logs are in ${directory}\n`);
    }
    await cluster?.stop();
    await receiver?.close();
    await database?.destroy();
  });

  it('keeps every key of the suite on the master of its prefix\'s hash tag, and killed it with jobs in flight', async () => {
    expect(run.inFlightAtKill).toBeGreaterThan(0);
    const others = cluster.nodes.filter((node) => node !== run.master);
    expect(await Promise.all(others.map((node) => ask(node.port, (redis) => redis.dbsize())))).toEqual([0, 0]);
    const keys = (await ask(run.master.port, (redis) => redis.keys('*'))) ?? [];
    expect(keys.filter((key) => !key.startsWith(`{${suite.queuePrefix}}:`))).toEqual([]);
    expect(keys).toEqual(expect.arrayContaining([`{${suite.queuePrefix}}:sessions:revoked`, `{${suite.queuePrefix}}:business-enrichment:id`]));
  });

  it('answered every request 2xx or 503 in the envelope, never a 500, never past its time-out', () => {
    expect(run.answers.length).toBeGreaterThan(JOURNEYS * 3);
    expect(grouped(unacceptable(run.answers))).toEqual([]);
  });

  it('finished every journey (records, score, report, screening, invitation mail) and stored the bulk', async () => {
    expect(run.outcomes.map((o) => o.failure).filter(Boolean)).toEqual([]);
    expect(run.bulkIds).toHaveLength(BULK_ROWS);
    expect(run.unfinished).toEqual([]);
  });

  it('did every business\'s enrichment, score and reports exactly once, and sent each invitation mail once', async () => {
    const answered = [...run.bulkIds, ...run.outcomes.flatMap((o) => (o.businessId ? [o.businessId] : []))];
    expect(await database.db('cases.businesses').whereIn('id', answered).count<Array<{ count: string }>>('id as count')).toEqual([{ count: String(answered.length) }]);
    expect(await exactlyOnceViolations(database.db)).toEqual([]);
    const asked: AskedFor = { reportRequests: new Map(), screeningRequests: new Map(), reportIds: run.outcomes.flatMap((o) => o.reportIds) };
    for (const answer of run.answers.filter((a) => a.method === 'POST')) {
      const id = /businesses\/([0-9a-f-]{36})(?:\/screening)?$/.exec(answer.path)?.[1];
      const tally = answer.step === 'report' ? asked.reportRequests : answer.step === 'screening' ? asked.screeningRequests : undefined;
      if (id && tally) tally.set(id, (tally.get(id) ?? 0) + 1);
    }
    expect(await moreThanAsked(database.db, asked)).toEqual([]);
    expect(run.outcomes.flatMap((o) => o.invitedEmails).length).toBeGreaterThan(0);
    expect(await mailSentTwice(database.db, suite.worker.output())).toEqual([]);
  });

  it('delivered each business\'s business.created and score.computed webhook once, signed', async () => {
    const businesses = [...run.bulkIds, ...run.outcomes.flatMap((o) => (o.businessId ? [o.businessId] : []))];
    const delivered = (type: string, id: string) => receiver.received.filter((r) => r.answered < 300 && r.event?.type === type && r.event.data?.business_id === id);
    await eventually(async () => (businesses.every((id) => delivered('score.computed', id).length > 0) ? true : undefined), 60_000);
    const counts = (type: string) => businesses.map((id) => delivered(type, id).length);
    expect(counts('business.created')).toEqual(businesses.map(() => 1));
    expect(counts('score.computed')).toEqual(businesses.map(() => 1));
    expect(receiver.received.filter((r) => r.verifiedWith.length !== 1)).toEqual([]);
  }, 90_000);

  it('refuses a signed-out session\'s token in every area, before the outage and after it, and one signed out after the restart', () => {
    const refused = [
      { status: 401, message: 'User Session Expired' },
      { status: 401, message: 'User Session Expired' },
    ];
    expect(run.revoked.liveBefore).toEqual([{ status: 200 }, { status: 200 }]);
    expect(run.revoked.beforeKill).toEqual(refused);
    expect(run.revoked.afterRestart).toEqual(refused);
    expect(run.revoked.endedAfterRestart).toEqual(refused);
  });

  it('recovered without a restart of the suite: the api and the worker kept their process and are ready', async () => {
    for (const [role, started] of [['api', suite.api], ['worker', suite.worker]] as const) {
      expect({ role, exitCode: started.child.exitCode, signal: started.child.signalCode }).toEqual({ role, exitCode: null, signal: null });
      const ready = await eventually(async () => {
        const res = await fetch(`${suite.opsUrls[role]}/readyz`, { signal: AbortSignal.timeout(5000) });
        return res.status === 200 ? res.status : undefined;
      }, 20_000);
      expect({ role, ready }).toEqual({ role, ready: 200 });
    }
  });
});
