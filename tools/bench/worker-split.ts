/*
 * Worker throughput with the process roles: one `api` process and one, then two, `worker`
 * processes, each step onboarding a bulk of businesses until every one has public records and a
 * SUCCESS score.
 */
import type { Caller } from './api-client';
import { bulkUntilScored } from './journeys';
import type { BenchSettings } from './settings';
import { startSuite, type RunningSuite } from './suite-runner';
import { boundRow, type BenchRow } from './table';
import type { BenchWorld } from './world';

/** Runs the split (the `all` suite must be stopped first) and answers its rows. */
export async function workerSplit(world: BenchWorld, owner: Caller, smtpPort: number, settings: BenchSettings, logDir: string): Promise<BenchRow[]> {
  const started: RunningSuite[] = [];
  try {
    const api = await startSuite(world, 'api', smtpPort, logDir);
    started.push(api);
    const caller = { ...owner, base: api.base };
    const rows: BenchRow[] = [];
    for (const workers of [1, 2]) {
      started.push(await startSuite(world, 'worker', smtpPort, logDir, { name: `suite-worker-${workers}` }));
      const { finishedMs } = await bulkUntilScored(caller, world, settings.splitRows, `split${workers}`, settings.journeyTimeoutMs);
      const perSecond = settings.splitRows / (finishedMs / 1000);
      rows.push(boundRow(`worker throughput, ${workers} worker process${workers > 1 ? 'es' : ''} + 1 api`, perSecond, 'businesses/s', undefined, `${settings.splitRows} in ${(finishedMs / 1000).toFixed(1)} s`));
    }
    return rows;
  } finally {
    for (const suite of started.reverse()) await suite.process.stop();
  }
}
