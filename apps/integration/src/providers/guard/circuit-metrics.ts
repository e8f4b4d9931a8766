import { Gauge, type Registry } from 'prom-client';
import type { CircuitBreakers, CircuitState } from './circuit-breaker';

/** The gauge's value of each state. */
export const CIRCUIT_STATE_VALUES: Readonly<Record<CircuitState, number>> = { closed: 0, 'half-open': 1, open: 2 };

/**
 * Registers `kyb_provider_circuit_state{adapter,credential}` on `registry` (0 closed, 1 half-open,
 * 2 open), read from this process's breakers at each scrape, so an open circuit past its cool-down
 * reads half-open without a call having moved it. `credential` is the credentials' fingerprint,
 * never a secret. Call it once per registry: prom-client refuses a second registration of the name.
 */
export function createCircuitStateGauge(registry: Registry, breakers: CircuitBreakers): Gauge<'adapter' | 'credential'> {
  return new Gauge({
    name: 'kyb_provider_circuit_state',
    help: "State of each provider adapter and credential's circuit breaker in this process: 0 closed, 1 half-open, 2 open",
    labelNames: ['adapter', 'credential'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const circuit of breakers.snapshot()) this.set({ adapter: circuit.adapter, credential: circuit.credential }, CIRCUIT_STATE_VALUES[circuit.state]);
    },
  });
}
