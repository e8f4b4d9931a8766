/**
 * What a load balancer does during a rolling restart, small enough for a test: it polls each
 * backend's `/readyz` every `pollMs` and sends each request to the next backend that last answered
 * ready. Every answer, and every request that failed without one, is recorded.
 */
export interface RollingBalancer {
  /** Sends one request to a ready backend; resolves with its status (0: no answer at all). */
  send(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<number>;
  /** Requests that got no 2xx: what was sent, to which backend, and what came back. */
  readonly failures: string[];
  /** How many requests were answered 2xx. */
  readonly succeeded: number;
  /** Whether `base` answered ready at the last poll. */
  isReady(base: string): boolean;
  close(): void;
}

/**
 * Starts polling `backends` (base URLs such as `http://127.0.0.1:8080`). Like a load balancer's
 * health check, a backend leaves the rotation at once when it answers not ready, and only after
 * three polls in a row without an answer (a busy machine may be slow to answer one).
 */
export function createRollingBalancer(backends: string[], pollMs = 100): RollingBalancer {
  const ready = new Map(backends.map((base) => [base, false]));
  const unanswered = new Map(backends.map((base) => [base, 0]));
  const poll = async () => {
    await Promise.all(
      backends.map(async (base) => {
        const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
        await res?.arrayBuffer();
        unanswered.set(base, res ? 0 : (unanswered.get(base) ?? 0) + 1);
        if (res) ready.set(base, res.status === 200);
        else if ((unanswered.get(base) ?? 0) >= 3) ready.set(base, false);
      }),
    );
  };
  // One poll at a time, so that a late answer never overrides a newer one.
  let polling = true;
  void (async () => {
    while (polling) {
      await poll();
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  })();
  /** A ready backend, waiting (up to 10 s) while none is. */
  const readyBackends = async (): Promise<string[]> => {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, pollMs))) {
      const candidates = backends.filter((base) => ready.get(base));
      if (candidates.length > 0) return candidates;
    }
    throw new Error('no backend was ready for 10 s');
  };
  const failures: string[] = [];
  let succeeded = 0;
  let next = 0;
  return {
    failures,
    get succeeded() {
      return succeeded;
    },
    isReady: (base) => ready.get(base) === true,
    async send(method, path, options = {}) {
      const candidates = await readyBackends();
      const base = candidates[next++ % candidates.length];
      const headers: Record<string, string> = {};
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      try {
        const res = await fetch(`${base}${path}`, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await res.text();
        if (res.status >= 200 && res.status < 300) succeeded++;
        else failures.push(`${method} ${base}${path} answered ${res.status}: ${text.slice(0, 300)}`);
        return res.status;
      } catch (err) {
        failures.push(`${method} ${base}${path} got no answer: ${(err as Error).message} (${String((err as { cause?: unknown }).cause ?? '')})`);
        return 0;
      }
    },
    close: () => {
      polling = false;
    },
  };
}
