/*
 * `npm run bench`: the suite measured as a client would measure it, beside ceiling servers measured
 * in the same run (issue 10). It starts the built suite on a fresh database and Redis prefix, seeds
 * it through the API, loads every read endpoint, times the writes and the asynchronous journeys,
 * watches memory and the event loop, tries the api/worker split, prints one table and writes it into
 * the latest-run section of BENCHMARKS.md (between its markers; the rest of the file is hand-written).
 * `--smoke` runs every step with a fraction of the load and writes nothing (CI);
 * `--profile` profiles the suite's CPU while the reads (or, with `--only`, the chosen steps) run, prints where the time went and stops;
 * `--only=<text>` runs only the reads and journeys whose name holds it (`--only=bulk`), prints them and stops; `--hold` seeds the suite
 * and keeps it up for measuring by hand until Ctrl-C.
 * Not a test: the goals are judged in the table, never by a timed test.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CEILING_KINDS, serveCeiling, type CeilingKind } from './ceiling-server';
import { loadAreaExports } from './area-exports';
import { HASH_APART_FLAG, hashWhenAsked, startHashingApart, type Argon2Parameters } from './hashing-apart';
import { addToScore, bulkRows, eventLoopPerSignIn, hashingFloor, inviteToMail, reportToCompleted, sequentialAdds, signInBurst } from './journeys';
import { runMicroBenchmarks, type MicroResult } from './micro';
import { processFigures } from './processes';
import { summariseProfiles } from './profile';
import type { LoadTarget } from './load';
import { readsAtScale } from './reads-at-scale';
import { businessReadTarget, ceilingRows, measureReads, readNames, startCeilings } from './reads';
import { DEMO_EMAIL, seed, type SeededWorld } from './seed';
import { benchSettings, type BenchSettings } from './settings';
import { startSuite } from './suite-runner';
import { assertBenchmarksWritable, boundRow, renderTable, writeBenchmarks, type BenchRow } from './table';
import { watchlistRescreen } from './watchlist-rescreen';
import { watchlistScreening } from './watchlist-screening';
import { workerSplit } from './worker-split';
import { createWorld, removeWorld, startMailSink } from './world';

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function microTable(results: MicroResult[]): string {
  return ['| function | µs per call | calls |', '| --- | --- | --- |', ...results.map((r) => `| ${r.label} | ${r.microsPerOp.toFixed(1)} | ${r.ops} |`)].join('\n');
}

/** `--hold`: the seeded suite stays up for measuring by hand (curl, autocannon, perf) until Ctrl-C. */
async function holdForInspection(base: string, seeded: SeededWorld, pid: number | undefined, demoPassword: string): Promise<void> {
  say(`bench: holding the seeded suite (pid ${pid}) at ${base} until Ctrl-C`);
  say(`TOKEN=${seeded.owner.token}`);
  say(`CUSTOMER=${seeded.owner.customerId} BUSINESS=${seeded.businessId} REPORT=${seeded.reportId}`);
  // The throwaway world's demo owner, for timing sign-ins by hand.
  say(`EMAIL=${DEMO_EMAIL} PASSWORD='${demoPassword}'`);
  await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
}

/** The hashing floor under the sign-in row, with the auth area's own argon2id parameters. */
async function argon2Floor(read: LoadTarget, settings: BenchSettings): Promise<BenchRow[]> {
  const hashing = await startHashingApart(process.argv[1], settings.signInsPerSecond, loadAreaExports().ARGON2ID_PARAMETERS);
  try {
    return await hashingFloor(read, settings, hashing);
  } finally {
    await hashing.stop();
  }
}

async function bench(): Promise<void> {
  const settings = benchSettings(process.argv);
  const benchmarks = join(process.cwd(), 'BENCHMARKS.md');
  // A run that will write BENCHMARKS.md checks its latest-run markers first, rather than failing after minutes of measuring.
  const writes = !settings.smoke && !settings.hold && !settings.profile && !settings.only;
  if (writes) assertBenchmarksWritable(benchmarks);
  const world = createWorld();
  const logDir = mkdtempSync(join(tmpdir(), 'kyb-bench-logs-'));
  const sink = await startMailSink();
  const rows: BenchRow[] = [];
  say(`bench: ${settings.smoke ? 'smoke run' : 'full run'}; process logs in ${logDir}`);
  try {
    const micro = await runMicroBenchmarks(settings.microScale);
    const profileDir = join(logDir, 'cpu-profile');
    // Held (--hold), the suite writes a perf map, so `perf record -p <pid>` names its JavaScript frames.
    const nodeArgs = settings.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : settings.hold ? ['--perf-basic-prof'] : [];
    const suite = await startSuite(world, 'all', sink.port, logDir, { nodeArgs });
    try {
      const before = await processFigures(suite.metricsUrl);
      const seeded = await seed(suite.base, world, settings);
      if (settings.hold) {
        await holdForInspection(suite.base, seeded, suite.process.pid, world.demoPassword);
        return;
      }
      const reads = readNames().filter((name) => !settings.only || name.includes(settings.only));
      if (reads.length > 0) {
        say('bench: seeded; measuring the bare ceilings');
        const ceilings = await startCeilings(world, seeded, settings, logDir, settings.profile ? join(logDir, 'ceiling-profile') : undefined);
        try {
          say('bench: measuring the read endpoints, each in turns with the full ceiling');
          const measured = await measureReads(suite.base, seeded, ceilings, settings, suite.process.pid);
          rows.push(...ceilingRows(ceilings, measured.ceilingTurns), ...measured.rows);
        } finally {
          await ceilings.full.stop();
        }
      }
      if (settings.profile && !settings.only) {
        await suite.process.stop();
        say(`\n${renderTable(rows)}\n\n${summariseProfiles(profileDir)}\n\nThe full ceiling, for comparison:\n${summariseProfiles(join(logDir, 'ceiling-profile'))}`);
        return;
      }
      say('bench: timing writes and journeys');
      const steps: Array<[string, () => Promise<BenchRow | BenchRow[]>]> = [
        ['E12 add one', () => sequentialAdds(seeded.owner, settings)],
        ['bulk', () => bulkRows(seeded.owner, world, settings, suite.process.pid)],
        ['added business', () => addToScore(seeded.owner, settings)],
        ['E7 report', () => reportToCompleted(seeded.owner, seeded.businessId, settings)],
        ['invite', () => inviteToMail(seeded.owner, sink, settings)],
        ['sign-ins', () => signInBurst(suite.base, businessReadTarget(suite.base, seeded), settings, suite.metricsUrl, world.demoPassword)],
        ['sign-ins: argon2 alone', () => argon2Floor(businessReadTarget(suite.base, seeded), settings)],
        ['sign-ins: event-loop CPU', () => eventLoopPerSignIn(suite.base, suite.process.pid, world.demoPassword, settings)],
        ['watchlist screening', () => watchlistScreening(settings)],
        // On a world and suite of its own (the read suite idles meanwhile): 100,000 monitored businesses, two list versions.
        ['watchlist rescreen', () => watchlistRescreen(settings, sink.port, logDir)],
        // On a world and suite of their own too: a tenant of 1,000 businesses grown to a million by npm run seed:scale.
        ['reads at scale', () => readsAtScale(settings, sink.port, logDir)],
      ];
      for (const [name, step] of steps) {
        if (settings.only && !name.includes(settings.only)) continue;
        rows.push(...[await step()].flat());
      }
      if (settings.only) {
        await suite.process.stop();
        say(`\n${renderTable(rows)}${settings.profile ? `\n\n${summariseProfiles(profileDir)}` : ''}`);
        return;
      }
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
    if (writes) {
      writeBenchmarks(benchmarks, table, settings, microTable(micro));
      say('bench: written to the latest full run of BENCHMARKS.md');
    }
  } finally {
    await sink.close();
    await removeWorld(world);
  }
}

function main(): void {
  const hashAt = process.argv.indexOf(HASH_APART_FLAG);
  if (hashAt >= 0) {
    hashWhenAsked(Number(process.argv[hashAt + 1]), JSON.parse(process.argv[hashAt + 2]) as Argon2Parameters);
    return;
  }
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
