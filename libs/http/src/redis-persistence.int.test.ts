import { createRedisConnection } from '@kyb/queues';
import { warnWithoutRedisPersistence } from './redis-persistence';

/** A logger that keeps what it was told to warn about. */
function recordingLogger() {
  const warnings: string[] = [];
  const logger = { warn: (_obj: object, msg: string) => void warnings.push(msg) } as unknown as Parameters<typeof warnWithoutRedisPersistence>[1];
  return { logger, warnings };
}

describe('warnWithoutRedisPersistence', () => {
  const redis = createRedisConnection(process.env.KYB_TEST_REDIS_URL as string, 'producer');
  afterAll(() => redis.disconnect());

  it('warns when Redis keeps no append-only file, and says what it costs', async () => {
    const { logger, warnings } = recordingLogger();
    await warnWithoutRedisPersistence(redis, logger);
    const [, appendonly] = (await redis.config('GET', 'appendonly')) as string[];
    // The test Redis of CI runs without persistence (--appendonly no); a test container may differ.
    expect(warnings).toEqual(appendonly === 'no' ? [expect.stringContaining('a Redis restart loses queued jobs')] : []);
  });

  it('says nothing when Redis refuses CONFIG, as some managed ones do', async () => {
    const refusing = { status: 'ready', config: () => Promise.reject(new Error("ERR unknown command 'CONFIG'")) } as unknown as typeof redis;
    const { logger, warnings } = recordingLogger();
    await warnWithoutRedisPersistence(refusing, logger);
    expect(warnings).toEqual([]);
  });

  it('says nothing when the append-only file is on', async () => {
    const persistent = { status: 'ready', config: () => Promise.resolve(['appendonly', 'yes']) } as unknown as typeof redis;
    const { logger, warnings } = recordingLogger();
    await warnWithoutRedisPersistence(persistent, logger);
    expect(warnings).toEqual([]);
  });
});
