import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import IORedis from 'ioredis';
import { eventually, freePort, type ProcessGroup, type StartedProcess } from '@kyb/testing';

/** One master of the test's cluster: its port and the directory of its nodes.conf and append-only file. */
export interface ClusterNode {
  readonly port: number;
  readonly dir: string;
  /** The redis-server running now (a new one after each restart). */
  readonly server: StartedProcess;
}

/** A 3-master Redis Cluster this test owns, on free ports, in temporary directories. */
export interface OwnCluster {
  readonly nodes: ClusterNode[];
  /** `host:port,host:port,host:port`: what REDIS_CLUSTER_NODES takes. */
  readonly nodeList: string;
  /** The master that serves the slot of `key` now. */
  masterOf(key: string): Promise<ClusterNode>;
  /** SIGKILLs `node`'s redis-server (a crashed node: no courtesy to its clients) and waits until the other masters mark the cluster failed. */
  kill(node: ClusterNode): Promise<void>;
  /** Starts `node` again on its port, from its nodes.conf and append-only file, and waits until every master says the cluster is ok. */
  restart(node: ClusterNode): Promise<void>;
  /** Stops every server and removes the directories. */
  stop(): Promise<void>;
}

/** Asks one node, on a connection of its own that gives up at once when the node is gone (then: undefined). */
export async function ask<T>(port: number, command: (redis: IORedis) => Promise<T>): Promise<T | undefined> {
  const redis = new IORedis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return await command(redis);
  } catch {
    return undefined;
  } finally {
    redis.disconnect();
  }
}

const clusterState = (port: number) => ask(port, async (redis) => /cluster_state:(\w+)/.exec(String(await redis.cluster('INFO')))?.[1]);

/**
 * Three `redis-server --cluster-enabled yes` on free ports (and free cluster-bus ports), each with
 * an append-only file as a production cluster keeps, joined by `redis-cli --cluster create` with
 * no replicas. A node that stops being reached is marked failed after 2 s (`cluster-node-timeout`),
 * so a killed master puts the cluster in its failed state while the test waits.
 */
export async function startOwnCluster(processes: ProcessGroup): Promise<OwnCluster> {
  const start = async (port: number, busPort: number, dir: string): Promise<StartedProcess> => {
    const server = processes.spawn('redis-server', [
      '--port', String(port), '--cluster-port', String(busPort), '--bind', '127.0.0.1', '--dir', dir,
      '--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-node-timeout', '2000',
      '--appendonly', 'yes', '--save', '',
    ]);
    await server.waitFor(/Ready to accept connections/, 15_000);
    return server;
  };
  const nodes: Array<{ port: number; busPort: number; dir: string; server: StartedProcess }> = [];
  for (let i = 0; i < 3; i++) {
    const [port, busPort] = [await freePort(), await freePort()];
    const dir = mkdtempSync(join(tmpdir(), `kyb-cluster-${port}-`));
    nodes.push({ port, busPort, dir, server: await start(port, busPort, dir) });
  }
  const nodeList = nodes.map((n) => `127.0.0.1:${n.port}`).join(',');
  const create = processes.spawn('redis-cli', ['--cluster', 'create', ...nodeList.split(','), '--cluster-replicas', '0', '--cluster-yes']);
  if ((await create.exited) !== 0) throw new Error(`redis-cli --cluster create failed:\n${create.output()}`);
  const allOk = () => eventually(async () => ((await Promise.all(nodes.map((n) => clusterState(n.port)))).every((s) => s === 'ok') ? true : undefined), 30_000);
  await allOk();

  return {
    nodes,
    nodeList,
    async masterOf(key) {
      const found = await ask(nodes[0].port, async (redis) => {
        const slot = Number(await redis.cluster('KEYSLOT', key));
        const ranges = await redis.cluster('SLOTS');
        return ranges.find(([from, to]) => slot >= from && slot <= to)?.[2][1];
      });
      const node = nodes.find((n) => n.port === found);
      if (!node) throw new Error(`no master of ${key} found`);
      return node;
    },
    async kill(node) {
      await node.server.stop('SIGKILL');
      const others = nodes.filter((n) => n !== node);
      await eventually(async () => ((await Promise.all(others.map((n) => clusterState(n.port)))).every((s) => s === 'fail') ? true : undefined), 30_000);
    },
    async restart(node) {
      const entry = nodes.find((n) => n === node);
      if (!entry) throw new Error('not a node of this cluster');
      entry.server = await start(entry.port, entry.busPort, entry.dir);
      await allOk();
    },
    async stop() {
      await Promise.all(nodes.map((n) => n.server.stop('SIGTERM', 5000)));
      for (const n of nodes) rmSync(n.dir, { recursive: true, force: true });
    },
  };
}
