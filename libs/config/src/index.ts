/**
 * Environment configuration, validated once at start-up with one clear line per problem.
 * @packageDocumentation
 */
export { ConfigError, loadConfig } from './config';
export type { Setting } from './config';
export { flag, integer, key32, key32List, oneOf, previousMasterKeysSetting, text, trustProxy, url } from './settings';
export { LOG_LEVELS, processSettings, verifierSettings } from './process-settings';
export { recoverySettings } from './recovery-settings';
export { isRedisClusterUrl, parseRedisClusterUrl, redisUrlOf } from './redis-location';
export type { RedisClusterLocation, RedisNode } from './redis-location';
export { PROCESS_ROLES, queueConcurrencySetting, queueConcurrencyVariable, runtimeSettings } from './runtime-settings';
export type { ProcessRole } from './runtime-settings';
