/**
 * docker/compose.yaml: the services, their entry points and roles, the start-up order, and the
 * settings that tie them together.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AREAS, DOCKER_DIR, ROLES, areaQueues, entryPointFile } from './support/entry-points';
import { loadCompose } from './support/manifests';
import { argsOf, composeEntryPoint, composeEnvironment, runsSuiteImage } from './support/settings-check';

type Service = Record<string, unknown>;

const compose = loadCompose();
const services = compose.services as Record<string, Service>;
const ours = Object.entries(services).filter(([, service]) => runsSuiteImage(service));
const roleOf = (service: Service) => composeEnvironment(service).ROLE;
const byRole = (role: string) => ours.filter(([, service]) => roleOf(service) === role);

describe('docker/compose.yaml', () => {
  it('parses and has the state, migration, api, worker and gateway services', () => {
    expect(Object.keys(services).sort()).toEqual(
      [
        'postgres',
        'redis',
        'migrate',
        'gateway',
        ...AREAS.map((area) => `${area}-api`),
        ...['case', 'integration', 'score', 'report'].map((area) => `${area}-worker`),
      ].sort(),
    );
    expect(services.postgres.image).toBe('postgres:15-alpine');
    expect(services.redis.image).toBe('redis:7-alpine');
  });

  it('runs every service of our image with a built entry point and a known role', () => {
    expect(ours.map(([name]) => name).sort()).toEqual(Object.keys(services).filter((name) => !['postgres', 'redis', 'gateway'].includes(name)).sort());
    for (const [name, service] of ours) {
      const entry = composeEntryPoint(service);
      expect({ name, command: argsOf(service.command) }).toEqual({ name, command: [`dist/apps/${entry}/main.js`] });
      expect({ name, built: existsSync(entryPointFile(entry!)) }).toEqual({ name, built: true });
      expect(ROLES).toContain(roleOf(service));
    }
  });

  it('runs one api per area and a worker exactly for the areas that have queues', () => {
    expect(byRole('api').map(([name, service]) => [name, composeEntryPoint(service)])).toEqual(AREAS.map((area) => [`${area}-api`, area]));
    const withQueues = AREAS.filter((area) => areaQueues(area).length > 0);
    expect(withQueues).not.toContain('auth');
    expect(byRole('worker').map(([name, service]) => [name, composeEntryPoint(service)])).toEqual(withQueues.map((area) => [`${area}-worker`, area]));
  });

  it('migrates once, with the whole suite, as the owner role, granting DML to kyb_app', () => {
    expect(byRole('migrate').map(([name]) => name)).toEqual(['migrate']);
    const migrate = services.migrate;
    const env = composeEnvironment(migrate);
    expect(composeEntryPoint(migrate)).toBe('suite');
    expect(env.DB_APP_ROLE).toBe('kyb_app');
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/kyb_owner:\$\{KYB_OWNER_DB_PASSWORD:\?[^}]+\}@postgres:5432\/onboarding$/);
    expect(migrate.restart).toBe('no');
  });

  it('starts every api and worker after the migration succeeded and PostgreSQL and Redis are healthy', () => {
    for (const [name, service] of [...byRole('api'), ...byRole('worker')]) {
      expect({ name, depends_on: service.depends_on }).toEqual({
        name,
        depends_on: {
          migrate: { condition: 'service_completed_successfully' },
          postgres: { condition: 'service_healthy' },
          redis: { condition: 'service_healthy' },
        },
      });
      expect({ name, healthcheck: Array.isArray((service.healthcheck as Service | undefined)?.test) }).toEqual({ name, healthcheck: true });
    }
    expect((services.postgres.healthcheck as Service).test).toEqual(expect.arrayContaining(['pg_isready']));
    expect((services.redis.healthcheck as Service).test).toEqual(['CMD', 'redis-cli', 'ping']);
  });

  it('connects the apis and workers as the least-privilege role kyb_app', () => {
    for (const [name, service] of [...byRole('api'), ...byRole('worker')]) {
      expect({ name, url: composeEnvironment(service).DATABASE_URL }).toEqual({
        name,
        url: expect.stringMatching(/^postgres:\/\/kyb_app:\$\{KYB_APP_DB_PASSWORD:\?[^}]+\}@postgres:5432\/onboarding$/),
      });
    }
  });

  it('creates kyb_app (LOGIN, no DDL) and the onboarding database in the postgres init script', () => {
    const volumes = services.postgres.volumes as string[];
    expect(volumes).toContain('./postgres/initdb.d:/docker-entrypoint-initdb.d:ro');
    const script = join(DOCKER_DIR, 'postgres', 'initdb.d', '10-kyb-roles.sh');
    expect(statSync(script).mode & 0o111).not.toBe(0);
    const text = readFileSync(script, 'utf8');
    expect(text).toMatch(/CREATE ROLE kyb_app LOGIN PASSWORD %L NOSUPERUSER NOCREATEDB NOCREATEROLE/);
    expect(text).toMatch(/CREATE DATABASE onboarding OWNER kyb_owner/);
    expect(text).toMatch(/GRANT CONNECT ON DATABASE onboarding TO kyb_app;/);
    expect(text).not.toMatch(/GRANT (ALL|CREATE)[^;]*kyb_app/);
    const env = composeEnvironment(services.postgres);
    expect(env.KYB_APP_DB_PASSWORD).toMatch(/^\$\{KYB_APP_DB_PASSWORD:\?/);
  });

  it('takes every secret from a required variable and commits none', () => {
    const text = readFileSync(join(DOCKER_DIR, 'compose.yaml'), 'utf8');
    for (const name of ['DATA_ENCRYPTION_KEY', 'ADMIN_PASSWORD', 'POSTGRES_PASSWORD', 'KYB_OWNER_DB_PASSWORD', 'KYB_APP_DB_PASSWORD']) {
      expect(text).toContain(`\${${name}:?`);
    }
    expect(text).not.toMatch(/\b[0-9a-f]{64}\b/i);
    for (const [name, service] of ours) {
      const env = composeEnvironment(service);
      for (const secret of ['DATA_ENCRYPTION_KEY', 'ADMIN_PASSWORD']) {
        if (secret in env) expect({ name, [secret]: env[secret] }).toEqual({ name, [secret]: expect.stringMatching(new RegExp(`^\\$\\{${secret}:\\?`)) });
      }
    }
  });

  it('points the apps at the gateway, the auth JWKS and one trusted proxy hop', () => {
    for (const [name, service] of ours) {
      const env = composeEnvironment(service);
      if ('PUBLIC_APP_URL' in env) expect({ name, url: env.PUBLIC_APP_URL }).toEqual({ name, url: '${PUBLIC_APP_URL:-http://localhost:8080}' });
      if ('AUTH_JWKS_URL' in env) expect({ name, url: env.AUTH_JWKS_URL }).toEqual({ name, url: 'http://auth-api:8080/auth/api/v1/.well-known/jwks.json' });
    }
    for (const area of AREAS.filter((a) => a !== 'auth')) {
      expect(composeEnvironment(services[`${area}-api`]).AUTH_JWKS_URL).toBe('http://auth-api:8080/auth/api/v1/.well-known/jwks.json');
    }
    for (const [name, service] of byRole('api')) {
      const env = composeEnvironment(service);
      expect({ name, port: env.PORT, trustProxy: env.TRUST_PROXY }).toEqual({ name, port: '8080', trustProxy: '1' });
    }
    for (const [name, service] of ours) {
      if (roleOf(service) !== 'api') expect({ name, trustProxy: composeEnvironment(service).TRUST_PROXY }).toEqual({ name, trustProxy: undefined });
    }
  });

  it('publishes only the gateway, which waits for every api to be healthy', () => {
    const published = Object.entries(services).filter(([, service]) => service.ports !== undefined);
    expect(published.map(([name]) => name)).toEqual(['gateway']);
    expect(services.gateway.ports).toEqual(['${GATEWAY_HOST_PORT:-8080}:8080']);
    expect(services.gateway.depends_on).toEqual(Object.fromEntries(AREAS.map((area) => [`${area}-api`, { condition: 'service_healthy' }])));
    const env = composeEnvironment(services.gateway);
    for (const area of AREAS) expect(env[`${area.toUpperCase()}_UPSTREAM`]).toBe(`${area}-api:8080`);
    expect(services.gateway.volumes).toEqual(
      expect.arrayContaining([
        './gateway/gateway.conf.template:/etc/nginx/templates/default.conf.template:ro',
        './gateway/access-log.conf:/etc/nginx/kyb-access-log.conf:ro',
        `./gateway/index.html:${env.GATEWAY_ROOT}/index.html:ro`,
      ]),
    );
    // The template's server block includes kyb-access-log.conf: in the container, JSON lines on stdout.
    expect(readFileSync(join(DOCKER_DIR, 'gateway', 'access-log.conf'), 'utf8')).toMatch(/^access_log \/dev\/stdout kyb_gateway_json;$/m);
    expect(readFileSync(join(DOCKER_DIR, 'gateway', 'gateway.conf.template'), 'utf8')).toMatch(/^\s*include kyb-access-log\.conf;$/m);
  });
});
