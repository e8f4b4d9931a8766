import { ProviderError } from '../providers.errors';
import { CircuitOpenError, ProviderThrottledError } from './guard.errors';

/** One circuit: an adapter used with one credential (its fingerprint, never the secret). */
export interface CircuitKey {
  adapter: string;
  credential: string;
}

export type CircuitState = 'closed' | 'half-open' | 'open';

/** A circuit as the platform admin and the metrics read it. */
export interface CircuitSnapshot extends CircuitKey {
  /** What the next call meets: an open circuit past its cool-down lets a trial through, so reads half-open. */
  state: CircuitState;
  /** Consecutive vendor failures (reset by any answer). */
  failures: number;
  /** Until when calls are refused without being made; null unless it opened at some point since it last closed. */
  openedUntil: Date | null;
}

/** Circuit breakers of this process, one per adapter and credential. */
export interface CircuitBreakers {
  /** Runs `call` unless the circuit refuses it ({@link CircuitOpenError}); records its outcome. */
  run<T>(key: CircuitKey, call: () => Promise<T>): Promise<T>;
  state(key: CircuitKey): CircuitState;
  snapshot(): CircuitSnapshot[];
  /** Hears every transition as calls make it; answers the unsubscribe. */
  onChange(listener: (circuit: CircuitSnapshot) => void): () => void;
}

export interface CircuitBreakerOptions {
  /** Consecutive transient vendor failures that open a circuit. */
  failureThreshold: number;
  /** How long an open circuit refuses calls before one trial call may go. */
  coolDownMs: number;
  clock: () => Date;
}

interface Circuit extends CircuitKey {
  state: CircuitState;
  failures: number;
  openedUntil: number | null;
  trialRunning: boolean;
}

/** A vendor failure for the breaker: transient, and not our own refusal (which never reached it). */
const vendorFailed = (err: unknown) => err instanceof ProviderError && err.transient && !(err instanceof ProviderThrottledError) && !(err instanceof CircuitOpenError);

/**
 * Circuit breakers kept in this process's memory: each process learns on its own that a vendor is
 * failing (a few more failed calls across processes, no shared state to lose). A circuit opens after
 * `failureThreshold` consecutive transient vendor failures (consecutive, not a rate over a window:
 * one credential's calls are too few for a rate to mean much); open, it refuses calls at once for
 * `coolDownMs`; then it lets one trial call through (half-open, others still refused): an answer
 * closes it, a failure opens it again. Any answer, including a permanent refusal (the vendor is up
 * and said no), resets the count and closes the circuit, even one that arrives late while it is
 * open; errors that are not the vendor's (our rate limit, a bug) change nothing.
 */
export function createCircuitBreakers(options: CircuitBreakerOptions): CircuitBreakers {
  const circuits = new Map<string, Circuit>();
  const listeners = new Set<(circuit: CircuitSnapshot) => void>();
  const now = () => options.clock().getTime();

  const idOf = (key: CircuitKey) => `${key.adapter}\u0000${key.credential}`;
  const circuitOf = (key: CircuitKey): Circuit => {
    const circuit: Circuit = circuits.get(idOf(key)) ?? { adapter: key.adapter, credential: key.credential, state: 'closed', failures: 0, openedUntil: null, trialRunning: false };
    circuits.set(idOf(key), circuit);
    return circuit;
  };
  const seen = (circuit: Circuit): CircuitSnapshot => ({
    adapter: circuit.adapter,
    credential: circuit.credential,
    state: circuit.state === 'open' && now() >= (circuit.openedUntil ?? 0) ? 'half-open' : circuit.state,
    failures: circuit.failures,
    openedUntil: circuit.openedUntil === null ? null : new Date(circuit.openedUntil),
  });
  const move = (circuit: Circuit, state: CircuitState) => {
    if (state === 'open') circuit.openedUntil = now() + options.coolDownMs;
    if (state === 'closed') circuit.openedUntil = null;
    if (circuit.state === state) return;
    circuit.state = state;
    const snapshot = seen(circuit);
    for (const listener of listeners) listener(snapshot);
  };

  /** Refuses the call, or admits it (as the trial when the cool-down is over). Answers whether it is the trial. */
  const admit = (circuit: Circuit): boolean => {
    if (circuit.state === 'closed') return false;
    const until = circuit.openedUntil ?? 0;
    if (circuit.state === 'open' && now() < until) {
      throw new CircuitOpenError(`${circuit.adapter} is failing: calls paused until ${new Date(until).toISOString()}`, until - now());
    }
    if (circuit.trialRunning) throw new CircuitOpenError(`${circuit.adapter} is failing: calls paused while a trial call runs`, null);
    move(circuit, 'half-open');
    circuit.trialRunning = true;
    return true;
  };

  return {
    async run(key, call) {
      const circuit = circuitOf(key);
      const trial = admit(circuit);
      try {
        const answer = await call();
        circuit.failures = 0;
        move(circuit, 'closed');
        return answer;
      } catch (err) {
        if (vendorFailed(err)) {
          circuit.failures += 1;
          // A late failure of a call admitted before the circuit opened does not extend the pause.
          if (trial || (circuit.state === 'closed' && circuit.failures >= options.failureThreshold)) move(circuit, 'open');
        } else if (err instanceof ProviderError && !err.transient) {
          circuit.failures = 0;
          move(circuit, 'closed');
        }
        throw err;
      } finally {
        if (trial) circuit.trialRunning = false;
      }
    },
    state(key) {
      const circuit = circuits.get(idOf(key));
      return circuit ? seen(circuit).state : 'closed';
    },
    snapshot: () => [...circuits.values()].map(seen),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
