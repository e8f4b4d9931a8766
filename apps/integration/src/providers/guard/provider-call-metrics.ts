import { Histogram, type Registry } from 'prom-client';
import type { ProviderCallObservation } from './guarded-call';

/** The outcomes of a guarded provider call, as `kyb_provider_call_duration_seconds` labels them. */
export const PROVIDER_CALL_OUTCOMES = ['ok', 'cached', 'failed', 'circuit_open', 'throttled'] as const;

/** The provider call instruments: fed by the guard from its creation, exported once registered. */
export interface ProviderCallMetrics {
  /** Records one guarded call (the guard's `onCall`). */
  observe(call: ProviderCallObservation): void;
  /** Adds the instruments to a process's registry (once per registry). */
  register(registry: Registry): void;
}

/** Buckets from a cached answer (under 5 ms) to a slow vendor with its retries (a minute). */
const BUCKETS = [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * `kyb_provider_call_duration_seconds{adapter,outcome}`: every guarded provider call as its caller
 * saw it, retries and rate-limit waits included, by adapter and outcome (`ok`, `cached`, `failed`,
 * `circuit_open`: refused by an open circuit, `throttled`: our own rate limit spent); its `_count`
 * is the number of calls. Adapters and outcomes are fixed in code: no customer, credential or
 * query in the labels. Made before the process's registry exists (the guard is wired first), so
 * calls before `register` are counted too.
 */
export function createProviderCallMetrics(): ProviderCallMetrics {
  const duration = new Histogram({
    name: 'kyb_provider_call_duration_seconds',
    help: 'Guarded provider calls as their caller saw them (retries and rate-limit waits included), by adapter and outcome (ok, cached, failed, circuit_open, throttled)',
    labelNames: ['adapter', 'outcome'] as const,
    buckets: BUCKETS,
    registers: [],
  });
  return {
    observe: ({ adapter, outcome, seconds }) => duration.observe({ adapter, outcome }, seconds),
    register: (registry) => registry.registerMetric(duration),
  };
}
