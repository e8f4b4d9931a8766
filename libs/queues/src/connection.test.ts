import { clusterSafePrefix, clusterOptions } from './connection';

describe('the suite\'s key prefix on one Redis and on a cluster', () => {
  it('stays as it is on one Redis, so a running deployment\'s keys and jobs in flight stay where they are', () => {
    expect(clusterSafePrefix('kyb', 'redis://127.0.0.1:6379')).toBe('kyb');
    expect(clusterSafePrefix('kyb', 'rediss://cache:6380')).toBe('kyb');
  });

  it('becomes a hash tag on a cluster, so every key of the suite (each BullMQ script, each MULTI) is in one slot', () => {
    expect(clusterSafePrefix('kyb', 'redis+cluster://a:7000,b:7000')).toBe('{kyb}');
    expect(clusterSafePrefix('kyb-eu', 'rediss+cluster://a:7000')).toBe('{kyb-eu}');
  });
});

describe('a cluster client\'s options', () => {
  it('give each node the role\'s settings and the URL\'s credentials and TLS; a producer\'s commands time out', () => {
    const producer = clusterOptions('rediss+cluster://app:secret@a:7000', 'producer');
    expect(producer.redisOptions).toEqual({ maxRetriesPerRequest: 1, connectTimeout: 5000, commandTimeout: 5000, username: 'app', password: 'secret', tls: {} });
    const worker = clusterOptions('redis+cluster://a:7000', 'worker');
    expect(worker.enableOfflineQueue).toBe(true);
    // BullMQ refuses a worker whose connection gives up on a command.
    expect(worker.redisOptions).toEqual({ maxRetriesPerRequest: null, enableReadyCheck: true, username: undefined, password: undefined });
  });
});
