import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { GenericContainer, Network, Wait, type StartedNetwork, type StartedTestContainer } from 'testcontainers';
import {
  createProcessGroup,
  disableReaperWhenAbsent,
  eventually,
  freePort,
  startPostgresContainer,
  startOrRemove,
  startRedisContainer,
  type StartedProcess,
  type StartedServiceContainer,
} from '@kyb/testing';
import { codeInLog } from './journey';
import { AREAS, type Area } from './topology';

/*
 * The deployment in containers, as compose runs it: PostgreSQL and Redis from the local Debian
 * base on one network, the suite's image as `migrate` (schema owner, granting the app role), then
 * each area's `api` and `worker` connecting as the least-privileged role, found by one another
 * through their network aliases. The host's nginx stands in for the gateway container, in front of
 * the apis' mapped ports, configured by docker/gateway/render-gateway.cjs as in ./topology.
 */
const ROOT = join(__dirname, '../../..');
interface GatewayRenderer {
  renderGatewayConfig(options: { port: number; upstreams: Record<Area, number>; runtimeDir: string }): string;
}
const { renderGatewayConfig } = require(join(ROOT, 'docker/gateway/render-gateway.cjs')) as GatewayRenderer;
const WORKER_AREAS: Area[] = ['case', 'integration', 'score', 'report'];

/** Options of {@link startContainerTopology}. */
export interface ContainerTopologyOptions {
  suiteImage: string;
  servicesImage: string;
}

/** The running deployment. */
export interface ContainerTopology {
  gateway: string;
  demo: { email: string; password: string };
  /** The schema owner's URL through PostgreSQL's mapped port (the journey reads the mail outbox). */
  ownerUrl: string;
  /** The newest verification code the auth api mailed to `email` (to its log); waits for it. */
  mailedCode(email: string): Promise<string>;
  /** Stops nginx, then stops and removes every container and the network. */
  stop(): Promise<void>;
}

/** A container with everything it printed, for the error when it does not become ready (and for `onOutput`). */
async function startLogged(
  name: string,
  definition: GenericContainer,
  started: StartedTestContainer[],
  onOutput?: (text: string) => void,
): Promise<StartedTestContainer> {
  let output = '';
  const logged = definition.withLabels({ 'kyb.e2e': name }).withLogConsumer((stream) => {
    stream.on('data', (line: string | Buffer) => {
      output += line.toString();
      onOutput?.(line.toString());
    });
  });
  try {
    const container = await startOrRemove(logged);
    started.push(container);
    return container;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`container ${name} did not become ready (${reason}):\n${output.slice(-4000)}`);
  }
}

/** Creates the database and its two roles as docker/postgres/initdb.d does for compose. */
async function createDatabaseAndRoles(superuserUrl: string, owner: { name: string; password: string }, app: { name: string; password: string }): Promise<void> {
  const client = new Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    for (const role of [owner, app]) {
      await client.query(`create role ${role.name} login password '${role.password}' nosuperuser nocreatedb nocreaterole noreplication nobypassrls`);
    }
    await client.query(`create database onboarding owner ${owner.name}`);
    await client.query('revoke all on database onboarding from public');
    await client.query(`grant connect on database onboarding to ${app.name}`);
  } finally {
    await client.end();
  }
}

function postgresUrl(role: { name: string; password: string }, hostPort: string): string {
  return `postgres://${role.name}:${role.password}@${hostPort}/onboarding`;
}

/** Starts everything; on any failure stops what it started and throws with the failing container's output. */
export async function startContainerTopology(options: ContainerTopologyOptions): Promise<ContainerTopology> {
  const reaper = await disableReaperWhenAbsent();
  if (reaper) process.stderr.write(`container journey: ${reaper}\n`);
  const processes = createProcessGroup();
  const containers: StartedTestContainer[] = [];
  const services: StartedServiceContainer[] = [];
  let network: StartedNetwork | undefined;
  const stop = async () => {
    await processes.stopAll();
    await Promise.allSettled(containers.splice(0).reverse().map((container) => container.stop({ remove: true, removeVolumes: true })));
    await Promise.allSettled(services.splice(0).map((service) => service.stop()));
    await network?.stop();
    network = undefined;
  };

  try {
    network = await new Network().start();
    const onNetwork = { image: options.servicesImage, network };
    const [postgres, redis] = await Promise.all([
      startPostgresContainer({ ...onNetwork, alias: 'postgres' }).then((service) => (services.push(service), service)),
      startRedisContainer({ ...onNetwork, alias: 'redis' }).then((service) => (services.push(service), service)),
    ]);

    const owner = { name: 'kyb_owner', password: randomBytes(12).toString('hex') };
    const app = { name: 'kyb_app', password: randomBytes(12).toString('hex') };
    await createDatabaseAndRoles(postgres.url, owner, app);
    const mapped = `${postgres.container.getHost()}:${postgres.container.getMappedPort(5432)}`;

    const gatewayPort = await freePort();
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    const demo = { email: 'demo.owner@example.com', password: `demo passphrase ${randomBytes(4).toString('hex')}` };
    const common = {
      REDIS_URL: redis.networkUrl as string,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      QUEUE_PREFIX: `kyb-e2e-${randomBytes(4).toString('hex')}`,
      LOG_LEVEL: 'warn',
      PUBLIC_APP_URL: gateway,
      AUTH_JWKS_URL: 'http://auth-api:8080/auth/api/v1/.well-known/jwks.json',
      // nginx reaches the apis through Docker's port mapping, i.e. from the bridge's private address.
      TRUST_PROXY: 'uniquelocal',
      SCREENING_SANDBOX_DELAY_MS: '50',
    };
    const suite = (name: string, command: string, env: Record<string, string>) =>
      new GenericContainer(options.suiteImage).withNetwork(network as StartedNetwork).withNetworkAliases(name).withCommand([command]).withEnvironment({ ...common, ...env });

    const migrate = await startLogged(
      'migrate',
      suite('migrate', 'dist/apps/suite/main.js', { ROLE: 'migrate', DATABASE_URL: postgresUrl(owner, 'postgres:5432'), DB_APP_ROLE: app.name })
        .withWaitStrategy(Wait.forOneShotStartup())
        .withStartupTimeout(120_000),
      containers,
    );
    // It exited 0 (the one-shot wait checks the exit code); only its removal is left.
    await migrate.stop({ remove: true });
    containers.splice(containers.indexOf(migrate), 1);

    const appEnv = { DATABASE_URL: postgresUrl(app, 'postgres:5432'), METRICS_PORT: '9464' };
    const ready = (definition: GenericContainer) => definition.withWaitStrategy(Wait.forHttp('/readyz', 9464).forStatusCode(200)).withStartupTimeout(90_000);
    const apiPorts = {} as Record<Area, number>;
    let authLog = '';
    const startApi = async (area: Area) => {
      // No SMTP server here: the image runs with NODE_ENV=production, so the auth api is told to log its mail (an applicant's code), at info,
      // and to seed the demo tenant the journey signs in as (production seeds none unless asked).
      const extra: Record<string, string> =
        area === 'auth'
          ? { DEMO_PASSWORD: demo.password, SEED_DEMO: 'true', ADMIN_PASSWORD: `gateway keeper ${randomBytes(4).toString('hex')}`, MAIL_TO_LOG: 'true', LOG_LEVEL: 'info' }
          : {};
      const definition = suite(`${area}-api`, `dist/apps/${area}/main.js`, { ...appEnv, ...extra, ROLE: 'api', PORT: '8080' }).withExposedPorts(8080, 9464);
      const onOutput = area === 'auth' ? (text: string) => void (authLog += text) : undefined;
      apiPorts[area] = (await startLogged(`${area}-api`, ready(definition), containers, onOutput)).getMappedPort(8080);
    };
    // auth first: it creates the signing key and the demo tenant the others rely on.
    await startApi('auth');
    await Promise.all(AREAS.filter((area) => area !== 'auth').map(startApi));
    await Promise.all(
      WORKER_AREAS.map((area) =>
        // No SMTP server here: the image runs with NODE_ENV=production, so the case worker is told to log mail.
        startLogged(`${area}-worker`, ready(suite(`${area}-worker`, `dist/apps/${area}/main.js`, { ...appEnv, ...(area === 'case' ? { MAIL_TO_LOG: 'true' } : {}), ROLE: 'worker' }).withExposedPorts(9464)), containers),
      ),
    );

    const runtimeDir = mkdtempSync(join(tmpdir(), 'kyb-gateway-'));
    const conf = renderGatewayConfig({ port: gatewayPort, upstreams: apiPorts, runtimeDir });
    // nginx cannot open /dev/stdout on the socket Node gives a child: its stdout goes to a file.
    const nginxBinary = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
    const command = `exec "${nginxBinary}" -p "${runtimeDir}" -c "${conf}" -e stderr -g 'daemon off;' > "${join(runtimeDir, 'access.log')}"`;
    await waitUntilListening(gatewayPort, processes.spawn('/bin/sh', ['-c', command]));

    return { gateway, demo, ownerUrl: postgresUrl(owner, mapped), mailedCode: (email) => eventually(async () => codeInLog(authLog, email)), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Resolves once nginx answers HTTP on the port; rejects at once if it exited. */
async function waitUntilListening(port: number, started: StartedProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) throw new Error(`nginx exited (${started.child.exitCode ?? started.child.signalCode}):\n${started.output()}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`nginx does not listen on port ${port}:\n${started.output()}`);
}
