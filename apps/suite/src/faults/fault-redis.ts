import IORedis from 'ioredis';
import { freePort, type ProcessGroup, type StartedProcess } from '@kyb/testing';

/** A redis-server the fault test owns: it can be stopped and started again, empty, on the same port. */
export interface OwnRedis {
  readonly url: string;
  /** Stops the server, leaves it down for `downMs`, and starts it again with nothing in it. */
  restart(downMs: number): Promise<void>;
  /**
   * Job ids in any of `states` right now under `prefix`, keyed `<queue>:<state>` (BullMQ's
   * `<prefix>:<queue>:<state>` lists); empty lists left out.
   */
  jobsIn(states: Array<'active' | 'wait'>, prefix: string, queues: string[]): Promise<Record<string, string[]>>;
}

/**
 * Starts `redis-server` on a free port without persistence (`--save ""`, no AOF), as our
 * machines run it: a restart comes back empty. Never the shared Redis on 6379.
 */
export async function startOwnRedis(processes: ProcessGroup): Promise<OwnRedis> {
  const port = await freePort();
  const start = async (): Promise<StartedProcess> => {
    const server = processes.spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    await server.waitFor(/Ready to accept connections/, 15_000);
    return server;
  };
  let server = await start();
  const url = `redis://127.0.0.1:${port}`;
  return {
    url,
    async restart(downMs) {
      // SIGKILL, as a crashed or rebooted node: no shutdown courtesy for the clients.
      await server.stop('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, downMs));
      server = await start();
    },
    async jobsIn(states, prefix, queues) {
      const client = new IORedis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
      try {
        await client.connect();
        const keys = queues.flatMap((queue) => states.map((state) => `${queue}:${state}`));
        const lists = await Promise.all(keys.map((key) => client.lrange(`${prefix}:${key}`, 0, -1)));
        return Object.fromEntries(keys.map((key, i) => [key, lists[i]] as const).filter(([, ids]) => ids.length > 0));
      } finally {
        client.disconnect();
      }
    },
  };
}
