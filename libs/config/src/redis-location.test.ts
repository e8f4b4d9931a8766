import { ConfigError, loadConfig } from './config';
import { processSettings } from './process-settings';
import { isRedisClusterUrl, parseRedisClusterUrl, parseRedisNodes, redisUrlOf } from './redis-location';

const redisOf = (env: NodeJS.ProcessEnv) => loadConfig({ REDIS_URL: processSettings.REDIS_URL, REDIS_CLUSTER_NODES: processSettings.REDIS_CLUSTER_NODES }, env);

describe('REDIS_URL and REDIS_CLUSTER_NODES', () => {
  it('default to the one Redis on localhost, no cluster', () => {
    expect(redisOf({})).toEqual({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_CLUSTER_NODES: '' });
    expect(redisUrlOf('redis://127.0.0.1:6379', '')).toBe('redis://127.0.0.1:6379');
  });

  it('accept a single Redis, with TLS, and a redis+cluster:// URL', () => {
    for (const url of ['redis://:pw@cache:6380/2', 'rediss://cache:6380', 'redis+cluster://10.0.0.1:7000,10.0.0.2:7000', 'rediss+cluster://u:p@a:1,b:2/']) {
      expect(redisOf({ REDIS_URL: url }).REDIS_URL).toBe(url);
    }
  });

  it('refuse another scheme, a cluster URL without ports, and a node list with a gap, one line each', () => {
    expect(() => redisOf({ REDIS_URL: 'http://cache:6379', REDIS_CLUSTER_NODES: 'a:1,,b:2' })).toThrow(ConfigError);
    try {
      redisOf({ REDIS_URL: 'http://cache:6379', REDIS_CLUSTER_NODES: 'a:1,,b:2' });
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        'REDIS_URL must start with redis:// or rediss:// (or redis+cluster:// for a Redis Cluster)',
        'REDIS_CLUSTER_NODES must be host:port entries separated by commas, got "a:1,,b:2"',
      ]);
    }
    expect(() => redisOf({ REDIS_URL: 'redis+cluster://a,b' })).toThrow('REDIS_URL must be host:port entries separated by commas, got "a"');
    expect(() => redisOf({ REDIS_CLUSTER_NODES: 'a:1/x' })).toThrow('REDIS_CLUSTER_NODES must be host:port entries separated by commas, got "a:1/x"');
  });
});

describe('the cluster a URL names', () => {
  it('reads the nodes (IPv6 in brackets), percent-decoded credentials and TLS', () => {
    expect(parseRedisClusterUrl('rediss+cluster://app:p%40ss@redis-0.redis:6379,[::1]:7001')).toEqual({
      nodes: [
        { host: 'redis-0.redis', port: 6379 },
        { host: '::1', port: 7001 },
      ],
      username: 'app',
      password: 'p@ss',
      tls: true,
    });
    expect(parseRedisClusterUrl('redis+cluster://127.0.0.1:7000')).toEqual({ nodes: [{ host: '127.0.0.1', port: 7000 }], username: undefined, password: undefined, tls: false });
    expect(isRedisClusterUrl('redis://127.0.0.1:6379')).toBe(false);
    expect(parseRedisNodes(' a:1 , b:2')).toEqual([
      { host: 'a', port: 1 },
      { host: 'b', port: 2 },
    ]);
  });

  it('REDIS_CLUSTER_NODES takes the nodes and keeps REDIS_URL only for its credentials and TLS', () => {
    expect(redisUrlOf('redis://127.0.0.1:6379', 'r-0:7000,r-1:7000')).toBe('redis+cluster://r-0:7000,r-1:7000');
    expect(redisUrlOf('rediss://:s%3Acret@ignored:6379', 'r-0:7000')).toBe('rediss+cluster://:s%3Acret@r-0:7000');
    expect(parseRedisClusterUrl(redisUrlOf('rediss://:s%3Acret@ignored:6379', 'r-0:7000')).password).toBe('s:cret');
    expect(redisUrlOf('redis+cluster://u:p@old:1', '[::1]:7000')).toBe('redis+cluster://u:p@[::1]:7000');
  });
});
