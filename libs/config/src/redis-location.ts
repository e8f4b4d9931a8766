import type { Setting } from './config';

/** One node of a Redis Cluster, as the client first reaches it. */
export interface RedisNode {
  host: string;
  port: number;
}

/** A Redis Cluster: the nodes to start from (the client discovers the rest) and how to sign in. */
export interface RedisClusterLocation {
  nodes: RedisNode[];
  username?: string;
  password?: string;
  tls: boolean;
}

const CLUSTER_URL = /^(rediss?)\+cluster:\/\/(?:([^@/?#]*)@)?([^/?#]+)\/?(?:[?#].*)?$/;

/** Whether `url` names a Redis Cluster (`redis+cluster://` or `rediss+cluster://`). */
export function isRedisClusterUrl(url: string): boolean {
  return /^rediss?\+cluster:/.test(url);
}

/** `host:port,host:port` (IPv6 in brackets) as nodes; throws naming the entry that is not one. */
export function parseRedisNodes(list: string): RedisNode[] {
  const entries = list.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => entry === '')) throw new Error(`must be host:port entries separated by commas, got "${list}"`);
  return entries.map((entry) => {
    let parsed: URL;
    try {
      parsed = new URL(`redis://${entry}`);
    } catch {
      throw new Error(`must be host:port entries separated by commas, got "${entry}"`);
    }
    if (!parsed.port || parsed.pathname !== '' || parsed.username || `${parsed.host}` !== entry.toLowerCase()) {
      throw new Error(`must be host:port entries separated by commas, got "${entry}"`);
    }
    return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(parsed.port) };
  });
}

/** The cluster a `redis+cluster://[user:password@]host:port,host:port` URL names. */
export function parseRedisClusterUrl(url: string): RedisClusterLocation {
  const match = CLUSTER_URL.exec(url);
  if (!match) throw new Error('must be redis+cluster://[user:password@]host:port,host:port');
  const [, scheme, userinfo, hosts] = match;
  // The credentials are read as a URL reads them (percent-decoded), on the first node.
  const signIn = userinfo === undefined ? undefined : new URL(`redis://${userinfo}@localhost`);
  return {
    nodes: parseRedisNodes(hosts),
    username: signIn?.username ? decodeURIComponent(signIn.username) : undefined,
    password: signIn?.password ? decodeURIComponent(signIn.password) : undefined,
    tls: scheme === 'rediss',
  };
}

/**
 * The one Redis URL a process connects with: `REDIS_URL` as it is, or, when `REDIS_CLUSTER_NODES`
 * lists a cluster's nodes, a `redis+cluster://` URL of those nodes with `REDIS_URL`'s credentials
 * and TLS (its host is then not used).
 */
export function redisUrlOf(redisUrl: string, clusterNodes: string | undefined): string {
  if (!clusterNodes) return redisUrl;
  const cluster = isRedisClusterUrl(redisUrl) ? parseRedisClusterUrl(redisUrl) : undefined;
  const plain = cluster ? undefined : new URL(redisUrl);
  const tls = cluster ? cluster.tls : plain?.protocol === 'rediss:';
  const userinfo = cluster
    ? [cluster.username, cluster.password].some(Boolean) && `${encodeURIComponent(cluster.username ?? '')}:${encodeURIComponent(cluster.password ?? '')}`
    : plain && (plain.username || plain.password) && `${plain.username}:${plain.password}`;
  const nodes = parseRedisNodes(clusterNodes)
    .map((node) => `${node.host.includes(':') ? `[${node.host}]` : node.host}:${node.port}`)
    .join(',');
  return `${tls ? 'rediss' : 'redis'}+cluster://${userinfo ? `${userinfo}@` : ''}${nodes}`;
}

/** `REDIS_URL`: one Redis (`redis://`, `rediss://`) or a cluster (`redis+cluster://`, `rediss+cluster://`). */
export function redisUrlSetting(options: { description: string; fallback: string }): Setting<string> {
  return {
    ...options,
    parse(raw) {
      if (isRedisClusterUrl(raw)) {
        parseRedisClusterUrl(raw);
        return raw;
      }
      let parsed: URL;
      try {
        parsed = new URL(raw);
      } catch {
        throw new Error('must be a URL');
      }
      if (!['redis:', 'rediss:'].includes(parsed.protocol)) throw new Error('must start with redis:// or rediss:// (or redis+cluster:// for a Redis Cluster)');
      return raw;
    },
  };
}

/** `REDIS_CLUSTER_NODES`: a cluster's `host:port` nodes, comma-separated; empty for one Redis. */
export function redisClusterNodesSetting(options: { description: string }): Setting<string> {
  return {
    ...options,
    fallback: '',
    parse(raw) {
      parseRedisNodes(raw);
      return raw;
    },
  };
}
