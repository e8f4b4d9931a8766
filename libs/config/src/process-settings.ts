import { redisClusterNodesSetting, redisUrlSetting } from './redis-location';
import { oneOf, text, url } from './settings';

/** Pino levels LOG_LEVEL accepts. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The settings every process of the suite reads: where PostgreSQL and Redis are, and how much to log. */
export const processSettings = {
  DATABASE_URL: url({
    description: 'PostgreSQL connection URL',
    protocols: ['postgres:', 'postgresql:'],
    fallback: 'postgres://postgres@127.0.0.1:5432/onboarding',
  }),
  REDIS_URL: redisUrlSetting({
    description: 'Redis URL (queues, rate limits): redis:// or rediss://, or redis+cluster://host:port,host:port for a Redis Cluster',
    fallback: 'redis://127.0.0.1:6379',
  }),
  REDIS_CLUSTER_NODES: redisClusterNodesSetting({
    description: "a Redis Cluster's nodes, host:port comma-separated (REDIS_URL then gives only the credentials and TLS); unset: one Redis",
  }),
  LOG_LEVEL: oneOf({ description: 'pino log level', values: LOG_LEVELS, fallback: 'info' }),
};

/** The settings of an area that verifies the auth area's bearer tokens: where its keys are, their issuer and audience. */
export const verifierSettings = {
  AUTH_JWKS_URL: url({
    description: "the auth area's JWKS, to verify bearer tokens",
    protocols: ['http:', 'https:'],
    fallback: 'http://127.0.0.1:8080/auth/api/v1/.well-known/jwks.json',
  }),
  TOKEN_ISSUER: text({ description: 'the iss claim bearer tokens must carry', fallback: 'kyb-suite-auth' }),
  TOKEN_AUDIENCE: text({ description: 'the aud claim bearer tokens must carry (tokens meant for anything else are refused)', fallback: 'kyb-suite' }),
};
