import { Gauge, type Registry } from 'prom-client';

/** The slice of a Redis client the gauge needs. */
export interface ConfigReader {
  config(subcommand: 'GET', parameter: string): Promise<unknown>;
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
      const answer = await withTimeout(client().then((redis) => redis.config('GET', 'appendonly')), timeoutMs).catch(() => undefined);
      const [, value] = Array.isArray(answer) ? (answer as unknown[]) : [];
      if (value === 'yes' || value === 'no') this.set({ kind: 'aof' }, value === 'yes' ? 1 : 0);
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
