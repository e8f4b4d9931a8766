/*
 * Writes and the asynchronous journeys, timed as a client sees them: E12 one by one and in bulk,
 * a business from E12 to its SUCCESS score, a report from E7 to COMPLETED, an invitation to its
 * mail in the sink, and how sign-in bursts (argon2), and argon2 alone, move other requests.
 */
import { Client } from 'pg';
import { PUBLIC_RECORDS_DIRECTORY_VIEW, SCORE_DIRECTORY_VIEW } from '@kyb/area-views';
import {
  addBusiness,
  addBusinessesTimed,
  businessRow,
  hasPublicRecords,
  inviteApplicant,
  reportStatus,
  requestReport,
  scoreStatus,
  signIn as signInAs,
  signInBody,
  until,
  type Caller,
} from './api-client';
import { cpuPerRequest, cpuSnapshot, eventLoopSeconds, spareCoresPerTurn, type CpuPerRequest } from './cpu-meter';
import { measureInTurns, quantile, type LoadTarget, type TurnSide } from './load';
import { processFigures } from './processes';
import { DEMO_EMAIL } from './seed';
import type { HashingApart } from './hashing-apart';
import type { BenchSettings } from './settings';
import { boundRow, type BenchRow } from './table';
import type { BenchWorld, MailSink } from './world';

function percentiles(values: number[]): string {
  return `p50 ${quantile(values, 0.5).toFixed(0)} ms, p99 ${quantile(values, 0.99).toFixed(0)} ms, n=${values.length}`;
}

/** E12 single adds, one after another (the first `sequentialWarmup` not counted). */
export async function sequentialAdds(owner: Caller, settings: BenchSettings): Promise<BenchRow> {
  const times: number[] = [];
  for (let n = 0; n < settings.sequentialWarmup + settings.sequentialAdds; n += 1) {
    const start = performance.now();
    await addBusiness(owner, businessRow('seq', n));
    if (n >= settings.sequentialWarmup) times.push(performance.now() - start);
  }
  return boundRow('E12 add one business, sequential (p50)', quantile(times, 0.5), 'ms', 8, `p99 ${quantile(times, 0.99).toFixed(0)} ms`);
}

/** Counts, through the integration and score areas' published views, the businesses that have public records and a SUCCESS score. */
async function countFinished(db: Client, ids: string[]): Promise<{ records: number; scored: number }> {
  const { rows } = await db.query(
    `select (select count(*) from ${PUBLIC_RECORDS_DIRECTORY_VIEW} where business_id = any($1::uuid[]))::int as records,
            (select count(distinct business_id) from ${SCORE_DIRECTORY_VIEW} where business_id = any($1::uuid[]) and status = 'SUCCESS')::int as scored`,
    [ids],
  );
  return rows[0] as { records: number; scored: number };
}

/**
 * Adds `rows` businesses in one bulk request; answers how long until the answer's last byte arrived,
 * until the client had parsed it, and until the last business is scored.
 */
export async function bulkUntilScored(
  owner: Caller,
  world: BenchWorld,
  rows: number,
  tag: string,
  timeoutMs: number,
  suitePid?: number,
): Promise<{ answerMs: number; parsedMs: number; finishedMs: number; cpu?: CpuPerRequest }> {
  const db = new Client({ connectionString: world.databaseUrl });
  await db.connect();
  try {
    const cpuBefore = cpuSnapshot(suitePid);
    const start = performance.now();
    const { ids, answerMs, parsedMs } = await addBusinessesTimed(owner, Array.from({ length: rows }, (_row, n) => businessRow(tag, n)));
    await until(
      `${rows} bulk businesses to have public records and a SUCCESS score`,
      async () => {
        const { records, scored } = await countFinished(db, ids);
        return records === ids.length && scored === ids.length;
      },
      timeoutMs,
      50,
    );
    const finishedMs = performance.now() - start;
    return { answerMs, parsedMs, finishedMs, cpu: cpuPerRequest(cpuBefore, cpuSnapshot(suitePid), rows) };
  } finally {
    await db.end();
  }
}

/** The bulk rows of the table. */
export async function bulkRows(owner: Caller, world: BenchWorld, settings: BenchSettings, suitePid?: number): Promise<BenchRow[]> {
  const { answerMs, parsedMs, finishedMs, cpu } = await bulkUntilScored(owner, world, settings.bulkRows, 'bulk', settings.journeyTimeoutMs, suitePid);
  const perBusiness = cpu ? `CPU per business: suite ${cpu.serverUs.toFixed(0)} µs, PostgreSQL ${cpu.postgresUs.toFixed(0)} µs` : '';
  return [
    boundRow(`bulk ${settings.bulkRows} rows (JSON), answer (its last byte)`, answerMs, 'ms', 400, `parsed by the client at ${parsedMs.toFixed(0)} ms`),
    boundRow(`bulk ${settings.bulkRows} rows, until the last has public records and a score`, finishedMs / 1000, 's', 3, perBusiness),
  ];
}

/** Businesses added one at a time and followed to public records and a SUCCESS score. */
export async function addToScore(owner: Caller, settings: BenchSettings): Promise<BenchRow[]> {
  const records: number[] = [];
  const scored: number[] = [];
  for (let n = 0; n < settings.journeys; n += 1) {
    const start = performance.now();
    const id = await addBusiness(owner, businessRow('journey', n));
    await until('public records', () => hasPublicRecords(owner, id), settings.journeyTimeoutMs);
    records.push(performance.now() - start);
    await until('a SUCCESS score', async () => (await scoreStatus(owner, id)) === 'SUCCESS', settings.journeyTimeoutMs);
    scored.push(performance.now() - start);
  }
  return [
    boundRow('added business -> public records (p50)', quantile(records, 0.5), 'ms', undefined, percentiles(records)),
    boundRow('added business -> score SUCCESS (p50)', quantile(scored, 0.5), 'ms', 100, percentiles(scored)),
  ];
}

/** Reports asked for (E7) and followed to COMPLETED (E6). */
export async function reportToCompleted(owner: Caller, businessId: string, settings: BenchSettings): Promise<BenchRow> {
  const times: number[] = [];
  for (let n = 0; n < settings.journeys; n += 1) {
    const start = performance.now();
    const reportId = await requestReport(owner, businessId);
    await until('a COMPLETED report', async () => (await reportStatus(owner, reportId)) === 'COMPLETED', settings.journeyTimeoutMs);
    times.push(performance.now() - start);
  }
  return boundRow('E7 -> report COMPLETED (p50)', quantile(times, 0.5), 'ms', 100, percentiles(times));
}

/** Applicants invited (E5) and followed until their invitation mail reaches the SMTP sink. */
export async function inviteToMail(owner: Caller, sink: MailSink, settings: BenchSettings): Promise<BenchRow> {
  const times: number[] = [];
  for (let n = 0; n < settings.journeys; n += 1) {
    const email = `bench.applicant.${n}.${Date.now()}@example.com`;
    const start = Date.now();
    await inviteApplicant(owner, email, n);
    times.push((await sink.arrival(email)) - start);
  }
  return boundRow('invite -> mail delivered (p50)', quantile(times, 0.5), 'ms', undefined, percentiles(times));
}

/**
 * A turn's `during` that reads the event-loop delay p99 of that turn alone into `into`, around
 * `work` when given: a scrape of `/metrics` empties prom-client's event-loop histogram, so the
 * scrape at the turn's end reads only what came after the one at its start.
 */
function withLoopDelay(metricsUrl: string, into: number[], work?: TurnSide['during']): NonNullable<TurnSide['during']> {
  return () => {
    const emptied = processFigures(metricsUrl);
    const stop = work?.();
    return async () => {
      await stop?.();
      await emptied;
      into.push((await processFigures(metricsUrl)).eventLoopDelayP99Ms);
    };
  };
}

/**
 * E9's load quiet and with `beside` running, in the burst's turns (its p99 is decided by its slowest
 * 1% of answers: a GC pause or a neighbour's burst in one turn would decide it alone in two), at a
 * fifth of the run's connections; answers both sides and how far the p99 moved, in percent.
 */
async function p99MovedBy(read: LoadTarget, beside: TurnSide['during'], settings: BenchSettings, quietly?: TurnSide['during']) {
  const burst = { ...settings, seconds: settings.burstSeconds, rounds: settings.burstRounds };
  const connections = Math.max(2, Math.round(settings.connections / 5));
  // Quiet and with the work beside in turns, so both see the same drift of the machine's speed.
  const { a: quiet, b: during } = await measureInTurns({ target: read, during: quietly }, { target: read, during: beside }, burst, connections);
  return { quiet, during, moved: (during.p99Ms / Math.max(quiet.p99Ms, 0.001) - 1) * 100 };
}

/** How far sign-ins (argon2 hashing) at `signInsPerSecond` move the p99 of E9 reads; at most 20% is the goal. */
export async function signInBurst(base: string, read: LoadTarget, settings: BenchSettings, metricsUrl: string, password: string): Promise<BenchRow[]> {
  const failures: string[] = [];
  let signIns = 0;
  // While the load runs with sign-ins, one starts every 1/signInsPerSecond s; its turn ends when they have all answered.
  const signingIn = () => {
    const started: Promise<void>[] = [];
    const timer = setInterval(() => {
      signIns += 1;
      started.push(
        fetch(`${base}/auth/api/v1/customer/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: signInBody(DEMO_EMAIL, password) })
          .then(async (res) => {
            await res.arrayBuffer();
            if (res.status !== 200) failures.push(String(res.status));
          })
          .catch((err: Error) => void failures.push(err.message)),
      );
    }, 1000 / settings.signInsPerSecond);
    return async () => {
      clearInterval(timer);
      await Promise.all(started);
    };
  };
  const delays = { quiet: [] as number[], signingIn: [] as number[] };
  const { quiet, during, moved } = await p99MovedBy(read, withLoopDelay(metricsUrl, delays.signingIn, signingIn), settings, withLoopDelay(metricsUrl, delays.quiet));
  if (failures.length > 0) throw new Error(`${failures.length} sign-ins of the burst failed: ${failures.slice(0, 3).join(', ')}`);
  // Each side's first turn is its warm-up: shown, not counted.
  const worst = (side: number[]) => Math.max(...side.slice(1));
  const turns = (side: number[]) => side.map((delay) => delay.toFixed(1)).join(', ');
  const detail = `quiet: worst ${worst(delays.quiet).toFixed(1)} ms, turns ${turns(delays.quiet)}; with sign-ins: turns ${turns(delays.signingIn)}; warm-ups first, not counted; past prom-client's sampling interval`;
  return [
    boundRow(`E9 p99 moved by ${settings.signInsPerSecond} sign-ins/s`, moved, '%', 20, `p99 ${quiet.p99Ms.toFixed(1)} -> ${during.p99Ms.toFixed(1)} ms, ${signIns} sign-ins`),
    boundRow('event-loop delay p99 in the sign-in turns (worst turn)', worst(delays.signingIn), 'ms', undefined, detail),
  ];
}

/**
 * The floor under the sign-in row (docs/adr/0040): how far argon2id alone, with the suite's
 * parameters and at the sign-ins' rate, moves E9's p99 from a process of its own at nice 19 that
 * serves nothing. No event loop is involved: it is what sign-ins that hash so cost other requests on
 * this machine before any work of their own. Beside it, why (docs/adr/0042): the cores those hashes
 * take, against the cores E9's load leaves idle in the quiet turns. Above 1, the hashes cannot run
 * on spare CPU alone: they take CPU from serving, or, kept from it, fall behind the sign-ins.
 */
export async function hashingFloor(read: LoadTarget, settings: BenchSettings, hashing: HashingApart): Promise<BenchRow[]> {
  const spare: number[] = [];
  const { quiet, during, moved } = await p99MovedBy(read, () => hashing.during(), settings, spareCoresPerTurn(spare));
  const detail = `p99 ${quiet.p99Ms.toFixed(1)} -> ${during.p99Ms.toFixed(1)} ms; ${hashing.hashed()} of ${hashing.asked()} hashes asked (warm-up turn included), at nice 19 in a process serving nothing`;
  // The quiet side's first turn is its warm-up: shown, not counted.
  const counted = spare.slice(1);
  const spareCores = counted.reduce((sum, cores) => sum + cores, 0) / Math.max(counted.length, 1);
  const neededCores = (hashing.cpuPerHashMs() * settings.signInsPerSecond) / 1000;
  const capacity =
    `${neededCores.toFixed(2)} cores needed (${hashing.cpuPerHashMs().toFixed(1)} ms of CPU a hash), ${spareCores.toFixed(2)} spare in the quiet turns ` +
    `(${spare.map((cores) => cores.toFixed(2)).join(', ')}, warm-up first); above 1 the hashes take CPU from serving, whatever their priority`;
  return [
    boundRow(`E9 p99 moved by argon2 alone, ${settings.signInsPerSecond}/s apart`, moved, '%', undefined, detail),
    boundRow(`argon2 at ${settings.signInsPerSecond}/s: cores needed / cores spare under E9's load`, neededCores / Math.max(spareCores, 0.01), 'x', undefined, capacity),
  ];
}

/**
 * The sign-in's own work on the event loop (docs/adr/0042): the suite's main thread's CPU over
 * `timedSignIns` sign-ins one after another, less what the loop spends on its own meanwhile (the
 * areas' polls), read over as long a quiet time right after. argon2 runs on the password threads
 * and is not in it. At the burst's rate it takes that share of the one thread every read also needs.
 */
export async function eventLoopPerSignIn(base: string, suitePid: number | undefined, password: string, settings: BenchSettings): Promise<BenchRow> {
  const name = 'event-loop CPU per sign-in (argon2 apart)';
  const signIn = () => signInAs(base, '/customer/sign-in', DEMO_EMAIL, password);
  for (let n = 0; n < Math.ceil(settings.timedSignIns / 10); n += 1) await signIn();
  const atStart = eventLoopSeconds(suitePid);
  const started = performance.now();
  for (let n = 0; n < settings.timedSignIns; n += 1) await signIn();
  const elapsedMs = performance.now() - started;
  const atEnd = eventLoopSeconds(suitePid);
  const quietFrom = performance.now();
  await new Promise((resolve) => setTimeout(resolve, elapsedMs));
  const afterQuiet = eventLoopSeconds(suitePid);
  if (atStart === undefined || atEnd === undefined || afterQuiet === undefined) return { name, figure: 'not measured (Linux only)', goal: '' };
  // The loop's own CPU a millisecond, over the quiet time as long as it lasted (a timer may fire late).
  const ownPerMs = (afterQuiet - atEnd) / (performance.now() - quietFrom);
  const ownMs = ((atEnd - atStart - ownPerMs * elapsedMs) * 1000) / settings.timedSignIns;
  const share = (ownMs * settings.signInsPerSecond) / 10;
  const detail =
    `${settings.timedSignIns} one after another, ${(elapsedMs / settings.timedSignIns).toFixed(1)} ms each; less the loop's own ` +
    `${(ownPerMs * 1e6).toFixed(0)} ms/s meanwhile (ticks of 10 ms); at ${settings.signInsPerSecond}/s: ${share.toFixed(0)}% of the event loop`;
  return boundRow(name, ownMs, 'ms', undefined, detail);
}
