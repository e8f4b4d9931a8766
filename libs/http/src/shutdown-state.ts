/**
 * Whether the process is stopping: set once on SIGTERM/SIGINT, read by `/readyz` (which then
 * answers 503 so the load balancer takes the process out) and by every response (which then asks
 * the client to close its keep-alive connection, so its next request opens one elsewhere).
 */
export interface ShutdownState {
  readonly stopping: boolean;
  begin(): void;
}

/** A fresh state: not stopping. */
export function createShutdownState(): ShutdownState {
  let stopping = false;
  return {
    get stopping() {
      return stopping;
    },
    begin() {
      stopping = true;
    },
  };
}
