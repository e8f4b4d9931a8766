/**
 * docker/Dockerfile and its ignore file, read as text (CI has no Docker engine), and its health
 * check run for real against stand-in servers.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DOCKER_DIR, ENTRY_POINTS, WORKSPACE_ROOT, entryPointFile, entryPointOfArgs } from './support/entry-points';
import { freePort } from './support/gateway-harness';

interface Instruction {
  keyword: string;
  args: string;
}

/** The instructions, with continuation lines joined and comments dropped. */
function instructionsOf(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

const instructions = instructionsOf(readFileSync(join(DOCKER_DIR, 'Dockerfile'), 'utf8'));
const stages = instructions.reduce<Instruction[][]>((acc, instruction) => {
  if (instruction.keyword === 'FROM') acc.push([]);
  if (acc.length > 0) acc[acc.length - 1].push(instruction);
  return acc;
}, []);
const runtime = stages[stages.length - 1];
const find = (stage: Instruction[], keyword: string) => stage.filter((i) => i.keyword === keyword).map((i) => i.args);
const allRuns = instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);

describe('docker/Dockerfile', () => {
  it('builds every stage from ARG BASE_IMAGE (default node:24-bookworm-slim) or from an earlier stage', () => {
    expect(instructions[0]).toEqual({ keyword: 'ARG', args: 'BASE_IMAGE=node:24-bookworm-slim' });
    const names: string[] = [];
    for (const stage of stages) {
      const [from, as, name] = stage[0].args.split(/\s+/);
      expect(as?.toUpperCase()).toBe('AS');
      expect(['${BASE_IMAGE}', ...names]).toContain(from);
      names.push(name);
    }
    expect(stages.length).toBeGreaterThanOrEqual(3);
  });

  it('installs the locked versions, builds the six projects with Nx without daemon or cloud, and keeps production dependencies only', () => {
    expect(allRuns.some((run) => /npm install --no-audit\b/.test(run) && !run.includes('--omit=dev'))).toBe(true);
    expect(allRuns.some((run) => /npx nx run-many -t build -p auth case integration score report suite\b/.test(run))).toBe(true);
    const env = instructions.filter((i) => i.keyword === 'ENV').map((i) => i.args).join(' ');
    expect(env).toMatch(/\bNX_DAEMON=false\b/);
    expect(env).toMatch(/\bNX_NO_CLOUD=true\b/);
    expect(allRuns.some((run) => /npm (install|ci|prune) --omit=dev\b/.test(run))).toBe(true);
  });

  it('runs as uid/gid 10001, created with groupadd/useradd (addgroup/adduser on Alpine)', () => {
    const user = find(runtime, 'RUN').join(' ');
    expect(user).toMatch(/groupadd [^;]*--gid 10001/);
    expect(user).toMatch(/useradd [^;]*--uid 10001 --gid 10001/);
    expect(user).toMatch(/adduser [^;]*-u 10001/);
    expect(find(runtime, 'USER')).toEqual(['10001:10001']);
  });

  it('ships dist, node_modules and package.json in /app with the production environment', () => {
    expect(find(runtime, 'WORKDIR')).toEqual(['/app']);
    const copies = find(runtime, 'COPY').join('\n');
    for (const part of ['/app/node_modules ./node_modules', '/app/dist ./dist', 'package.json ./']) expect(copies).toContain(part);
    const env = find(runtime, 'ENV').join(' ');
    expect(env).toMatch(/\bNODE_ENV=production\b/);
    expect(env).toMatch(/\bNODE_OPTIONS="--enable-source-maps --max-semi-space-size=32"/);
    expect(find(runtime, 'EXPOSE')).toEqual(['8080 9464']);
  });

  it('runs node with the entry point given as the command (default: the whole suite)', () => {
    expect(find(runtime, 'ENTRYPOINT')).toEqual(['["node"]']);
    const [cmd] = find(runtime, 'CMD').map((args) => JSON.parse(args) as string[]);
    expect(entryPointOfArgs(cmd)).toBe('suite');
    expect(existsSync(entryPointFile('suite'))).toBe(true);
  });

  it('ships every package the built bundles require: they are production dependencies (the image has no others)', () => {
    const { dependencies = {} } = JSON.parse(readFileSync(join(WORKSPACE_ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    const required = new Set<string>();
    for (const entry of ENTRY_POINTS) {
      const dir = join(WORKSPACE_ROOT, 'dist', 'apps', entry);
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
        for (const match of readFileSync(join(dir, file), 'utf8').matchAll(/\brequire\("([^"./][^"]*)"\)/g)) required.add(match[1]);
      }
    }
    const packages = [...required]
      .filter((id) => !id.startsWith('node:') && !builtinModules.includes(id.split('/')[0]))
      .map((id) => (id.startsWith('@') ? id.split('/').slice(0, 2).join('/') : id.split('/')[0]));
    expect(packages.length).toBeGreaterThan(0);
    expect([...new Set(packages)].filter((name) => !(name in dependencies))).toEqual([]);
  });

  describe('HEALTHCHECK', () => {
    const healthcheck = find(runtime, 'HEALTHCHECK')[0] ?? '';
    const command = JSON.parse(healthcheck.slice(healthcheck.indexOf('CMD') + 3).trim()) as string[];
    let server: Server;
    let port: number;
    let status = 200;

    beforeAll(async () => {
      server = createServer((req, res) => {
        res.writeHead(req.url === '/healthz' ? status : 404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    // Asynchronous: the stand-in server answers from this process's event loop.
    const probe = (env: Record<string, string>) =>
      new Promise<number | null>((resolve) => {
        const child = spawn(command[0] === 'node' ? process.execPath : command[0], command.slice(1), { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' });
        child.on('exit', (code) => resolve(code));
      });

    it('is run with node, no curl', () => {
      expect(command[0]).toBe('node');
      expect(healthcheck).toContain('METRICS_PORT');
    });

    it('asks /healthz on METRICS_PORT for api and worker processes, and on PORT for ROLE=all', async () => {
      status = 200;
      expect(await probe({ ROLE: 'worker', METRICS_PORT: String(port) })).toBe(0);
      expect(await probe({ ROLE: 'api', METRICS_PORT: String(port), PORT: '1' })).toBe(0);
      expect(await probe({ PORT: String(port) })).toBe(0);
      expect(await probe({ ROLE: 'all', PORT: String(port) })).toBe(0);
      status = 503;
      expect(await probe({ ROLE: 'worker', METRICS_PORT: String(port) })).toBe(1);
      expect(await probe({ ROLE: 'worker', METRICS_PORT: String(await freePort()) })).toBe(1);
    });
  });
});

describe('.dockerignore (the build context is the repository root)', () => {
  const lines = readFileSync(join(WORKSPACE_ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

  it('keeps local state out of the build context (the repository root)', () => {
    expect(lines).toEqual(expect.arrayContaining(['**/node_modules', 'dist', '.git', '.suite', 'tmp', 'reports', '.nx', '**/.env']));
  });

  it('keeps what the build needs', () => {
    for (const needed of ['package.json', 'package-lock.json', 'nx.json', 'tsconfig.base.json', 'apps', 'libs']) {
      expect(existsSync(join(WORKSPACE_ROOT, needed))).toBe(true);
      expect(lines).not.toContain(needed);
    }
  });
});
