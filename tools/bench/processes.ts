/*
 * The processes the benchmark measures: the built suite (in any process role) and the ceiling
 * servers, each a child process with its output in a log file, started until it answers and
 * stopped with SIGTERM (SIGKILL if it does not exit).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export { freePort } from '@kyb/testing';

/** A started child process. */
export interface BenchProcess {
  name: string;
  /** Its process id (for the CPU it uses). */
  pid: number | undefined;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

function logTail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Starts `node <args>` with `env`, its output in `<logDir>/<name>.log`, and waits until `readyUrl` answers 200. */
export async function startProcess(options: { name: string; args: string[]; env: NodeJS.ProcessEnv; readyUrl: string; logDir: string }): Promise<BenchProcess> {
  const logFile = join(options.logDir, `${options.name}.log`);
  // The child writes its log straight to the file: through a pipe, the bench (busy making load)
  // would slow the suite's logging down and the figures with it.
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, options.args, { env: options.env, stdio: ['ignore', log, log] });
  closeSync(log);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited(child);
      clearTimeout(killer);
    }
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited with ${child.exitCode} before it was ready:\n${logTail(logFile)}`);
    try {
      if ((await fetch(options.readyUrl)).status === 200) return { name: options.name, pid: child.pid, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`${options.name} was not ready within 90 s:\n${logTail(logFile)}`);
}

/** The process figures a metrics endpoint shows (prom-client's default metrics). */
export interface ProcessFigures {
  rssMb: number;
  heapUsedMb: number;
  /**
   * How late the event loop's p99 turn came. prom-client samples the loop with a timer (10 ms by
   * default) and its histogram holds each whole interval between two samples, so an idle loop reads
   * 10 ms: the delay is the p99 past the shortest interval, whatever the sampling interval is set to.
   */
  eventLoopDelayP99Ms: number;
}

function metric(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : Number.NaN;
}

/** Reads memory and event-loop delay from a process's `/metrics`. */
export async function processFigures(metricsUrl: string): Promise<ProcessFigures> {
  const text = await (await fetch(metricsUrl)).text();
  return {
    rssMb: metric(text, 'process_resident_memory_bytes') / 2 ** 20,
    heapUsedMb: metric(text, 'nodejs_heap_size_used_bytes') / 2 ** 20,
    eventLoopDelayP99Ms: Math.max(0, (metric(text, 'nodejs_eventloop_lag_p99_seconds') - metric(text, 'nodejs_eventloop_lag_min_seconds')) * 1000),
  };
}
