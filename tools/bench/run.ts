/*
 * `npm run bench`: the suite measured as a client would measure it, beside ceiling servers measured
 * in the same run (issue 10). It starts the built suite on a fresh database and Redis prefix, seeds
 * it through the API, loads every read endpoint, times the writes and the asynchronous journeys,
 * watches memory and the event loop, tries the api/worker split, prints one table and writes it to
 * BENCHMARKS.md. `--smoke` runs every step with a fraction of the load and writes nothing (CI);
 * `--profile` profiles the suite's CPU while the reads are loaded, prints where the time went and stops.
 * Not a test: the goals are judged in the table, never by a timed test.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CEILING_KINDS, serveCeiling, type CeilingKind } from './ceiling-server';
import { addToScore, bulkRows, inviteToMail, reportToCompleted, sequentialAdds, signInBurst } from './journeys';
import { runMicroBenchmarks, type MicroResult } from './micro';
import { processFigures } from './processes';
import { summariseProfiles } from './profile';
import { businessReadTarget, ceilingRows, measureCeilings, measureReads } from './reads';
import { seed } from './seed';
import { benchSettings } from './settings';
import { startSuite } from './suite-runner';
import { boundRow, renderTable, writeBenchmarks, type BenchRow } from './table';
import { workerSplit } from './worker-split';
import { createWorld, removeWorld, startMailSink } from './world';

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function microTable(results: MicroResult[]): string {
  return ['| function | µs per call | calls |', '| --- | --- | --- |', ...results.map((r) => `| ${r.label} | ${r.microsPerOp.toFixed(1)} | ${r.ops} |`)].join('\n');
}

async function bench(): Promise<void> {
  const settings = benchSettings(process.argv);
  const world = createWorld();
  const logDir = mkdtempSync(join(tmpdir(), 'kyb-bench-logs-'));
  const sink = await startMailSink();
  const rows: BenchRow[] = [];
  say(`bench: ${settings.smoke ? 'smoke run' : 'full run'}; process logs in ${logDir}`);
  try {
    const micro = await runMicroBenchmarks(settings.microScale);
    const profileDir = join(logDir, 'cpu-profile');
    const suite = await startSuite(world, 'all', sink.port, logDir, settings.profile ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {});
    try {
      const before = await processFigures(suite.metricsUrl);
      const seeded = await seed(suite.base, world, settings);
      say('bench: seeded; measuring the ceilings');
      const ceilings = await measureCeilings(world, seeded, settings, logDir);
      rows.push(...ceilingRows(ceilings));
      say('bench: measuring the read endpoints');
      rows.push(...(await measureReads(suite.base, seeded, ceilings, settings)));
      if (settings.profile) {
        await suite.process.stop();
        say(`\n${renderTable(rows)}\n\n${summariseProfiles(profileDir)}`);
        return;
      }
      say('bench: timing writes and journeys');
      rows.push(await sequentialAdds(seeded.owner, settings));
      rows.push(...(await bulkRows(seeded.owner, world, settings)));
      rows.push(...(await addToScore(seeded.owner, settings)));
      rows.push(await reportToCompleted(seeded.owner, seeded.businessId, settings));
      rows.push(await inviteToMail(seeded.owner, sink, settings));
      rows.push(...(await signInBurst(suite.base, businessReadTarget(suite.base, seeded), settings, suite.metricsUrl, world.demoPassword)));
      const after = await processFigures(suite.metricsUrl);
      rows.push(boundRow('suite memory: RSS before -> after', after.rssMb, 'MiB', undefined, `before ${before.rssMb.toFixed(0)} MiB`));
      rows.push(boundRow('suite memory: heap used before -> after', after.heapUsedMb, 'MiB', undefined, `before ${before.heapUsedMb.toFixed(0)} MiB`));
      await suite.process.stop();
      say('bench: api/worker split');
      rows.push(...(await workerSplit(world, seeded.owner, sink.port, settings, logDir)));
    } finally {
      await suite.process.stop();
    }
    const table = renderTable(rows);
    say(`\n${table}\n\n${microTable(micro)}\n`);
    const missed = rows.filter((row) => row.met === false).length;
    say(`bench: ${rows.filter((row) => row.met !== undefined).length - missed} goals met, ${missed} not met`);
    if (!settings.smoke) {
      writeBenchmarks(join(process.cwd(), 'BENCHMARKS.md'), table, settings, microTable(micro));
      say('bench: written to BENCHMARKS.md');
    }
  } finally {
    await sink.close();
    await removeWorld(world);
  }
}

function main(): void {
  const serveAt = process.argv.indexOf('--serve-ceiling');
  if (serveAt >= 0) {
    const kind = process.argv[serveAt + 1] as CeilingKind;
    if (!CEILING_KINDS.includes(kind)) throw new Error(`no ceiling server ${kind}`);
    serveCeiling(kind, Number(process.argv[serveAt + 2]), process.env);
    return;
  }
  bench().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`bench failed: ${(err as Error).stack}\n`);
      process.exit(1);
    },
  );
}

main();
