import { ProviderError } from '../providers/providers.errors';
import { createSandboxScreeningProvider } from './sandbox-screening.provider';
import type { ScreeningProvider } from '../providers/screening.provider';

/**
 * The sandbox, except that while `hold` is set every screening waits for it to be released, and a
 * business named 'Refused ...' is refused for good (a permanent provider failure).
 */
export function heldSandbox() {
  const sandbox = createSandboxScreeningProvider({ delayMs: 0 });
  const state: { hold: { promise: Promise<void>; release(): void } | null } = { hold: null };
  const provider: ScreeningProvider = {
    name: sandbox.name,
    checkConnection: (credentials) => sandbox.checkConnection(credentials),
    async screen(input) {
      await state.hold?.promise;
      if (input.business.name.startsWith('Refused')) throw new ProviderError('The screening network refused the inquiry.', { transient: false });
      return sandbox.screen(input);
    },
  };
  const hold = () => {
    let release: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => (release = resolve));
    state.hold = { promise, release };
  };
  const release = () => {
    state.hold?.release();
    state.hold = null;
  };
  return { provider, hold, release };
}
