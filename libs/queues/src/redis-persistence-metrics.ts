import { Gauge, type Registry } from 'prom-client';

/** The slice of a Redis client the gauge needs. */
export interface ConfigReader {
  config(subcommand: 'GET', parameter: string): Promise<unknown>;
}

/** A cluster client's masters, when the reader is one (ioredis `Cluster`). */
function mastersOf(reader: ConfigReader): ConfigReader[] {
  const cluster = reader as ConfigReader & { isCluster?: boolean; nodes?: (role: 'master') => ConfigReader[] };
  return cluster.isCluster === true && typeof cluster.nodes === 'function' ? cluster.nodes('master') : [reader];
}

/**
 * Whether the Redis keeps an append-only file (`CONFIG GET appendonly`): `yes`, `no`, or undefined
 * when it refuses CONFIG. In a cluster every master is asked (a command without a key would reach
 * one node at random): `yes` only when each keeps one, `no` when any does not.
 */
export async function appendOnlyOf(reader: ConfigReader): Promise<'yes' | 'no' | undefined> {
  const answers = await Promise.all(
    mastersOf(reader).map(async (node) => {
      const answer = await node.config('GET', 'appendonly').catch(() => undefined);
      const [, value] = Array.isArray(answer) ? (answer as unknown[]) : [];
      return value === 'yes' || value === 'no' ? value : undefined;
    }),
  );
  if (answers.includes('no')) return 'no';
  return answers.length > 0 && answers.every((value) => value === 'yes') ? 'yes' : undefined;
}

/**
 * Registers `kyb_redis_persistence_enabled{kind="aof"}`: 1 when the Redis of the queues keeps an append-only file, 0
 * when it does not (then a Redis restart loses every queued job until the recovery sweepers find
 * the work in PostgreSQL), read with `CONFIG GET appendonly` at each scrape. A Redis that refuses
 * CONFIG (some managed ones) or does not answer within `timeoutMs` is left out of that scrape.
 * (Labelled so that it can be absent: prom-client always prints an unlabelled gauge, as 0.)
 */
export function createRedisPersistenceGauge(registry: Registry, client: () => Promise<ConfigReader>, timeoutMs: number): Gauge<'kind'> {
  return new Gauge({
    name: 'kyb_redis_persistence_enabled',
    help: 'Whether the Redis of the queues keeps an append-only file (kind aof: 1 yes, 0 no), read with CONFIG GET at scrape time; absent when CONFIG is refused',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const value = await withTimeout(client().then(appendOnlyOf), timeoutMs).catch(() => undefined);
      if (value) this.set({ kind: 'aof' }, value === 'yes' ? 1 : 0);
    },
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
