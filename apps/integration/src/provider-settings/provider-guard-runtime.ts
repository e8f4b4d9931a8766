import type { Registry } from 'prom-client';
import { dataKeyScope, type DataKeys } from '@kyb/area-views';
import type { Redis } from '@kyb/queues';
import { createAnswerCache } from '../providers/guard/answer-cache';
import { createCircuitBreakers } from '../providers/guard/circuit-breaker';
import { createCircuitStateGauge } from '../providers/guard/circuit-metrics';
import { createProviderCallMetrics } from '../providers/guard/provider-call-metrics';
import { createProviderGuard, type ProviderUsageEvent } from '../providers/guard/guarded-call';
import { createTokenBucket } from '../providers/guard/token-bucket';
import { VENDOR_RATE_LIMITS, type VendorRateLimit } from './provider-rate-limits';

/**
 * How long a vendor's answer is kept, per capability. Registry: a day, since a filing's status
 * changes (a dissolution, a reinstatement) and a day-old status is as good as onboarding needs,
 * while monitoring's re-enrichments (weekly at the most often) always ask again. Address: 30 days,
 * since USPS's delivery point data, which Smarty reads, changes monthly. TIN: 30 days, since the
 * IRS's name for a TIN almost never changes and each match is billed. A capability not listed
 * (merchant screening) is never cached: each screening must ask MATCH again.
 */
export const ANSWER_TTL_SECONDS: Readonly<Record<string, number>> = { registry: 86_400, address: 2_592_000, tin: 2_592_000 };

/** The guard's knobs a deployment or a test may change; the rest are the defaults below. */
export interface ProviderGuardSettings {
  /** Limits per adapter that replace {@link VENDOR_RATE_LIMITS}' (`PROVIDER_RATE_LIMITS`). */
  rateLimits?: Readonly<Record<string, VendorRateLimit>>;
  /** Consecutive transient vendor failures that open a credential's circuit (default 5). */
  failureThreshold?: number;
  /** How long an open circuit refuses calls (default 30 s). */
  coolDownMs?: number;
}

export interface ProviderGuardRuntimeOptions {
  /** A fail-fast connection (the area's producer connection) and the area's key prefix. */
  redis: Redis;
  redisPrefix?: string;
  /** Seals cached answers for their tenant and keys the hash of its queries. */
  dataKeys: Pick<DataKeys, 'boxFor'>;
  /** Meters each vendor call made. */
  usage: { record(event: ProviderUsageEvent): Promise<void> };
  settings?: ProviderGuardSettings;
  clock: () => Date;
  logger: { warn(details: object, message: string): void };
}

/**
 * The guard of every real adapter call, with its parts: circuit breakers per adapter and
 * credential in this process's memory (a process finds a vendor's outage on its own: a few more
 * failed calls in all); a token bucket per credential in Redis, shared by every process; the
 * answer cache in Redis, each value sealed with its tenant's data key and keyed by a hash under
 * that key, so an erased tenant's answers (its key destroyed) neither open nor can be found. The
 * breakers' state is read by the admin route and, once `registerMetrics` ran, by `/metrics`.
 */
export function createProviderGuardRuntime(options: ProviderGuardRuntimeOptions) {
  const { redis, clock, logger } = options;
  const prefix = options.redisPrefix ?? 'kyb';
  const breakers = createCircuitBreakers({ failureThreshold: options.settings?.failureThreshold ?? 5, coolDownMs: options.settings?.coolDownMs ?? 30_000, clock });
  const limits = { ...VENDOR_RATE_LIMITS, ...options.settings?.rateLimits };
  const rateLimits = Object.fromEntries(
    Object.entries(limits).map(([adapter, limit]) => [adapter, createTokenBucket({ redis, prefix, capacity: limit.burst, refillPerSecond: limit.perMinute / 60, clock })]),
  );
  const calls = createProviderCallMetrics();
  const boxOf = (customerId: string) => options.dataKeys.boxFor(dataKeyScope(customerId));
  const cache = createAnswerCache({
    redis,
    prefix,
    ttlSeconds: ANSWER_TTL_SECONDS,
    seal: async (customerId, text) => (await boxOf(customerId)).seal(text),
    // The tenant's own box: a value sealed with any other key (another tenant's) does not open.
    open: async (customerId, sealed) => (await boxOf(customerId)).open(sealed),
    hashQuery: async (customerId, text) => (await boxOf(customerId)).lookupHash(text),
    onError: (err) => logger.warn({ errorName: err instanceof Error ? err.name : typeof err }, 'a provider answer could not be read from or kept in the cache'),
  });
  const guard = createProviderGuard({
    breakers,
    rateLimits,
    maxRateWaitMs: 2000,
    cache,
    retry: { attempts: 3, baseDelayMs: 250, maxDelayMs: 5000 },
    clock,
    onUsage: (call) => options.usage.record(call),
    onCall: calls.observe,
    onError: (err) => logger.warn({ errorName: err instanceof Error ? err.name : typeof err }, 'a provider call went on without its usage count or rate limit'),
  });
  return {
    guard,
    breakers,
    /** Adds `kyb_provider_circuit_state` and `kyb_provider_call_duration_seconds` to the process's registry (once per registry). */
    registerMetrics: (registry: Registry) => {
      createCircuitStateGauge(registry, breakers);
      calls.register(registry);
    },
  };
}

/** The provider guard and its breakers, as the area wires them. */
export type ProviderGuardRuntime = ReturnType<typeof createProviderGuardRuntime>;
