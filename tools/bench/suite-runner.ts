/* The built suite (`dist/apps/suite/main.js`) started as a child process in one process role. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startProcess, type BenchProcess } from './processes';
import { suiteEnvironment, type BenchWorld } from './world';

/** A running suite process. */
export interface RunningSuite {
  process: BenchProcess;
  /** Where its API answers (roles all and api). */
  base: string;
  /** Its `/metrics`. */
  metricsUrl: string;
}

/** The built suite's entry point (`nx run suite:build`). */
export const SUITE_MAIN = join(process.cwd(), 'dist/apps/suite/main.js');

/**
 * The flags `npm start` gives node before the suite's entry point (package.json's start script), so
 * the bench measures the suite as it is run, with its V8 settings (docs/adr/0030).
 */
export function startFlags(packageJson = join(process.cwd(), 'package.json')): string[] {
  const start = (JSON.parse(readFileSync(packageJson, 'utf8')) as { scripts?: { start?: string } }).scripts?.start ?? '';
  const match = /\bnode((?: --[^\s]+)*) dist\/apps\/suite\/main\.js\b/.exec(start);
  if (!match) throw new Error(`package.json's start script does not run node dist/apps/suite/main.js: ${JSON.stringify(start)}`);
  return match[1].trim().split(/\s+/).filter(Boolean);
}

/** Starts the suite in `role` (`all`, `api` or `worker`) as `npm start` runs node, with `nodeArgs` added, and waits until it is ready. */
export async function startSuite(
  world: BenchWorld,
  role: 'all' | 'api' | 'worker',
  smtpPort: number,
  logDir: string,
  options: { name?: string; nodeArgs?: string[] } = {},
): Promise<RunningSuite> {
  const name = options.name ?? `suite-${role}`;
  const port = await freePort();
  const metricsPort = await freePort();
  const readyPort = role === 'worker' ? metricsPort : port;
  const process_ = await startProcess({
    name,
    args: [...startFlags(), ...(options.nodeArgs ?? []), SUITE_MAIN],
    env: suiteEnvironment(world, role, port, metricsPort, smtpPort),
    readyUrl: `http://127.0.0.1:${readyPort}/readyz`,
    logDir,
  });
  return { process: process_, base: `http://127.0.0.1:${port}`, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
}
