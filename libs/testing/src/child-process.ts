import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';

const ROOT = resolve(__dirname, '../../..');

/** A TypeScript entry bundled once per test file, to run as a separate process (one a test may kill). */
export interface BundledScript {
  /** Starts the script with `env` added; `printed(line)` resolves once it printed that line. */
  start(env: Record<string, string>): { child: ChildProcess; printed(line: string): Promise<void>; kill(): Promise<void> };
  /** Kills every child it started that still runs (a test that failed before killing it), then removes the bundle. */
  remove(): void;
}

/**
 * Bundles `entry` (resolving `@kyb/*` through the workspace's paths, packages left external) into
 * the git-ignored `tmp/` of the repository, so the child finds `node_modules` as the tests do.
 */
export function bundleScript(entry: string): BundledScript {
  const dir = join(ROOT, 'tmp', `child-${randomBytes(4).toString('hex')}`);
  const outfile = join(dir, 'child.js');
  mkdirSync(dir, { recursive: true });
  buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    target: 'node24',
    packages: 'external',
    tsconfig: join(ROOT, 'tsconfig.base.json'),
    outfile,
    logLevel: 'silent',
  });
  const children = new Set<ChildProcess>();
  return {
    start(env) {
      const child = spawn(process.execPath, [outfile], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
      children.add(child);
      child.once('exit', () => children.delete(child));
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      return {
        child,
        printed: (line) =>
          new Promise<void>((resolvePrinted, reject) => {
            const check = () => output.split('\n').includes(line) && resolvePrinted();
            check();
            child.stdout?.on('data', check);
            child.once('exit', (code, signal) => reject(new Error(`child exited (${code ?? signal}) before printing ${line}`)));
          }),
        async kill() {
          child.kill('SIGKILL');
          await exited;
        },
      };
    },
    remove() {
      for (const child of children) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The URL of the database `db` is connected to, for a child process to use. */
export async function databaseUrlOf(db: { raw(sql: string): Promise<{ rows: Array<{ db: string }> }> }): Promise<string> {
  const [{ db: name }] = (await db.raw('select current_database() as db')).rows;
  const url = new URL(process.env.KYB_TEST_POSTGRES_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}
