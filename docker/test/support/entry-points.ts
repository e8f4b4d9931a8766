import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The repository root (this file is docker/test/support/entry-points.ts). */
export const WORKSPACE_ROOT = join(__dirname, '..', '..', '..');
/** The docker/ folder. */
export const DOCKER_DIR = join(WORKSPACE_ROOT, 'docker');

/** The areas, each served at `/<area>/api/v1`. */
export const AREAS = ['auth', 'case', 'integration', 'score', 'report'] as const;
/** Every built entry point: one per area and the whole suite. */
export const ENTRY_POINTS = [...AREAS, 'suite'] as const;
/** The process roles (libs/config PROCESS_ROLES). */
export const ROLES = ['all', 'api', 'worker', 'migrate'] as const;

const BUILD_COMMAND = 'npx nx run-many -t build -p auth case integration score report suite';
const ENTRY = /^(?:\.\/|\/app\/)?dist\/apps\/([a-z][a-z0-9-]*)\/main\.js$/;

/** `dist/apps/<name>/main.js` under the repository root. */
export function entryPointFile(name: string): string {
  return join(WORKSPACE_ROOT, 'dist', 'apps', name, 'main.js');
}

/** The entry point a command line runs (`dist/apps/<name>/main.js`, relative to /app), if any. */
export function entryPointOfArgs(args: readonly string[]): string | undefined {
  for (const arg of args) {
    const match = ENTRY.exec(arg);
    if (match) return match[1];
  }
  return undefined;
}

const cache = new Map<string, string[]>();

/**
 * The names of every environment variable the built entry point reads, from its own
 * `--print-settings`. ROLE is set to a value no process accepts, so a build that does not know
 * the flag yet stops at once instead of starting servers.
 */
export function printSettings(name: string): string[] {
  const cached = cache.get(name);
  if (cached) return cached;
  const file = entryPointFile(name);
  if (!existsSync(file)) throw new Error(`${file} does not exist: build it first (${BUILD_COMMAND})`);
  const scratch = mkdtempSync(join(tmpdir(), 'kyb-print-settings-'));
  try {
    const run = spawnSync(process.execPath, [file, '--print-settings'], {
      cwd: scratch,
      encoding: 'utf8',
      timeout: 30000,
      env: { PATH: process.env.PATH ?? '', ROLE: 'not-a-role-print-settings-probe', SUITE_STATE_DIR: join(scratch, 'suite-state') },
    });
    const lines = (run.stdout ?? '').trim().split('\n');
    let names: unknown;
    try {
      names = JSON.parse(lines[lines.length - 1]);
    } catch {
      names = undefined;
    }
    if (run.status !== 0 || !Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === 'string')) {
      const said = (run.stderr || run.stdout || String(run.error ?? '')).trim().split('\n')[0];
      throw new Error(
        `node dist/apps/${name}/main.js --print-settings did not print a JSON array of variable names ` +
          `(exit ${run.status ?? run.signal}: ${said}). Does the build support --print-settings? Rebuild: ${BUILD_COMMAND}`,
      );
    }
    cache.set(name, names as string[]);
    return names as string[];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The variables each entry point reads. */
export function settingsByEntryPoint(): Map<string, ReadonlySet<string>> {
  return new Map(ENTRY_POINTS.map((name) => [name, new Set(printSettings(name))]));
}

/**
 * The queues an area's workers consume, from its built `area-module.js` (what the suite loads):
 * an area without any has no worker role.
 */
export function areaQueues(area: string): string[] {
  const file = join(WORKSPACE_ROOT, 'dist', 'apps', area, 'area-module.js');
  if (!existsSync(file)) throw new Error(`${file} does not exist: build it first (${BUILD_COMMAND})`);
  const script = `process.stdout.write(JSON.stringify(require(${JSON.stringify(file)}).areaModule.queues.map((q) => q.name)))`;
  const run = spawnSync(process.execPath, ['-e', script], { cwd: WORKSPACE_ROOT, encoding: 'utf8', timeout: 30000 });
  if (run.status !== 0) throw new Error(`cannot read the queues of ${file}: ${(run.stderr || String(run.error)).trim().split('\n')[0]}`);
  return JSON.parse(run.stdout) as string[];
}
