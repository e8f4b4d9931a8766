/*
 * The one table a run prints, and the latest-run section of BENCHMARKS.md: the same table with the
 * date, the commit and the machine it was measured on, written between the file's markers only.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import type { LoadResult } from './load';

/** One line of the table. */
export interface BenchRow {
  name: string;
  load?: LoadResult;
  /** The figure of a row without load (a latency, a duration, a memory size...), with its unit. */
  figure?: string;
  /** The figure beside the ceiling measured in the same run (load rows). */
  vsCeiling?: string;
  goal: string;
  /** Whether the goal is met; undefined where the row has no goal. */
  met?: boolean;
}

/** The goal of a load row: a share of the ceiling's req/s and, optionally, a p99 at most so many times the ceiling's. */
export interface LoadGoal {
  minShare: number;
  maxP99Times?: number;
}

/** A load row judged against the ceiling. */
export function loadRow(name: string, load: LoadResult, ceiling: LoadResult, goal?: LoadGoal): BenchRow {
  const share = load.requestsPerSecond / ceiling.requestsPerSecond;
  const p99Times = load.p99Ms / Math.max(ceiling.p99Ms, 0.001);
  const vsCeiling = `${(share * 100).toFixed(0)}%, p99 ${p99Times.toFixed(1)}x`;
  if (!goal) return { name, load, vsCeiling, goal: '' };
  const goalText = `>= ${(goal.minShare * 100).toFixed(0)}%${goal.maxP99Times ? `, p99 <= ${goal.maxP99Times}x` : ''}`;
  const met = load.errors === 0 && share >= goal.minShare && (goal.maxP99Times === undefined || p99Times <= goal.maxP99Times);
  return { name, load, vsCeiling, goal: goalText, met };
}

/** A row of one figure against an upper bound. */
export function boundRow(name: string, value: number, unit: string, max?: number, detail = ''): BenchRow {
  const figure = `${value.toFixed(value >= 100 ? 0 : 1)} ${unit}${detail ? ` (${detail})` : ''}`;
  return max === undefined ? { name, figure, goal: '' } : { name, figure, goal: `<= ${max} ${unit}`, met: value <= max };
}

function cells(row: BenchRow): string[] {
  const l = row.load;
  const met = row.met === undefined ? '' : row.met ? 'yes' : 'NO';
  return [
    row.name,
    l ? l.requestsPerSecond.toFixed(0) : '',
    l ? l.p50Ms.toFixed(1) : '',
    l ? l.p99Ms.toFixed(1) : '',
    l ? String(l.errors) : '',
    row.vsCeiling ?? row.figure ?? '',
    row.goal,
    met,
    l?.cpu ? `${l.cpu.serverUs.toFixed(0)} / ${l.cpu.postgresUs.toFixed(0)} / ${l.cpu.clientUs.toFixed(0)}` : '',
  ];
}

/** The rows as a Markdown table. */
export function renderTable(rows: readonly BenchRow[]): string {
  const header = ['measured', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs ceiling / figure', 'goal', 'met', 'CPU µs/req: server / PostgreSQL / client'];
  const lines = [header, header.map(() => '---'), ...rows.map(cells)];
  return lines.map((line) => `| ${line.join(' | ')} |`).join('\n');
}

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/**
 * The part of BENCHMARKS.md a run owns: what lies between these two comments, under "The latest full
 * run". The rest of the file (how speed is measured, the goals, how to read a run) is written by hand
 * and never touched by a run.
 */
export const LATEST_RUN_START = '<!-- bench:latest-run:start -->';
export const LATEST_RUN_END = '<!-- bench:latest-run:end -->';

/** The run settings the latest-run section states. */
export interface RunSettings {
  connections: number;
  seconds: number;
  rounds: number;
  burstSeconds: number;
  burstRounds: number;
}

/** Where a run may write in a document: the text between its markers. Throws, naming the file, unless each marker is there exactly once and in order. */
function latestRunBounds(document: string, file: string): { from: number; to: number } {
  const count = (marker: string) => document.split(marker).length - 1;
  const starts = count(LATEST_RUN_START);
  const ends = count(LATEST_RUN_END);
  const from = document.indexOf(LATEST_RUN_START);
  const to = document.indexOf(LATEST_RUN_END);
  if (starts !== 1 || ends !== 1 || to < from) {
    throw new Error(
      `${file}: a run writes only between ${LATEST_RUN_START} and ${LATEST_RUN_END}, each once and in that order ` +
        `(found ${starts} start and ${ends} end marker${ends === 1 ? '' : 's'}${starts === 1 && ends === 1 ? ', end before start' : ''}); ` +
        'nothing was written. Put the markers back around the latest run (under "## The latest full run") and run again.',
    );
  }
  return { from: from + LATEST_RUN_START.length, to };
}

/** Throws unless BENCHMARKS.md (or the file given) has the latest-run markers: checked before a full run, so a run is not lost to a missing marker. */
export function assertBenchmarksWritable(file: string): void {
  latestRunBounds(readFileSync(file, 'utf8'), file);
}

/** The document with the text between its latest-run markers replaced by `section`; everything outside the markers, the markers included, is kept as it is. */
export function replaceLatestRun(document: string, section: string, file = 'BENCHMARKS.md'): string {
  const { from, to } = latestRunBounds(document, file);
  return `${document.slice(0, from)}\n${section.trim()}\n${document.slice(to)}`;
}

/** The latest-run section: when, at which commit and on what the run was measured, how it loaded, its table and the micro benchmarks. */
export function renderLatestRun(table: string, settings: RunSettings, micro: string, when: string, at: string, machine: string): string {
  return [
    `The latest full run of \`npm run bench\`: ${when}, commit ${at}, ${machine}.`,
    `Load: ${settings.connections} connections for ${settings.seconds} s per endpoint after a warm-up, against the whole suite in one`,
    'process (`ROLE=all`), beside ceiling servers measured in the same run (see tools/bench/ceiling-server.ts): each read in',
    `${settings.rounds} turns with the full ceiling (its share and p99 are against the ceiling turns run beside it), and E9 with and`,
    `without sign-ins in ${settings.burstRounds} turns each (${settings.burstSeconds} s in all); the ratios are what count, absolute figures move 10-30%`,
    "between runs on a shared machine. The bulk's answer is timed to its last byte, as the loads' latencies are; the client's own",
    'parse of it is shown beside it.',
    '',
    table,
    '',
    '### Micro benchmarks',
    '',
    micro,
  ].join('\n');
}

/**
 * Writes the latest run into BENCHMARKS.md, between its latest-run markers, keeping the hand-written
 * rest of the file. Throws, writing nothing, when the markers are missing, repeated or out of order.
 */
export function writeBenchmarks(file: string, table: string, settings: RunSettings, micro: string): void {
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const section = renderLatestRun(table, settings, micro, new Date().toISOString(), commit(), machine);
  writeFileSync(file, replaceLatestRun(readFileSync(file, 'utf8'), section, file));
}
