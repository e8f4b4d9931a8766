import { ConfigError, loadConfig } from './config';
import { recoverySettings } from './recovery-settings';
import { queueConcurrencyVariable, runtimeSettings } from './runtime-settings';
import { flag, integer, key32, oneOf, text, url } from './settings';

const settings = {
  PORT: integer({ description: 'port', fallback: 8080, min: 1, max: 65535 }),
  DATABASE_URL: url({ description: 'PostgreSQL', protocols: ['postgres:', 'postgresql:'] }),
  LOG_LEVEL: oneOf({ description: 'level', values: ['info', 'debug'] as const, fallback: 'info' }),
  ENABLED: flag({ description: 'switch', fallback: false }),
  NAME: text({ description: 'name', fallback: () => 'generated' }),
  KEY: key32({ description: 'key', fallback: Buffer.alloc(32) }),
};

describe('loadConfig', () => {
  it('parses set variables and applies fallbacks for unset or empty ones', () => {
    const config = loadConfig(settings, {
      PORT: '3000',
      DATABASE_URL: 'postgres://db/x',
      LOG_LEVEL: '',
      ENABLED: 'yes',
      KEY: 'ab'.repeat(32),
    });
    expect(config).toEqual({
      PORT: 3000,
      DATABASE_URL: 'postgres://db/x',
      LOG_LEVEL: 'info',
      ENABLED: true,
      NAME: 'generated',
      KEY: Buffer.alloc(32, 0xab),
    });
  });

  it('reports every problem at once, one line each', () => {
    let thrown: unknown;
    try {
      loadConfig(settings, { PORT: '70000', LOG_LEVEL: 'loud', ENABLED: 'maybe', KEY: 'short' });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).problems).toEqual([
      'PORT must be between 1 and 65535, got 70000',
      'DATABASE_URL is required: PostgreSQL',
      'LOG_LEVEL must be one of info, debug, got "loud"',
      'ENABLED must be true or false, got "maybe"',
      'KEY must be 32 bytes, as 64 hex characters or base64',
    ]);
  });

  it('rejects a URL with the wrong scheme and a port that is not a number', () => {
    expect(() => loadConfig(settings, { DATABASE_URL: 'redis://x', PORT: '80a' })).toThrow(
      /PORT must be a whole number[\s\S]*DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//,
    );
  });
});

describe('runtime settings', () => {
  const load = (env: NodeJS.ProcessEnv) => loadConfig(runtimeSettings, env);

  it('default to the all role, the kyb prefix, no trusted proxy, 10 connections, 4 jobs at once, no drain and 25 s to stop', () => {
    expect(load({})).toEqual({
      ROLE: 'all',
      QUEUE_PREFIX: 'kyb',
      TRUST_PROXY: false,
      DB_POOL_MAX: 10,
      WORKER_CONCURRENCY: 4,
      METRICS_PORT: 9464,
      SHUTDOWN_DRAIN_MS: 0,
      SHUTDOWN_GRACE_MS: 25000,
      DB_APP_ROLE: '',
    });
  });

  it('take the drain and grace of a stop in milliseconds, within their bounds', () => {
    expect(load({ SHUTDOWN_DRAIN_MS: '5000', SHUTDOWN_GRACE_MS: '50000' })).toMatchObject({ SHUTDOWN_DRAIN_MS: 5000, SHUTDOWN_GRACE_MS: 50000 });
    expect(() => load({ SHUTDOWN_DRAIN_MS: '-1', SHUTDOWN_GRACE_MS: '10' })).toThrow(
      expect.objectContaining({ problems: ['SHUTDOWN_DRAIN_MS must be between 0 and 120000, got -1', 'SHUTDOWN_GRACE_MS must be between 1000 and 600000, got 10'] }),
    );
  });

  it('read TRUST_PROXY as a switch, a hop count, or addresses, CIDRs and names', () => {
    expect(load({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(load({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(load({ TRUST_PROXY: '10.0.0.0/8, loopback,::1,fd00::/8' }).TRUST_PROXY).toEqual(['10.0.0.0/8', 'loopback', '::1', 'fd00::/8']);
  });

  it('refuse a wrong role, prefix, proxy list or pool size, one line each', () => {
    expect(() => load({ ROLE: 'server', QUEUE_PREFIX: 'a b', TRUST_PROXY: '10.0.0.0/33,gateway', DB_POOL_MAX: '0' })).toThrow(
      expect.objectContaining({
        problems: [
          'ROLE must be one of all, api, worker, migrate, got "server"',
          `QUEUE_PREFIX must be 1 to 64 letters, digits, '.', '_' or '-', got "a b"`,
          'TRUST_PROXY must be true, false, a hop count, or addresses, CIDRs, loopback, linklocal, uniquelocal; got "10.0.0.0/33,gateway"',
          'DB_POOL_MAX must be between 1 and 200, got 0',
        ],
      }),
    );
  });

  it('name the per-queue concurrency variable after the queue', () => {
    expect(queueConcurrencyVariable('report-generation')).toBe('WORKER_CONCURRENCY_REPORT_GENERATION');
  });
});

describe('recovery settings', () => {
  const load = (env: NodeJS.ProcessEnv) => loadConfig(recoverySettings, env);

  it('default to a sweep every minute and records stuck after five minutes', () => {
    expect(load({})).toEqual({ RECOVERY_SWEEP_EVERY_MS: 60000, RECOVERY_STUCK_AFTER_MS: 300000 });
  });

  it('take the short values a fault test sets, and refuse a zero interval or a stuck time under a second', () => {
    expect(load({ RECOVERY_SWEEP_EVERY_MS: '1000', RECOVERY_STUCK_AFTER_MS: '5000' })).toEqual({ RECOVERY_SWEEP_EVERY_MS: 1000, RECOVERY_STUCK_AFTER_MS: 5000 });
    expect(() => load({ RECOVERY_SWEEP_EVERY_MS: '0', RECOVERY_STUCK_AFTER_MS: '999' })).toThrow(
      expect.objectContaining({
        problems: ['RECOVERY_SWEEP_EVERY_MS must be between 100 and 86400000, got 0', 'RECOVERY_STUCK_AFTER_MS must be between 1000 and 604800000, got 999'],
      }),
    );
  });
});
