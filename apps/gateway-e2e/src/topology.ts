import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createProcessGroup,
  createTestDatabase,
  createTestDatabaseRole,
  eventually,
  freePort,
  type ProcessGroup,
  type StartedProcess,
  type TestDatabaseRole,
} from '@kyb/testing';
import { codeInLog } from './journey';

/*
 * The deployment on one machine: `migrate` first (as the schema owner, granting the app role),
 * then each area's `api` and `worker` as separate processes connecting as the least-privileged
 * role, and Debian's nginx in front with the gateway configuration from docker/gateway.
 */
const ROOT = join(__dirname, '../../..');
const DIST = join(ROOT, 'dist/apps');
/** docker/gateway/render-gateway.cjs: plain CommonJS shared with compose's gateway, loaded at run time. */
interface GatewayRenderer {
  renderGatewayConfig(options: { port: number; upstreams: Record<Area, number>; runtimeDir: string }): string;
}
const { renderGatewayConfig } = require(join(ROOT, 'docker/gateway/render-gateway.cjs')) as GatewayRenderer;

/** The five areas, each served by its own api process. */
export const AREAS = ['auth', 'case', 'integration', 'score', 'report'] as const;
/** One of {@link AREAS}. */
export type Area = (typeof AREAS)[number];
const WORKER_AREAS: Area[] = ['case', 'integration', 'score', 'report'];

/** The running deployment. */
export interface Topology {
  gateway: string;
  demo: { email: string; password: string };
  /** SIGKILLs one area's api process (as a crashed pod). */
  killApi(area: Area): Promise<void>;
  /** Starts that area's api again on the same port; resolves once it listens. */
  restartApi(area: Area): Promise<void>;
  /** The newest verification code the auth api mailed to `email` (to its log); waits for it. */
  mailedCode(email: string): Promise<string>;
  stop(): Promise<void>;
}

/** Options of {@link startTopology}. */
export interface TopologyOptions {
  /** The schema owner's URL of an empty database (migrate creates the schemas). */
  ownerUrl: string;
  /** The least-privileged role api and worker processes connect as. */
  appRole: TestDatabaseRole;
  redisUrl: string;
}

function nginxBinary(): string {
  return process.env.NGINX_BIN ?? '/usr/sbin/nginx';
}

/** Migrates, starts every api and worker, then nginx; throws with the processes' output when one fails. */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const processes: ProcessGroup = createProcessGroup();
  const ports = Object.fromEntries(await Promise.all(AREAS.map(async (area) => [area, await freePort()] as const))) as Record<Area, number>;
  const gatewayPort = await freePort();
  const gateway = `http://127.0.0.1:${gatewayPort}`;
  const demo = { email: 'demo.owner@example.com', password: `demo passphrase ${randomBytes(4).toString('hex')}` };
  const common = {
    REDIS_URL: options.redisUrl,
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    QUEUE_PREFIX: `kyb-e2e-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'warn',
    PUBLIC_APP_URL: gateway,
    AUTH_JWKS_URL: `http://127.0.0.1:${ports.auth}/auth/api/v1/.well-known/jwks.json`,
    TRUST_PROXY: 'loopback',
    SCREENING_SANDBOX_DELAY_MS: '50',
  };

  try {
    const migrate = processes.start(join(DIST, 'suite/main.js'), { ...common, DATABASE_URL: options.ownerUrl, DB_APP_ROLE: options.appRole.name }, ['--role=migrate']);
    if ((await migrate.exited) !== 0) throw new Error(`migrate failed:\n${migrate.output()}`);

    const app = { ...common, DATABASE_URL: options.appRole.urlFor(options.ownerUrl) };
    const apis = new Map<Area, StartedProcess>();
    const startApi = async (area: Area) => {
      // The auth api writes its mail (an applicant's code) to its log at info: no SMTP server here.
      const extra = area === 'auth' ? { DEMO_PASSWORD: demo.password, ADMIN_PASSWORD: `gateway keeper ${randomBytes(4).toString('hex')}`, LOG_LEVEL: 'info' } : {};
      const api = processes.start(join(DIST, area, 'main.js'), { ...app, ...extra, ROLE: 'api', PORT: String(ports[area]), METRICS_PORT: String(await freePort()) });
      apis.set(area, api);
      await waitUntilListening(ports[area], api);
    };
    // auth first: it creates the signing key and the demo tenant the others rely on.
    await startApi('auth');
    await Promise.all(AREAS.filter((area) => area !== 'auth').map(startApi));
    await Promise.all(
      WORKER_AREAS.map(async (area) => {
        const metricsPort = await freePort();
        const worker = processes.start(join(DIST, area, 'main.js'), { ...app, ROLE: 'worker', METRICS_PORT: String(metricsPort) });
        await waitUntilListening(metricsPort, worker);
      }),
    );

    const runtimeDir = mkdtempSync(join(tmpdir(), 'kyb-gateway-'));
    const conf = renderGatewayConfig({ port: gatewayPort, upstreams: ports, runtimeDir });
    // The rendered configuration logs requests to <runtimeDir>/access.log, errors to stderr.
    const nginx = processes.spawn(nginxBinary(), ['-p', runtimeDir, '-c', conf, '-e', 'stderr', '-g', 'daemon off;']);
    await waitUntilListening(gatewayPort, nginx);

    return {
      gateway,
      demo,
      async killApi(area) {
        await apis.get(area)?.stop('SIGKILL');
      },
      restartApi: (area) => startApi(area),
      mailedCode: (email) => eventually(async () => codeInLog(apis.get('auth')?.output() ?? '', email)),
      stop: () => processes.stopAll(),
    };
  } catch (err) {
    await processes.stopAll();
    throw err;
  }
}

/** Resolves once the process answers HTTP on the port (any status); rejects at once if it exited. */
async function waitUntilListening(port: number, started: StartedProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(`the process for port ${port} exited (${started.child.exitCode ?? started.child.signalCode}):\n${started.output()}`);
    }
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`nothing listens on port ${port}:\n${started.output()}`);
}

/** {@link startTopology} on a database and a least-privileged role of its own; `stop()` removes all three. */
export interface LocalDeployment extends Topology {
  /** The schema owner's URL of the deployment's database (for what the journey reads directly). */
  databaseUrl: string;
}

/** An empty test database, a role without DDL rights and the whole deployment on them. */
export async function startLocalDeployment(): Promise<LocalDeployment> {
  const database = await createTestDatabase();
  const role = await createTestDatabaseRole();
  const cleanUp = async () => {
    await database.destroy();
    await role.destroy();
  };
  let topology: Topology;
  try {
    topology = await startTopology({ ownerUrl: database.url, appRole: role, redisUrl: process.env.KYB_TEST_REDIS_URL as string });
  } catch (err) {
    await cleanUp();
    throw err;
  }
  return {
    ...topology,
    databaseUrl: database.url,
    async stop() {
      await topology.stop();
      await cleanUp();
    },
  };
}
